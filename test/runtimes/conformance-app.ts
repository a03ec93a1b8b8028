// The conformance server every runtime runs: each row of every sender's table (support/senders.ts)
// mounted twice, on the core Web handler and on the Hono adapter, under a path of its own. The hooks'
// record of each request goes back in a response header; `/notify` runs the notification sender
// (runtimes/notify-route.ts). Web APIs only: this file runs on Node, Bun,
// Deno and workerd.
import { Hono } from 'hono';
import { webhookHandler as coreHandler } from '@social-webhooks/core';
import { webhookHandler as honoHandler } from '@social-webhooks/hono';
import { emptyCalls, resetCalls, type Calls } from '../support/row.js';
import { senderSuites } from '../support/senders.js';
import { NOTIFY_PATH, serveNotify } from './notify-route.js';

/** The two adapters every runtime serves. */
export const ADAPTERS = ['core', 'hono'] as const;
export type Adapter = (typeof ADAPTERS)[number];

/** The header that carries the hooks' record of a request (URI-encoded JSON of {@link Calls}). */
export const CALLS_HEADER = 'x-conformance-calls';

/** Where row `index` of `sender`'s table is mounted on `adapter`. */
export const rowPath = (sender: string, index: number, adapter: Adapter): string => `/rows/${sender}/${index}/${adapter}`;

type FetchHandler = (request: Request, ...platform: unknown[]) => Promise<Response>;

/** Builds the server's `fetch`: `(request, ...platform)`, where a Worker passes `env, ctx`. */
export function createConformanceApp(): FetchHandler {
  const routes = new Map<string, { readonly calls: Calls; readonly handle: FetchHandler }>();
  for (const { sender, rows } of senderSuites) {
    rows.forEach((row, index) => {
      const coreCalls = emptyCalls();
      routes.set(rowPath(sender, index, 'core'), { calls: coreCalls, handle: coreHandler(row.options(coreCalls)) });
      const honoCalls = emptyCalls();
      const app = new Hono();
      app.post('*', honoHandler(row.options(honoCalls)));
      routes.set(rowPath(sender, index, 'hono'), {
        calls: honoCalls,
        handle: async (request, env, ctx) => app.fetch(request, env as object, ctx as never),
      });
    });
  }

  return async function serveConformance(request, ...platform) {
    const path = new URL(request.url).pathname;
    if (path === NOTIFY_PATH) return serveNotify(request);
    const route = routes.get(path);
    if (route === undefined) return new Response('no such row', { status: 404 });
    // The suite sends one request per path at a time, so one record per path is enough.
    resetCalls(route.calls);
    const response = await route.handle(request, ...platform);
    const headers = new Headers(response.headers);
    headers.set(CALLS_HEADER, encodeURIComponent(JSON.stringify(route.calls, dropErrors)));
    return new Response(response.body, { status: response.status, headers });
  };
}

// An Error does not survive JSON; the suite only counts the errors, and logs keep no error object.
function dropErrors(key: string, value: unknown): unknown {
  return key === 'error' ? undefined : value;
}
