import type { ServerSpec } from './servers/server-names.js';

/** The runtimes the HTTP section covers, as `--runtime` names them. */
export const RUNTIMES = ['node', 'bun', 'deno', 'workerd'] as const;
export type RuntimeName = (typeof RUNTIMES)[number];

/** The frameworks compared, as `--framework` names them. */
export const FRAMEWORKS = ['express', 'hono', 'web', 'fastify', 'node'] as const;
export type Framework = (typeof FRAMEWORKS)[number];

/**
 * The three goals of issue #35, and the rows that only inform: `framework`, goal 1, the receiver
 * against the route users write on its framework; `bare`, goal 2, the runtime's fastest receiver
 * against the bare route that does strictly less; `reference`, goal 3, Mini App events against the
 * route built on `@farcaster/miniapp-node` (the route users write for them, so goal 1 too).
 */
export type Goal = 'framework' | 'bare' | 'reference' | 'informative';

/** The library's receiver and the route it is set against, on the same runtime, and the goal that holds between them. */
export interface Pair {
  readonly runtime: RuntimeName;
  /** The receiver's framework, which `--framework` filters on. */
  readonly framework: Framework;
  readonly label: string;
  readonly goal: Goal;
  readonly adapter: ServerSpec;
  readonly naive: ServerSpec;
}

/** A pair on one runtime, its two apps named as `serve.js <runtime> <app>` takes them. */
export function pairOf<R extends RuntimeName>(
  goal: Goal,
  runtime: R,
  framework: Framework,
  label: string,
  adapter: Extract<ServerSpec, { runtime: R }>['app'],
  naive: Extract<ServerSpec, { runtime: R }>['app'],
): Pair {
  return {
    goal,
    runtime,
    framework,
    label,
    adapter: { runtime, app: adapter } as ServerSpec,
    naive: { runtime, app: naive } as ServerSpec,
  };
}

/**
 * The founding sender's pairs. Goal 1, against the route users write on the framework: Express 4
 * and 5 (`express.json()`), Fastify 5 (its own parser), Hono (`c.req.json()`) on Node, Bun, Deno and
 * workerd, and the Web `Request` on @hono/node-server (`request.json()`). Goal 2, against the bare
 * route (`node:http` + `JSON.parse` on Node; `request.json()` on `Bun.serve`, `Deno.serve` and
 * workerd): on Node each of the listener, the Web handler and Hono, the fastest of them held to the
 * goal; elsewhere the core Web handler (Hono runs the same handler behind a router).
 */
export const PAIRS: readonly Pair[] = [
  pairOf('framework', 'node', 'express', 'Node, Express 4', 'express4-adapter', 'express4-naive'),
  pairOf('framework', 'node', 'express', 'Node, Express 5', 'express5-adapter', 'express5-naive'),
  pairOf('framework', 'node', 'fastify', 'Node, Fastify 5', 'fastify-adapter', 'fastify-naive'),
  pairOf('framework', 'node', 'hono', 'Node, Hono on @hono/node-server', 'hono-adapter', 'hono-naive'),
  pairOf('framework', 'node', 'web', 'Node, Web handler on @hono/node-server vs request.json()', 'web-handler', 'web-bare'),
  pairOf('framework', 'bun', 'hono', 'Bun, Hono', 'hono-adapter', 'hono-naive'),
  pairOf('framework', 'deno', 'hono', 'Deno, Hono', 'hono-adapter', 'hono-naive'),
  pairOf('framework', 'workerd', 'hono', 'workerd, Hono', 'hono-adapter', 'hono-naive'),
  pairOf('bare', 'node', 'node', 'Node, node:http listener vs bare node:http', 'node-adapter', 'node-bare'),
  pairOf('bare', 'node', 'web', 'Node, Web handler on @hono/node-server vs bare node:http', 'web-handler', 'node-bare'),
  pairOf('bare', 'node', 'hono', 'Node, Hono on @hono/node-server vs bare node:http', 'hono-adapter', 'node-bare'),
  pairOf('bare', 'bun', 'web', 'Bun, Web handler vs Bun.serve + request.json()', 'web-handler', 'web-bare'),
  pairOf('bare', 'deno', 'web', 'Deno, Web handler vs Deno.serve + request.json()', 'web-handler', 'web-bare'),
  pairOf('bare', 'workerd', 'web', 'workerd, Web handler vs request.json()', 'web-handler', 'web-bare'),
];

const RUNTIME_LABELS = { bun: 'Bun', deno: 'Deno', workerd: 'workerd' } as const;

/**
 * Informative rows, in the founding sender's first table only: on Bun, Deno and workerd, the core
 * Web handler against a hand-written route that keeps the contract's checks (apps/contract-route.ts),
 * which says what the library adds over the contract; and that route against the bare one, which
 * says what the contract's checks cost by themselves (the floor under goal 2's ratio).
 */
export const CONTRACT_PAIRS: readonly Pair[] = (['bun', 'deno', 'workerd'] as const).flatMap((runtime) => [
  pairOf(
    'informative',
    runtime,
    'web',
    `${RUNTIME_LABELS[runtime]}, Web handler vs a route keeping the contract`,
    'web-handler',
    'web-contract',
  ),
  pairOf(
    'informative',
    runtime,
    'web',
    `${RUNTIME_LABELS[runtime]}, the route keeping the contract vs the bare route`,
    'web-contract',
    'web-bare',
  ),
]);
