import { afterAll, beforeAll, describe, it } from 'vitest';
import { ADAPTERS, CALLS_HEADER, rowPath } from './runtimes/conformance-app.js';
import { checkAnswer } from './support/check-answer.js';
import type { Calls } from './support/row.js';
import { senderSuites, type SenderRow } from './support/senders.js';
import { runtimes, type RunningServer } from './support/runtimes.js';
import { fromResponse, toRequestInit, type TestRequest, type TestResponse } from './support/test-request.js';

// The conformance rows of every sender on every runtime the core claims: each runtime serves every
// row on the core Web handler and the Hono adapter (runtimes/conformance-app.ts); the rows are sent
// over fetch, signed here where the sender's rows say so.
describe.each(runtimes)('$name', (runtime) => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await runtime.start();
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });

  async function send(path: string, request: TestRequest): Promise<{ response: TestResponse; calls: Calls }> {
    const raw = await fetchWithRetry(server.baseUrl + path, request);
    const header = raw.headers.get(CALLS_HEADER);
    if (header === null) throw new Error(`no ${CALLS_HEADER} header: ${raw.status} ${await raw.text()}`);
    return { response: await fromResponse(raw), calls: JSON.parse(decodeURIComponent(header)) as Calls };
  }

  // A receiver stops reading a chunked body once it passes the limit and answers 413; workerd then
  // closes the connection. If that beats the client's last write, fetch fails with EPIPE before it
  // reads the answer; if fetch's pool reuses that socket for the next request, with ECONNRESET
  // before the request was read. The receiver is right both times; the race is the client's, so
  // send again, a little later each time: on a loaded machine five immediate attempts all lost it
  // once. (A retry that the server had processed would show: calls are checked per request.)
  async function fetchWithRetry(url: string, request: TestRequest, attempts = 10): Promise<Response> {
    try {
      return await fetch(url, toRequestInit(request));
    } catch (error) {
      const code = (error as { cause?: { code?: unknown } }).cause?.code;
      if (attempts <= 1 || (code !== 'EPIPE' && code !== 'ECONNRESET')) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20 * (11 - attempts)));
      return fetchWithRetry(url, request, attempts - 1);
    }
  }

  describe.each(senderSuites)('$sender', ({ sender, eventKey, rows }) => {
    describe.each(ADAPTERS)('%s', (adapter) => {
      it.each(rows.map((row, index) => ({ ...row, index })))('$name', async (row: SenderRow & { index: number }) => {
        const request = await row.send();
        const sent = { ...row, request };
        const first = await send(rowPath(sender, row.index, adapter), request);
        checkAnswer(sent, 'first', first.response, first.calls, { eventKey });
        if (row.again === undefined) return;
        const again = await send(rowPath(sender, row.index, adapter), request);
        checkAnswer(sent, 'again', again.response, again.calls, { eventKey });
      });
    });
  });
});
