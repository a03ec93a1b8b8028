import { barePairs } from './bare-pairs.js';
import { pairOf, type Pair } from './pairs.js';

/**
 * Neynar's deliveries. Goal 1: the receiver with `neynarSender` against the route Neynar's docs show
 * (the body's text, `createHmac('sha512')`, `!==`, `JSON.parse`) written with each framework's own
 * way of keeping the text: Express 5, Fastify 5, Hono on Node, Bun, Deno and workerd (Web Crypto's
 * HMAC there), the Web `Request` on @hono/node-server. Goal 2: that documented check is the bare
 * route itself, on `node:http` (its chunks gathered), `Bun.serve`, `Deno.serve` and workerd; on
 * Node the fastest of the listener, the Web handler and Hono is held to it.
 */
export const NEYNAR_PAIRS: readonly Pair[] = [
  pairOf('framework', 'node', 'express', 'Node, Express 5', 'neynar-express5-adapter', 'neynar-express5-naive'),
  pairOf('framework', 'node', 'fastify', 'Node, Fastify 5', 'neynar-fastify-adapter', 'neynar-fastify-naive'),
  pairOf('framework', 'node', 'hono', 'Node, Hono on @hono/node-server', 'neynar-hono-adapter', 'neynar-hono-naive'),
  pairOf('framework', 'node', 'web', 'Node, Web handler on @hono/node-server vs request.text()', 'neynar-web-handler', 'neynar-web-bare'),
  pairOf('framework', 'bun', 'hono', 'Bun, Hono', 'neynar-hono-adapter', 'neynar-hono-naive'),
  pairOf('framework', 'deno', 'hono', 'Deno, Hono', 'neynar-hono-adapter', 'neynar-hono-naive'),
  pairOf('framework', 'workerd', 'hono', 'workerd, Hono', 'neynar-hono-adapter', 'neynar-hono-naive'),
  ...barePairs('neynar', 'the documented check'),
];
