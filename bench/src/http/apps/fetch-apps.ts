import { webhookHandler as honoWebhookHandler } from '@social-webhooks/hono';
import { webhookHandler } from '@social-webhooks/core';
import { BENCH_SECRET, HEADER } from '../../support/payloads.js';
import { sink } from '../../support/sink.js';
import { RECEIVER_OPTIONS } from './handler-options.js';
import { contractRoute } from './contract-route.js';
import type { FetchApp } from './fetch-app.js';
import { honoApp } from './hono-app.js';
import { MINIAPP_FETCH_APPS } from './miniapp-fetch-apps.js';
import { NEYNAR_FETCH_APPS } from './neynar-fetch-apps.js';

/**
 * The servers that run on every Web runtime, each pair the library's receiver and the route a
 * subscriber writes by hand (`!==` on the header, the framework's own JSON parse, a JSON answer).
 */
export const FETCH_APPS = {
  /** The core's Web-standard handler as the whole `fetch`. */
  'web-handler': (): FetchApp => webhookHandler(RECEIVER_OPTIONS),
  /** A bare Web handler: `request.json()`, `Response.json`. */
  'web-bare': (): FetchApp => async (request) => {
    if (request.headers.get(HEADER) !== BENCH_SECRET) return Response.json({ error: 'unauthorized' }, { status: 401 });
    sink(await request.json());
    return Response.json('ok');
  },
  /** A hand-written route that keeps the receiver contract's checks: the floor for any receiver. */
  'web-contract': contractRoute,
  /** The Hono adapter mounted on a route. */
  'hono-adapter': (): FetchApp => honoApp(honoWebhookHandler(RECEIVER_OPTIONS)),
  /** The hand-written Hono route: `c.req.json()`, `c.json`. */
  'hono-naive': (): FetchApp =>
    honoApp(async (c) => {
      if (c.req.header(HEADER) !== BENCH_SECRET) return c.json({ error: 'unauthorized' }, 401);
      sink(await c.req.json());
      return c.json('ok');
    }),
  /** No body read at all, a fixed answer: how fast the runtime answers, and so how fast wrk can drive it. */
  constant: (): FetchApp => () => new Response('"ok"', { headers: { 'content-type': 'application/json' } }),
  ...NEYNAR_FETCH_APPS,
  ...MINIAPP_FETCH_APPS,
} as const;

export type FetchAppName = keyof typeof FETCH_APPS;
