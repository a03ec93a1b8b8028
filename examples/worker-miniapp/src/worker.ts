import { cleanup, type NotifyMessage, type QueueBatch, type WorkerContext } from '@social-webhooks/cloudflare';
import { createApp } from './app.js';
import type { Env } from './env.js';
import { storesOf, type Stores } from './stores.js';

// The Durable Object class that holds the stores' tables: exported, and bound as STATE in wrangler.toml.
export { SocialWebhooksState } from '@social-webhooks/cloudflare';

// Bindings exist only inside a handler: the stores and routes are built at the first one, then kept
// for the isolate's life (its env does not change).
let built: { stores: Stores; fetch: ReturnType<typeof createApp> } | undefined;
const build = (env: Env) => {
  if (built !== undefined) return built;
  const stores = storesOf(env);
  return (built = { stores, fetch: createApp(env, stores) });
};

export default {
  fetch(request: Request, env: Env, ctx: WorkerContext): Promise<Response> {
    return build(env).fetch(request, ctx);
  },
  // The notifications queue: a plan message becomes batch messages; each batch is one request to a client.
  async queue(batch: QueueBatch<NotifyMessage>, env: Env, ctx: WorkerContext): Promise<void> {
    await build(env).stores.sendBatches(batch, env, ctx);
  },
  // The Cron Trigger: rows past their expiry go, so the object's tables stay small.
  async scheduled(_controller: unknown, env: Env): Promise<void> {
    const deleted = await cleanup(build(env).stores.storage);
    console.log(`cleanup: ${JSON.stringify(deleted)}`);
  },
};
