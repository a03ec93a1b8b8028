import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFixture } from '../../../test/support/fixtures.js';

// A real HTTP server on loopback that speaks the service's management API (docs/contract.md §Management API), for the tests
// of the client and the CLI: never a mocked fetch. By default it behaves like the service; a test
// can queue scripted answers (every documented variant, a 400, a slow answer, a non-JSON page).

/** The management fixtures: `fixture('create-ok-nested-auth')`. */
export function fixture(name: string): Record<string, unknown> {
  return readFixture<Record<string, unknown>>(`management/${name}.json`);
}

/** A request the server received. */
export interface RecordedRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

/** An answer a test scripts. `text` is sent as is; otherwise `body` as JSON. */
export interface ScriptedAnswer {
  readonly status?: number;
  readonly body?: unknown;
  readonly text?: string;
  /** Wait this long before answering (the timeout tests). */
  readonly delayMs?: number;
}

export interface ManagementServer {
  /** The base URL, e.g. `http://127.0.0.1:41234`. */
  readonly url: string;
  /** The only API key it accepts. */
  readonly apiKey: string;
  readonly requests: RecordedRequest[];
  /** Answers the next requests with these, in order, whatever they ask. */
  enqueue(...answers: ScriptedAnswer[]): void;
  close(): Promise<void>;
}

export async function startManagementServer(apiKey = 'test-api-key'): Promise<ManagementServer> {
  const requests: RecordedRequest[] = [];
  const queue: ScriptedAnswer[] = [];
  const webhooks = new Set<string>();
  let counter = 0;

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const recorded = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      requests.push(recorded);
      const answer = queue.shift() ?? behave(recorded);
      const send = () => {
        if (res.destroyed) return;
        write(res, answer);
      };
      if (answer.delayMs === undefined) send();
      else setTimeout(send, answer.delayMs).unref();
    });
  });

  function behave(request: RecordedRequest): ScriptedAnswer {
    if (request.headers.authorization !== apiKey) return { status: 401, body: { status: false, message: 'Invalid API key' } };
    let body: Record<string, unknown> = {};
    try {
      body = request.body === '' ? {} : (JSON.parse(request.body) as Record<string, unknown>);
    } catch {
      return { status: 400, body: { status: false, message: 'Invalid JSON' } };
    }
    if (request.method === 'POST' && request.path === '/api/v1/webhooks') {
      const config = body.filter_config as Record<string, unknown> | undefined;
      if (typeof body.endpoint !== 'string' || typeof config?.event_type !== 'string') return { status: 400, body: fixture('create-fail') };
      const id = `01HYDYEBHMANSVJ0JKSVK9W${String(counter++).padStart(3, '0')}`;
      webhooks.add(id);
      return { status: 200, body: { ...fixture('create-ok'), webhook_id: id } };
    }
    const match = /^\/api\/v1\/webhooks\/([^/]+)$/.exec(request.path);
    if (request.method === 'DELETE' && match !== null) {
      const id = decodeURIComponent(match[1]!);
      return webhooks.delete(id) ? { status: 200, body: fixture('delete-ok') } : { status: 400, body: fixture('delete-fail') };
    }
    if (request.method === 'POST' && request.path === '/api/v1/filters/test') {
      return body.filter !== undefined && body.payload === undefined ? { status: 400, body: fixture('filter-test-fail') } : { status: 200, body: fixture('filter-test-ok') };
    }
    return { status: 404, body: { status: false, message: 'Not found' } };
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    apiKey,
    requests,
    enqueue: (...answers) => queue.push(...answers),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error === undefined ? resolve() : reject(error)));
      }),
  };
}

function write(res: ServerResponse, answer: ScriptedAnswer): void {
  const text = answer.text ?? (answer.body === undefined ? '' : JSON.stringify(answer.body));
  res.statusCode = answer.status ?? 200;
  res.setHeader('content-type', answer.text === undefined ? 'application/json' : 'text/html');
  res.end(text);
}
