import { NEYNAR_SIGNATURE_HEADER, webhookHandler } from '@social-webhooks/core';
import { webhookHandler as honoWebhookHandler } from '@social-webhooks/hono';
import { signedByNeynar } from '../../support/neynar-check.js';
import { sink } from '../../support/sink.js';
import type { FetchApp } from './fetch-app.js';
import { honoApp } from './hono-app.js';
import { NEYNAR_RECEIVER_OPTIONS } from './neynar-options.js';

/**
 * Neynar's deliveries on every Web runtime: the receiver with `neynarSender`, and the route Neynar's
 * docs show (`req.text()`, `createHmac('sha512')` from `node:crypto`, `!==`, `JSON.parse`), which
 * Node, Bun and Deno all run as written.
 */
export const NEYNAR_FETCH_APPS = {
  'neynar-web-handler': (): FetchApp => webhookHandler(NEYNAR_RECEIVER_OPTIONS),
  'neynar-web-bare': (): FetchApp => async (request) => {
    const text = await request.text();
    if (!signedByNeynar(text, request.headers.get(NEYNAR_SIGNATURE_HEADER)))
      return Response.json({ error: 'unauthorized' }, { status: 401 });
    sink(JSON.parse(text));
    return Response.json('ok');
  },
  'neynar-hono-adapter': (): FetchApp => honoApp(honoWebhookHandler(NEYNAR_RECEIVER_OPTIONS)),
  'neynar-hono-naive': (): FetchApp =>
    honoApp(async (c) => {
      const text = await c.req.text();
      if (!signedByNeynar(text, c.req.header(NEYNAR_SIGNATURE_HEADER))) return c.json({ error: 'unauthorized' }, 401);
      sink(JSON.parse(text));
      return c.json('ok');
    }),
} as const;
