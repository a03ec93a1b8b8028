import { Redis } from '@upstash/redis';
import { createBroadcasts, createNotifier, type Broadcasts, type NotificationTokenStore, type Notifier } from '@social-webhooks/core';
import { redisAppKeyStore, redisBroadcastRecords, redisNotificationLimiter, redisTokenStore } from '@social-webhooks/redis';
import { appDomain } from './env';

/** What every route shares, all of it in one Upstash database, so every function instance sees the same state. */
export interface Stores {
  readonly redis: Redis;
  /** Each user's notification tokens, per Farcaster client. */
  readonly tokens: NotificationTokenStore;
  /** Each FID's app keys as the hub listed them, the hub lookup budget and its 429 pause. */
  readonly appKeys: ReturnType<typeof redisAppKeyStore>;
  /** Sends with those tokens, our side of the clients' limits (and their 24-hour record) kept in Upstash too. */
  readonly notifier: Notifier;
  /** Broadcasts that any run continues (the broadcast route, then the cron), their progress in Upstash. */
  readonly broadcasts: Broadcasts;
  readonly domain: string;
}

let stores: Stores | undefined;

/**
 * The stores, made on the first request that needs them and kept for the instance's life: not
 * while `next build` loads the route files, which have no variables then. `Redis.fromEnv()` reads
 * `UPSTASH_REDIS_REST_URL`/`_TOKEN`, or the `KV_REST_API_URL`/`_TOKEN` that Vercel's marketplace sets.
 */
export function upstashStores(env: Readonly<Record<string, string | undefined>> = process.env): Stores {
  if (stores !== undefined) return stores;
  if (!(env['UPSTASH_REDIS_REST_URL'] || env['KV_REST_API_URL']) || !(env['UPSTASH_REDIS_REST_TOKEN'] || env['KV_REST_API_TOKEN'])) {
    throw new Error(
      'nextjs-miniapp: connect an Upstash Redis database (Vercel’s Storage tab sets KV_REST_API_URL and KV_REST_API_TOKEN), ' +
        'or set UPSTASH_REDIS_REST_URL and UPSTASH_REDIS_REST_TOKEN.',
    );
  }
  const redis = Redis.fromEnv();
  const tokens = redisTokenStore({ client: redis });
  const limiter = redisNotificationLimiter({ client: redis });
  const domain = appDomain(env);
  const notifier = createNotifier({ store: tokens, limiter, domain });
  const broadcasts = createBroadcasts({ store: tokens, limiter, records: redisBroadcastRecords({ client: redis }), domain });
  stores = { redis, tokens, appKeys: redisAppKeyStore({ client: redis }), notifier, broadcasts, domain };
  return stores;
}
