// One run of resumable broadcasts in a process of its own, for the kill tests: the stores of
// BACKEND (redis: REDIS_URL; upstash: UPSTASH_URL and UPSTASH_TOKEN, over REST; postgres:
// DATABASE_URL) under PREFIX, and a `fetch` that holds each answer DELAY_MS before handing it on
// (a client's answer on its way), so a SIGKILL lands between a delivery and our record of it;
// CONCURRENCY requests in flight (default 2).
// Prints `READY`, then `BATCH <successful>` per batch, then `DONE <json>` when the run ends.
import { createBroadcasts, type BroadcastRecordStore, type NotificationLimiter, type NotificationTokenStore } from '@social-webhooks/core';
import { postgresBroadcastRecords, postgresNotificationLimiter, postgresTokenStore } from '@social-webhooks/postgres';
import { redisBroadcastRecords, redisNotificationLimiter, redisTokenStore, type RedisStoreClient } from '@social-webhooks/redis';
import { Redis } from '@upstash/redis';
import pg from 'pg';
import { createClient } from 'redis';

const env = (name: string): string => {
  const value = process.env[name];
  if (value === undefined) throw new Error(`broadcast-run: set ${name}`);
  return value;
};
const backend = env('BACKEND');
const prefix = env('PREFIX');
const delayMs = Number(process.env['DELAY_MS'] ?? 0);
const write = (line: string) => process.stdout.write(`${line}\n`);

let stores: { store: NotificationTokenStore; limiter: NotificationLimiter; records: BroadcastRecordStore };
if (backend === 'postgres') {
  const client = new pg.Pool({ connectionString: env('DATABASE_URL') });
  stores = {
    store: postgresTokenStore({ client, prefix }),
    limiter: postgresNotificationLimiter({ client, prefix }),
    records: postgresBroadcastRecords({ client, prefix }),
  };
} else {
  let client: RedisStoreClient;
  if (backend === 'upstash') client = new Redis({ url: env('UPSTASH_URL'), token: env('UPSTASH_TOKEN') });
  else {
    const redis = createClient({ url: env('REDIS_URL') });
    await redis.connect();
    client = redis;
  }
  stores = {
    store: redisTokenStore({ client, prefix: `${prefix}tokens:` }),
    limiter: redisNotificationLimiter({ client, prefix: `${prefix}notify:` }),
    records: redisBroadcastRecords({ client, prefix: `${prefix}broadcasts:` }),
  };
}

const broadcasts = createBroadcasts({
  ...stores,
  timeoutMs: 2_000,
  leaseMs: 3_000,
  concurrency: Number(process.env['CONCURRENCY'] ?? 2),
  retryDelayMs: 10,
  logger: false,
  fetch: async (input, init) => {
    const response = await fetch(input, init);
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    return response;
  },
  onBatch: (result) => {
    write(`BATCH ${result.successful.length}`);
  },
});
write('READY');
const run = await broadcasts.run({ timeLimitMs: 120_000 });
write(`DONE ${JSON.stringify(run)}`);
process.exit(0);
