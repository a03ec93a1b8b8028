import { afterAll, beforeAll, describe, it } from 'vitest';
import { createMiniAppSigner, type MiniAppSigner } from '@social-webhooks/core/testing';
import { ADAPTERS, CALLS_HEADER, miniAppRowPath } from './runtimes/miniapp-app.js';
import { checkAnswer } from './support/check-answer.js';
import { MINI_APP_CASES } from './support/miniapp-rows.js';
import { miniAppRuntimes } from './support/miniapp-runtimes.js';
import type { RunningServer } from './support/runtimes.js';
import type { Calls, Row } from './support/rows.js';
import { fromResponse, toRequestInit, type TestRequest, type TestResponse } from './support/test-request.js';

// The Mini App rows on every runtime the core claims (Node, Bun, Deno, workerd), each on the core Web
// handler and the Hono adapter (runtimes/miniapp-app.ts): Ed25519 through node:crypto (Web Crypto on workerd).
// The bodies are signed here; each server gets only the signer's public key, for its local lookup.
let signer: MiniAppSigner;
let rows: Row[];
beforeAll(async () => {
  signer = await createMiniAppSigner();
  rows = await Promise.all(MINI_APP_CASES.map((testCase) => testCase.row(signer)));
});

describe.each(miniAppRuntimes)('$name', (runtime) => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await runtime.start(signer.appKey);
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });

  async function send(path: string, request: TestRequest): Promise<{ response: TestResponse; calls: Calls }> {
    const raw = await fetch(server.baseUrl + path, toRequestInit(request));
    const header = raw.headers.get(CALLS_HEADER);
    if (header === null) throw new Error(`no ${CALLS_HEADER} header: ${raw.status} ${await raw.text()}`);
    return { response: await fromResponse(raw), calls: JSON.parse(decodeURIComponent(header)) as Calls };
  }

  describe.each(ADAPTERS)('%s', (adapter) => {
    it.each(MINI_APP_CASES.map((testCase, index) => ({ name: testCase.name, index })))('$name', async ({ index }) => {
      const row = rows[index]!;
      const first = await send(miniAppRowPath(index, adapter), row.request);
      checkAnswer(row, 'first', first.response, first.calls);
      if (row.again === undefined) return;
      const again = await send(miniAppRowPath(index, adapter), row.request);
      checkAnswer(row, 'again', again.response, again.calls);
    });
  });
});
