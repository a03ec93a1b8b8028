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

// Bindings arrive with the first request, so the handler is built then, and again only if they change.
let route: { readonly raw: string | undefined; readonly handle: WebHandler } | undefined;

export default {
  async fetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
    const { pathname } = new URL(request.url);
    if (pathname === '/health' && request.method === 'GET') return Response.json({ ok: true });
    if (pathname !== '/webhook') return new Response('Not found', { status: 404 });
    if (route === undefined || route.raw !== env.WEBHOOK_SECRET) {
      route = { raw: env.WEBHOOK_SECRET, handle: createWebhookRoute(parseSecret(env.WEBHOOK_SECRET)) };
    }
    return route.handle(request, env, ctx);
  },
};
