// µs of CPU per delivery through Fastify 5, in process with its `inject` (light-my-request: no
// socket, the whole of Fastify's request path): the plugin, registered as the README shows, against
// the route a subscriber writes on Fastify (its default JSON parser, `!==`, a JSON answer), for the
// founding sender's follow and profile deliveries, 50 in flight, rounds alternating, the median of
// each side printed. Run alone, on an idle machine:
//   node --import tsx bench/src/in-process/fastify-inject.ts
import Fastify, { type FastifyInstance } from 'fastify';
import { webhookPlugin } from '@social-webhooks/fastify';
import { RECEIVER_OPTIONS } from '../http/apps/handler-options.js';
import { BENCH_SECRET, foundingDelivery, HEADER } from '../support/payloads.js';
import { sink } from '../support/sink.js';

const ROUNDS = 11;
const CALLS = 4_000;
const IN_FLIGHT = 50;

async function plugin(): Promise<FastifyInstance> {
  const app = Fastify();
  await app.register(webhookPlugin, { path: '/webhook', ...RECEIVER_OPTIONS });
  return app;
}

async function handWritten(): Promise<FastifyInstance> {
  const app = Fastify();
  app.post('/webhook', async (request, reply) => {
    if (request.headers[HEADER] !== BENCH_SECRET) return reply.code(401).send({ error: 'unauthorized' });
    sink(request.body);
    return reply.header('content-type', 'application/json; charset=utf-8').send('"ok"');
  });
  return app;
}

function cpu(): number {
  const used = process.cpuUsage();
  return used.user + used.system;
}

for (const eventName of ['follow.created', 'profile.updated'] as const) {
  const delivery = foundingDelivery(eventName);
  const payload = Buffer.from(delivery.body);
  const headers = { ...delivery.headers, 'content-length': String(payload.byteLength) };
  const apps = [await plugin(), await handWritten()] as const;
  const post = (app: FastifyInstance) => app.inject({ method: 'POST', url: '/webhook', headers, payload });
  for (const app of apps) {
    const response = await post(app);
    if (response.statusCode !== 200) throw new Error(`the bench delivery was answered ${response.statusCode}: ${response.body}`);
  }
  const times: [number[], number[]] = [[], []];
  for (let round = 0; round < ROUNDS; round++) {
    for (const side of round % 2 === 0 ? [0, 1] : [1, 0]) {
      const start = cpu();
      for (let sent = 0; sent < CALLS; sent += IN_FLIGHT) await Promise.all(Array.from({ length: IN_FLIGHT }, () => post(apps[side]!)));
      times[side]!.push((cpu() - start) / CALLS);
    }
  }
  const median = (values: number[]) => values.sort((a, b) => a - b)[values.length >> 1]!;
  console.log(
    `${eventName} through Fastify's inject, µs of CPU per delivery: the plugin ${median(times[0]).toFixed(1)}, the hand-written route ${median(times[1]).toFixed(1)}`,
  );
  for (const app of apps) await app.close();
}
