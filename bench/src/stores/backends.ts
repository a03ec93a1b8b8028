import pg from 'pg';
import { Redis } from '@upstash/redis';
import { createClient } from 'redis';
import {
  memoryAppKeyStore,
  memoryNotificationLimiter,
  memoryStore,
  memoryTokenStore,
  type AppKeyStore,
  type DedupeStore,
  type NotificationLimiter,
  type NotificationTokenStore,
} from '@social-webhooks/core';
import { migrate, postgresAppKeyStore, postgresNotificationLimiter, postgresStore, postgresTokenStore } from '@social-webhooks/postgres';
import { redisAppKeyStore, redisNotificationLimiter, redisStore, redisTokenStore, type RedisEvalClient } from '@social-webhooks/redis';
import { startPostgres } from '../../../test/support/postgres-server.js';
import { startUpstashRest, type UpstashRest } from '../../../test/support/upstash-rest.js';
import { startRedisProcess } from '../queue/redis-process.js';
import { fillTokens } from '../notify/fill-tokens.js';

/** The stores of one role (each role its own keys or tables, and its own count of round trips). */
export interface Stores {
  readonly dedupe: DedupeStore;
  readonly tokens: NotificationTokenStore;
  readonly appKeys: AppKeyStore;
  readonly limiter: NotificationLimiter;
}

/** A store backend: its stores per role, each on a client that counts the round trips it makes. */
export interface Backend {
  readonly name: string;
  stores(role: string): Promise<Stores>;
  /** Round trips the clients of `role` have made so far. */
  roundTrips(role: string): number;
  /** Saves `count` users' tokens (fids 1…count, round-robin over `urls`) where `role`'s token store reads them. */
  fill(role: string, urls: readonly string[], count: number): Promise<void>;
  close(): Promise<void>;
}

export function memoryBackend(): Backend {
  const made = new Map<string, Stores>();
  return {
    name: 'memory (one process)',
    async stores(role) {
      const stores = {
        dedupe: memoryStore(),
        tokens: memoryTokenStore(),
        appKeys: memoryAppKeyStore(),
        limiter: memoryNotificationLimiter(),
      };
      made.set(role, stores);
      return stores;
    },
    roundTrips: () => 0,
    async fill(role, urls, count) {
      const { tokens } = made.get(role)!;
      for (let fid = 1; fid <= count; fid++)
        await tokens.save({ fid, appFid: 9152, url: urls[fid % urls.length]!, token: `bench-token-${fid}` });
    },
    close: async () => undefined,
  };
}

/** node-redis over TCP: each EVAL a round trip, counted by a wrapper of the client. */
export async function redisBackend(): Promise<Backend> {
  const server = await startRedisProcess();
  const client = createClient({ url: `redis://127.0.0.1:${server.port}` });
  await client.connect();
  const counts = new Map<string, number>();
  return {
    name: 'Redis over TCP (node-redis)',
    async stores(role) {
      counts.set(role, 0);
      const counted: RedisEvalClient = {
        eval: (script, options) => {
          counts.set(role, counts.get(role)! + 1);
          return client.eval(script, options);
        },
      };
      return redisStores(counted, role);
    },
    roundTrips: (role) => counts.get(role) ?? 0,
    fill: (role, urls, count) => fillTokens(client, urls, count, `${role}:tokens:`),
    async close() {
      await client.quit();
      await server.stop();
    },
  };
}

/** `@upstash/redis` over Upstash's REST API (the local stand-in in front of a redis-server): each HTTP request a round trip, counted by the stand-in, one stand-in per role. */
export async function upstashBackend(): Promise<Backend> {
  const server = await startRedisProcess();
  const url = `redis://127.0.0.1:${server.port}`;
  const client = createClient({ url });
  await client.connect();
  const rests = new Map<string, UpstashRest>();
  return {
    name: 'Upstash over REST (@upstash/redis)',
    async stores(role) {
      const rest = await startUpstashRest(url);
      rests.set(role, rest);
      // As Redis.fromEnv() builds it: default options (auto-pipelining on, JSON parsing on).
      return redisStores(new Redis({ url: rest.url, token: rest.token, enableTelemetry: false }), role);
    },
    roundTrips: (role) => rests.get(role)?.requests ?? 0,
    fill: (role, urls, count) => fillTokens(client, urls, count, `${role}:tokens:`),
    async close() {
      for (const rest of rests.values()) await rest.close();
      await client.quit();
      await server.stop();
    },
  };
}

function redisStores(client: RedisEvalClient | Redis, role: string): Stores {
  return {
    dedupe: redisStore({ client, prefix: `${role}:dedupe:` }),
    tokens: redisTokenStore({ client, prefix: `${role}:tokens:` }),
    appKeys: redisAppKeyStore({ client, prefix: `${role}:app-keys:` }),
    limiter: redisNotificationLimiter({ client, prefix: `${role}:notify:` }),
  };
}

/** PostgreSQL through a `pg` pool: each statement a round trip, counted by a wrapper of the pool. */
export async function postgresBackend(): Promise<Backend> {
  const server = await startPostgres();
  const pool = new pg.Pool({ connectionString: server.url, max: 10 });
  // An idle connection ended by the server's shutdown is not an error of the bench.
  pool.on('error', () => undefined);
  const counts = new Map<string, number>();
  const prefixOf = (role: string) => `bench_${role.replace(/[^a-z]/g, '_')}_`;
  return {
    name: 'PostgreSQL (pg pool)',
    async stores(role) {
      const prefix = prefixOf(role);
      await migrate({ client: pool, prefix });
      counts.set(role, 0);
      const client = {
        query: (text: string, values: (string | null)[]) => {
          counts.set(role, counts.get(role)! + 1);
          return pool.query(text, values);
        },
      };
      return {
        dedupe: postgresStore({ client, prefix }),
        tokens: postgresTokenStore({ client, prefix }),
        appKeys: postgresAppKeyStore({ client, prefix }),
        limiter: postgresNotificationLimiter({ client, prefix }),
      };
    },
    roundTrips: (role) => counts.get(role) ?? 0,
    async fill(role, urls, count) {
      await pool.query(
        `INSERT INTO ${prefixOf(role)}tokens (fid, app_fid, url, token)
SELECT g, 9152, ($1::text[])[g % $2 + 1], 'bench-token-' || g FROM generate_series(1, $3::int) AS g`,
        [urls, urls.length, count],
      );
    },
    async close() {
      await pool.end();
      await server.remove();
    },
  };
}
