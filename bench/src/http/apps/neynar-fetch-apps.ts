import { Hono } from 'hono';
import { webhookHandler } from '@social-webhooks/core';
import { webhookHandler as honoWebhookHandler } from '@social-webhooks/hono';
import { NEYNAR_HEADER } from '../../support/payloads.js';
import { sink } from '../../support/sink.js';
import type { FetchApp } from './fetch-app.js';
import { NEYNAR_RECEIVER_OPTIONS, signedByNeynar } from './neynar-route.js';

/**
 * Neynar's deliveries on every Web runtime: the receiver with `neynarSender`, and the route Neynar's
 * docs show (`req.text()`, `createHmac('sha512')` from `node:crypto`, `!==`, `JSON.parse`), which
 * Node, Bun and Deno all run as written.
 */
export const NEYNAR_FETCH_APPS = {
  'neynar-web-handler': (): FetchApp => webhookHandler(NEYNAR_RECEIVER_OPTIONS),
  'neynar-web-bare': (): FetchApp => async (request) => {
    const text = await request.text();
    if (!signedByNeynar(text, request.headers.get(NEYNAR_HEADER))) return Response.json({ error: 'unauthorized' }, { status: 401 });
    sink(JSON.parse(text));
    return Response.json('ok');
  },
  'neynar-hono-adapter': (): FetchApp => {
    const app = new Hono();
    app.post('/webhook', honoWebhookHandler(NEYNAR_RECEIVER_OPTIONS));
    return (request, env) => app.fetch(request, env);
  },
  'neynar-hono-naive': (): FetchApp => {
    const app = new Hono();
    app.post('/webhook', async (c) => {
      const text = await c.req.text();
      if (!signedByNeynar(text, c.req.header(NEYNAR_HEADER))) return c.json({ error: 'unauthorized' }, 401);
      sink(JSON.parse(text));
      return c.json('ok');
    });
    return (request, env) => app.fetch(request, env);
  },
} as const;
