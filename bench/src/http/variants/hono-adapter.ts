import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { webhookHandler } from '@social-webhooks/hono';
import { BENCH_SECRET } from '../../support/payloads.js';
import { sink } from '../../support/sink.js';

/** The Hono adapter on `@hono/node-server`, with a no-op handler for every event. */
export function listen(): Server {
  const app = new Hono();
  app.post(
    '/webhook',
    webhookHandler({
      secret: BENCH_SECRET,
      on: { 'follow.created': sink, 'follow.deleted': sink, 'profile.created': sink, 'profile.updated': sink },
    }),
  );
  return serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }) as Server;
}
