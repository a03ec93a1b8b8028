import { createServer, type Server } from 'node:http';
import express4 from 'express4';
import express5 from 'express';
import Fastify from 'fastify';
import { webhookPlugin } from '@social-webhooks/fastify';
import { BENCH_SECRET, HEADER } from '../../support/payloads.js';
import { sink } from '../../support/sink.js';
import { RECEIVER_OPTIONS } from './handler-options.js';
import { MINIAPP_NODE_APPS } from './miniapp-node-apps.js';
import { NEYNAR_NODE_APPS } from './neynar-node-apps.js';
import { expressAdapter, nodeAdapter, type Express } from './node-adapters.js';

/** The ten lines a subscriber writes by hand: `express.json()`, `!==`, `res.json`. */
function expressNaive(express: Express): Server {
  const app = express();
  app.post('/webhook', express.json(), (req, res) => {
    if (req.headers[HEADER] !== BENCH_SECRET) {
      res.status(401).json({ error: 'unauthorized' });
      return;
    }
    sink(req.body);
    res.json('ok');
  });
  return app.listen(0, '127.0.0.1');
}

/**
 * The practical ceiling on Node: `node:http`, the chunks gathered, `JSON.parse`, `!==`, a JSON
 * answer. No receiver can do less and still read the delivery.
 */
function nodeBare(): Server {
  return createServer((request, response) => {
    if (request.headers[HEADER] !== BENCH_SECRET) {
      response.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"unauthorized"}');
      return;
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      sink(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      response.writeHead(200, { 'content-type': 'application/json' }).end('"ok"');
    });
  }).listen(0, '127.0.0.1');
}

/** The Fastify plugin, registered as the README shows. */
function fastifyAdapter(): Server {
  const app = Fastify();
  void app.register(webhookPlugin, { path: '/webhook', ...RECEIVER_OPTIONS });
  // The server exists from the start; it emits 'listening' once the plugin is registered.
  void app.listen({ port: 0, host: '127.0.0.1' });
  return app.server;
}

/** The route a subscriber writes by hand: Fastify's default JSON parser, `!==`, a JSON answer. */
function fastifyNaive(): Server {
  const app = Fastify();
  app.post('/webhook', async (request, reply) => {
    if (request.headers[HEADER] !== BENCH_SECRET) return reply.code(401).send({ error: 'unauthorized' });
    sink(request.body);
    return reply.header('content-type', 'application/json; charset=utf-8').send('"ok"');
  });
  void app.listen({ port: 0, host: '127.0.0.1' });
  return app.server;
}

/**
 * The servers only Node runs: Express 4 and 5 and Fastify (adapter and hand-written), the Node
 * listener, and bare `node:http` (the Node listener's hand-written pair and the ceiling); the same
 * for Neynar's deliveries (neynar-node-apps.ts) and Mini App events (miniapp-node-apps.ts).
 */
export const NODE_APPS = {
  'express4-adapter': () => expressAdapter(express4 as unknown as Express, RECEIVER_OPTIONS),
  'express4-naive': () => expressNaive(express4 as unknown as Express),
  'express5-adapter': () => expressAdapter(express5, RECEIVER_OPTIONS),
  'express5-naive': () => expressNaive(express5),
  'fastify-adapter': fastifyAdapter,
  'fastify-naive': fastifyNaive,
  'node-adapter': () => nodeAdapter(RECEIVER_OPTIONS),
  'node-bare': nodeBare,
  ...NEYNAR_NODE_APPS,
  ...MINIAPP_NODE_APPS,
} as const;

export type NodeAppName = keyof typeof NODE_APPS;
