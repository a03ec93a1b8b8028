// The entry modules bundled as a Worker: each a whole deployable app, as a user writes it. Sources
// rather than files, so the same text is bundled against the packages' `dist` (the benchmark) or
// their `src` (the size check in the test command, which must not depend on a build).

/** The bench's secret as a string literal of the Worker's source. */
export const SECRET = "'bench-3f9c2a7e5b1d4c8a9e6f0b2d7c4a1e8f5b3d9c6a2e7f4b1d8c5a0e3f6b9d'";
/** A sink the Worker's handlers write to, so the bundler keeps what they read. */
export const SINK = 'let sunk; const sink = (value) => { sunk = value; };';

/** A bundle the size section measures and the size check budgets. */
export interface WorkerSource {
  readonly label: string;
  readonly source: string;
  /** The gzipped budget in bytes the test command enforces, when there is one. */
  readonly budget?: number;
}

/** A minimal Worker mounting the core's handler for one event (issue: "small enough for the edge"). */
export const CORE_WORKER: WorkerSource = {
  label: '`@social-webhooks/core` `webhookHandler`',
  source: `import { webhookHandler } from '@social-webhooks/core';
${SINK}
export default { fetch: webhookHandler({ secret: ${SECRET}, on: { 'follow.created': (event) => sink(event.data.followerProfileId) } }) };`,
  budget: 25_000,
};

/**
 * The same minimal Worker for Neynar's deliveries: the core's handler with `neynarSender`, its secret
 * read from the Worker's env as the README's Worker quickstart reads it. Held to the founding
 * Worker's budget again: since the payloads are checked by code generated from the schemas
 * (schema/generated/), zod is not in the bundle, and the Neynar Worker went from 25,530 to 20,038
 * bytes gzipped. It still carries the founding sender, which the pipeline imports as its default
 * whatever `sender` is given.
 */
export const NEYNAR_WORKER: WorkerSource = {
  label: '`@social-webhooks/core` `webhookHandler` with `neynarSender`',
  source: `import { neynarSender, webhookHandler } from '@social-webhooks/core';
${SINK}
let bindings;
const handle = webhookHandler({
  sender: neynarSender({ secrets: () => bindings.NEYNAR_WEBHOOK_SECRET }),
  on: { 'cast.created': (event) => sink(event.data.author.fid) },
});
export default { fetch(request, env, ctx) { bindings = env; return handle(request, env, ctx); } };`,
  budget: 25_000,
};

/** The same Worker through Hono and the Hono adapter. */
export const HONO_WORKER: WorkerSource = {
  label: '`@social-webhooks/hono` on Hono',
  source: `import { Hono } from 'hono';
import { webhookHandler } from '@social-webhooks/hono';
${SINK}
const app = new Hono();
app.post('/webhook', webhookHandler({ secret: ${SECRET}, on: { 'follow.created': (event) => sink(event.data.followerProfileId) } }));
export default app;`,
  // The Worker's budget plus Hono's own share (8.6 KB gzipped with a hand-written route): the
  // adapter itself may add nothing that matters. About 26.7 KB at the time of writing.
  budget: 34_000,
};

/** The route a subscriber writes by hand: `request.json()` and `!==`. */
export const HAND_WRITTEN_WORKER: WorkerSource = {
  label: 'hand-written route (`request.json()` + `!==`)',
  source: `${SINK}
export default {
  async fetch(request) {
    if (request.headers.get('x-airstack-webhook') !== ${SECRET}) return Response.json({ error: 'unauthorized' }, { status: 401 });
    sink(await request.json());
    return Response.json('ok');
  },
};`,
};

/** Hono with the hand-written route. */
export const HONO_HAND_WRITTEN_WORKER: WorkerSource = {
  label: 'Hono with a hand-written route',
  source: `import { Hono } from 'hono';
${SINK}
const app = new Hono();
app.post('/webhook', async (c) => {
  if (c.req.header('x-airstack-webhook') !== ${SECRET}) return c.json({ error: 'unauthorized' }, 401);
  sink(await c.req.json());
  return c.json('ok');
});
export default app;`,
};

/** octokit's Web middleware (HMAC verification, GitHub's event types): a reference point from another webhook library. */
export const OCTOKIT_WORKER: WorkerSource = {
  label: "octokit's `createWebMiddleware` (HMAC, event types)",
  source: `import { Webhooks, createWebMiddleware } from '@octokit/webhooks';
${SINK}
const webhooks = new Webhooks({ secret: ${SECRET} });
webhooks.on('push', (event) => sink(event.payload));
export default { fetch: createWebMiddleware(webhooks, { path: '/webhook' }) };`,
};

/** The Worker the HTTP section runs on workerd: the core's handler with a handler for every event, and no logger, as on the other runtimes. */
export const BENCH_CORE_WORKER = `import { webhookHandler } from '@social-webhooks/core';
${SINK}
export default { fetch: webhookHandler({ secret: ${SECRET}, logger: false, on: { 'follow.created': sink, 'follow.deleted': sink, 'profile.created': sink, 'profile.updated': sink } }) };`;

/** The hand-written route the HTTP section runs on workerd. */
export const BENCH_BARE_WORKER = HAND_WRITTEN_WORKER.source;

/**
 * The hand-written route that keeps the contract (apps/contract-route.ts) as a Worker, for the HTTP
 * section's contract row on workerd; `file` is that module's path, bundled from its source.
 */
export function contractWorker(file: string): string {
  return `import { contractRoute } from ${JSON.stringify(file)};
export default { fetch: contractRoute() };`;
}
