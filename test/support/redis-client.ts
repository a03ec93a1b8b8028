import { createClient } from 'redis';
import { afterAll, beforeAll } from 'vitest';
import { startRedis, type RedisServer } from './redis-server.js';

/** A node-redis client connected to a redis-server of the test file's own. */
export type RedisClient = ReturnType<typeof createClient>;

/**
 * Starts a redis-server for the enclosing `describe` (redis-server.ts says what to do when it is
 * missing) and connects a node-redis client to it, both stopped after its tests. The client is read
 * from what this returns once the tests run: `const redis = useRedisClient(); ... redis.client`.
 */
export function useRedisClient(): { readonly client: RedisClient; readonly server: RedisServer } {
  const state: { client?: RedisClient; server?: RedisServer } = {};
  beforeAll(async () => {
    state.server = await startRedis();
    state.client = createClient({ url: state.server.url, disableOfflineQueue: true });
    state.client.on('error', () => undefined);
    await state.client.connect();
  });
  afterAll(async () => {
    await state.client?.quit().catch(() => undefined);
    await state.server?.stop();
  });
  return {
    get client() {
      return state.client!;
    },
    get server() {
      return state.server!;
    },
  };
}
