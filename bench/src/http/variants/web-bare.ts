import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { BENCH_SECRET, HEADER } from '../../support/payloads.js';
import { sink } from '../../support/sink.js';

/** A bare Web handler on `@hono/node-server`: `!==` on the header, `request.json()`, `Response.json`. */
export function listen(): Server {
  return serve({
    fetch: async (request) => {
      if (request.headers.get(HEADER) !== BENCH_SECRET) return Response.json({ error: 'unauthorized' }, { status: 401 });
      sink(await request.json());
      return Response.json('ok');
    },
    port: 0,
    hostname: '127.0.0.1',
  }) as Server;
}
