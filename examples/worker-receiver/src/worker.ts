import type { WebHandler } from '@social-webhooks/core';
import { createWebhookRoute } from './app.js';
import { parseSecret } from './parse-secret.js';

/** The Worker's bindings: `wrangler secret put WEBHOOK_SECRET`. */
export interface Env {
  readonly WEBHOOK_SECRET?: string;
}

/** What a Worker gets third; `@cloudflare/workers-types` has the full type. */
export interface ExecutionContext {
  waitUntil(promise: Promise<unknown>): void;
}

// A Worker's secrets live on `env`, which exists only inside `fetch`. The handler is built once, at
// import, with `secret` as a function: the receiver calls it on the first delivery, after `fetch`
// has kept that request's bindings here.
let bindings: Env | undefined;
const handle: WebHandler = createWebhookRoute(() => parseSecret(bindings?.WEBHOOK_SECRET));

export default {
  async fetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
    const { pathname } = new URL(request.url);
    if (pathname === '/health' && request.method === 'GET') return Response.json({ ok: true });
    if (pathname !== '/webhook') return new Response('Not found', { status: 404 });
    bindings = env;
    return handle(request, env, ctx);
  },
};
