import type { Server } from 'node:http';
import Fastify from 'fastify';
import { BENCH_SECRET, HEADER } from '../../support/payloads.js';
import { sink } from '../../support/sink.js';

/** The route a subscriber writes by hand: Fastify's default JSON parser, `!==`, a JSON answer. */
export function listen(): Server {
  const app = Fastify();
  app.post('/webhook', async (request, reply) => {
    if (request.headers[HEADER] !== BENCH_SECRET) return reply.code(401).send({ error: 'unauthorized' });
    sink(request.body);
    return reply.header('content-type', 'application/json; charset=utf-8').send('"ok"');
  });
  void app.listen({ port: 0, host: '127.0.0.1' });
  return app.server;
}
