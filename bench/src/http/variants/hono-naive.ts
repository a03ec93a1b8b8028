import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { BENCH_SECRET, HEADER } from '../../support/payloads.js';
import { sink } from '../../support/sink.js';

/** The hand-written Hono route: `!==` on the header, `c.req.json()`, `c.json`. */
export function listen(): Server {
  const app = new Hono();
  app.post('/webhook', async (c) => {
    if (c.req.header(HEADER) !== BENCH_SECRET) return c.json({ error: 'unauthorized' }, 401);
    sink(await c.req.json());
    return c.json('ok');
  });
  return serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }) as Server;
}
