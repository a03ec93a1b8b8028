import type { IncomingMessage, ServerResponse } from 'node:http';
import { dashboardHandler } from '../dashboard-handler.js';
import { resolveDashboardOptions, type DashboardOptions } from '../options.js';
import { MAX_FORM_BYTES } from '../same-origin.js';

/** A Node request, as node:http and Express hand it (Express adds `originalUrl`, and `body` after a body parser). */
export type DashboardNodeRequest = IncomingMessage & { readonly originalUrl?: string; readonly body?: unknown };

/** A node:http listener that is also Express and Connect middleware. */
export type NodeDashboardListener = (req: DashboardNodeRequest, res: ServerResponse, next?: (error?: unknown) => void) => void;

/**
 * The page for node:http and Express: answers the requests under `basePath` and hands every other
 * one to `next` (404 JSON without one). In Express, `app.use(nodeDashboard(options))`, before or
 * after `express.urlencoded()`: a parsed form is read back.
 * @throws {WebhookError} `invalid_options`, as `dashboardHandler`.
 * @example
 * http.createServer(nodeDashboard({ basePath: '/admin', authorize })).listen(3000);
 * app.use(nodeDashboard({ basePath: '/admin', authorize, deadLetters: deadLetters(queue) }));
 */
export function nodeDashboard(options: DashboardOptions): NodeDashboardListener {
  const { basePath } = resolveDashboardOptions(options);
  const handle = dashboardHandler(options);
  return function socialWebhooksNodeDashboard(req, res, next) {
    const path = req.originalUrl ?? req.url ?? '/';
    const pathname = path.split('?')[0]!;
    if (next !== undefined && pathname !== basePath && !pathname.startsWith(`${basePath}/`)) {
      next();
      return;
    }
    toRequest(req, path)
      .then(handle)
      .then((response) => write(res, response))
      .catch((error: unknown) => {
        if (next !== undefined) next(error);
        else if (!res.headersSent) res.writeHead(500).end();
        else res.destroy();
      });
  };
}

async function toRequest(req: DashboardNodeRequest, path: string): Promise<Request> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  const url = `http://${req.headers.host ?? 'localhost'}${path}`;
  const method = req.method ?? 'GET';
  if (method !== 'POST') return new Request(url, { method, headers });
  return new Request(url, { method, headers, body: await readBody(req) });
}

// A form is an id or two: read at most one byte past the limit, which the handler then refuses.
async function readBody(req: DashboardNodeRequest): Promise<Uint8Array<ArrayBuffer>> {
  if (typeof req.body === 'object' && req.body !== null && !(req.body instanceof Uint8Array)) {
    return new TextEncoder().encode(new URLSearchParams(req.body as Record<string, string>).toString());
  }
  if (typeof req.body === 'string') return new TextEncoder().encode(req.body);
  if (req.body instanceof Uint8Array) return new Uint8Array(req.body);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    chunks.push(chunk);
    size += chunk.byteLength;
    if (size > MAX_FORM_BYTES) break;
  }
  return Buffer.concat(chunks);
}

async function write(res: ServerResponse, response: Response): Promise<void> {
  const body = Buffer.from(await response.arrayBuffer());
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => (headers[name] = value));
  res.writeHead(response.status, { ...headers, 'content-length': String(body.byteLength) });
  res.end(body);
}
