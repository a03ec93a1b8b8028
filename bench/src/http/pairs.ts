import type { ServerSpec } from './servers/server-names.js';

/** The runtimes the HTTP section covers, as `--runtime` names them. */
export const RUNTIMES = ['node', 'bun', 'deno', 'workerd'] as const;
export type RuntimeName = (typeof RUNTIMES)[number];

/** The frameworks compared, as `--framework` names them. */
export const FRAMEWORKS = ['express', 'hono', 'web', 'fastify', 'node'] as const;
export type Framework = (typeof FRAMEWORKS)[number];

/** The library's receiver and the hand-written route on the same runtime and framework. */
export interface Pair {
  readonly runtime: RuntimeName;
  readonly framework: Framework;
  readonly label: string;
  readonly adapter: ServerSpec;
  readonly naive: ServerSpec;
}

/** Every runtime and framework the README claims (issue: "every runtime the library claims"). */
export const PAIRS: readonly Pair[] = [
  {
    runtime: 'node',
    framework: 'express',
    label: 'Node, Express 4',
    adapter: { runtime: 'node', app: 'express4-adapter' },
    naive: { runtime: 'node', app: 'express4-naive' },
  },
  {
    runtime: 'node',
    framework: 'express',
    label: 'Node, Express 5',
    adapter: { runtime: 'node', app: 'express5-adapter' },
    naive: { runtime: 'node', app: 'express5-naive' },
  },
  {
    runtime: 'node',
    framework: 'fastify',
    label: 'Node, Fastify 5',
    adapter: { runtime: 'node', app: 'fastify-adapter' },
    naive: { runtime: 'node', app: 'fastify-naive' },
  },
  {
    runtime: 'node',
    framework: 'node',
    label: 'Node, node:http listener',
    adapter: { runtime: 'node', app: 'node-adapter' },
    naive: { runtime: 'node', app: 'node-bare' },
  },
  {
    runtime: 'node',
    framework: 'hono',
    label: 'Node, Hono on @hono/node-server',
    adapter: { runtime: 'node', app: 'hono-adapter' },
    naive: { runtime: 'node', app: 'hono-naive' },
  },
  {
    runtime: 'node',
    framework: 'web',
    label: 'Node, core Web handler on @hono/node-server',
    adapter: { runtime: 'node', app: 'web-handler' },
    naive: { runtime: 'node', app: 'web-bare' },
  },
  {
    runtime: 'bun',
    framework: 'web',
    label: 'Bun, core Web handler (Bun.serve)',
    adapter: { runtime: 'bun', app: 'web-handler' },
    naive: { runtime: 'bun', app: 'web-bare' },
  },
  {
    runtime: 'bun',
    framework: 'hono',
    label: 'Bun, Hono',
    adapter: { runtime: 'bun', app: 'hono-adapter' },
    naive: { runtime: 'bun', app: 'hono-naive' },
  },
  {
    runtime: 'deno',
    framework: 'web',
    label: 'Deno, core Web handler (Deno.serve)',
    adapter: { runtime: 'deno', app: 'web-handler' },
    naive: { runtime: 'deno', app: 'web-bare' },
  },
  {
    runtime: 'deno',
    framework: 'hono',
    label: 'Deno, Hono',
    adapter: { runtime: 'deno', app: 'hono-adapter' },
    naive: { runtime: 'deno', app: 'hono-naive' },
  },
  {
    runtime: 'workerd',
    framework: 'web',
    label: 'workerd, core Web handler',
    adapter: { runtime: 'workerd', app: 'web-handler' },
    naive: { runtime: 'workerd', app: 'web-bare' },
  },
];

/** The Node receiver compared with bare `node:http` + `JSON.parse` (goal: at least 0.85 of it). */
export const NODE_CEILING: ServerSpec = { runtime: 'node', app: 'node-bare' };

/**
 * On Bun, Deno and workerd, the core Web handler against a hand-written route that keeps the
 * contract's checks (apps/contract-route.ts): what the library adds over the contract. Informative:
 * its goal is the pairs' goal, but a miss there is the library's own cost, a miss against the bare
 * route may be the contract's.
 */
const RUNTIME_LABELS = { bun: 'Bun', deno: 'Deno', workerd: 'workerd' } as const;
export const CONTRACT_PAIRS: readonly Pair[] = (['bun', 'deno', 'workerd'] as const).map((runtime) => ({
  runtime,
  framework: 'web',
  label: `${RUNTIME_LABELS[runtime]}, core Web handler vs a hand-written route keeping the contract`,
  adapter: { runtime, app: 'web-handler' },
  naive: { runtime, app: 'web-contract' },
}));

/**
 * The same runtimes, the hand-written route that keeps the contract against the bare one: what the
 * contract's checks cost by themselves, so the floor under any receiver's ratio. Informative too.
 */
export const CONTRACT_FLOOR_PAIRS: readonly Pair[] = (['bun', 'deno', 'workerd'] as const).map((runtime) => ({
  runtime,
  framework: 'web',
  label: `${RUNTIME_LABELS[runtime]}, the hand-written route keeping the contract vs the bare route`,
  adapter: { runtime, app: 'web-contract' },
  naive: { runtime, app: 'web-bare' },
}));

/**
 * Neynar's deliveries: the receiver with `neynarSender` against the route Neynar's docs show (the
 * body's text, `createHmac('sha512')`, `!==`, `JSON.parse`; on workerd, Web Crypto's HMAC), on
 * every runtime and on each Node framework with that framework's own way of keeping the text.
 */
export const NEYNAR_PAIRS: readonly Pair[] = [
  neynarPair('node', 'express', 'Node, Express 5', 'neynar-express5-adapter', 'neynar-express5-naive'),
  neynarPair('node', 'fastify', 'Node, Fastify 5', 'neynar-fastify-adapter', 'neynar-fastify-naive'),
  neynarPair('node', 'node', 'Node, node:http listener', 'neynar-node-adapter', 'neynar-node-bare'),
  neynarPair('node', 'hono', 'Node, Hono on @hono/node-server', 'neynar-hono-adapter', 'neynar-hono-naive'),
  neynarPair('node', 'web', 'Node, core Web handler on @hono/node-server', 'neynar-web-handler', 'neynar-web-bare'),
  neynarPair('bun', 'web', 'Bun, core Web handler (Bun.serve)', 'neynar-web-handler', 'neynar-web-bare'),
  neynarPair('bun', 'hono', 'Bun, Hono', 'neynar-hono-adapter', 'neynar-hono-naive'),
  neynarPair('deno', 'web', 'Deno, core Web handler (Deno.serve)', 'neynar-web-handler', 'neynar-web-bare'),
  neynarPair('deno', 'hono', 'Deno, Hono', 'neynar-hono-adapter', 'neynar-hono-naive'),
  neynarPair('workerd', 'web', 'workerd, core Web handler', 'neynar-web-handler', 'neynar-web-bare'),
];

function neynarPair<R extends RuntimeName>(
  runtime: R,
  framework: Framework,
  label: string,
  adapter: Extract<ServerSpec, { runtime: R }>['app'],
  naive: Extract<ServerSpec, { runtime: R }>['app'],
): Pair {
  return { runtime, framework, label, adapter: { runtime, app: adapter } as ServerSpec, naive: { runtime, app: naive } as ServerSpec };
}
