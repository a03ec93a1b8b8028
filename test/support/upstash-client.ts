import { Redis } from '@upstash/redis';
import { afterAll, beforeAll, vi } from 'vitest';
import { useRedisClient, type RedisClient } from './redis-client.js';
import { startUpstashRest, type UpstashRest } from './upstash-rest.js';

/** The two ways an app builds its client: `Redis.fromEnv()` as it comes, and with `automaticDeserialization: false`. */
export const DESERIALIZATIONS = [
  { name: 'Redis.fromEnv()', options: {} },
  { name: 'Redis.fromEnv({ automaticDeserialization: false })', options: { automaticDeserialization: false } },
] as const;

/**
 * A redis-server, a node-redis client on it, and the Upstash REST stand-in in front of it, for the
 * enclosing `describe`; `fromEnv()` builds an `@upstash/redis` client as a function on Vercel does,
 * from `KV_REST_API_URL`/`KV_REST_API_TOKEN` (what Vercel's marketplace sets) or
 * `UPSTASH_REDIS_REST_URL`/`_TOKEN`.
 */
export function useUpstash(): {
  readonly client: RedisClient;
  readonly rest: UpstashRest;
  fromEnv(options?: { automaticDeserialization?: false }, variables?: 'UPSTASH_REDIS_REST' | 'KV_REST_API'): Redis;
} {
  const redis = useRedisClient();
  let rest: UpstashRest | undefined;
  beforeAll(async () => {
    rest = await startUpstashRest(redis.server.url);
  });
  afterAll(() => rest?.close());
  return {
    get client() {
      return redis.client;
    },
    get rest() {
      return rest!;
    },
    fromEnv(options = {}, variables = 'UPSTASH_REDIS_REST') {
      const url = variables === 'KV_REST_API' ? 'KV_REST_API_URL' : 'UPSTASH_REDIS_REST_URL';
      const token = variables === 'KV_REST_API' ? 'KV_REST_API_TOKEN' : 'UPSTASH_REDIS_REST_TOKEN';
      vi.stubEnv(url, rest!.url);
      vi.stubEnv(token, rest!.token);
      try {
        return Redis.fromEnv(options);
      } finally {
        vi.unstubAllEnvs();
      }
    },
  };
}
