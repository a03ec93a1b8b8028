import { afterAll, beforeAll } from 'vitest';
import { startNotificationClient, type StandInClient } from './notification-client.js';
import { startRedis, type RedisServer } from './redis-server.js';

/**
 * A redis-server and a strict stand-in Farcaster client for the enclosing `describe`, both stopped
 * after its tests: what a broadcast test sends through. Read them once the tests run: `const rig =
 * useBroadcastRig(); ... const { redis, client } = rig;`.
 */
export function useBroadcastRig(): { readonly redis: RedisServer; readonly client: StandInClient } {
  const state: { redis?: RedisServer; client?: StandInClient } = {};
  beforeAll(async () => {
    state.redis = await startRedis();
    state.client = await startNotificationClient();
  });
  afterAll(async () => {
    await state.client?.close();
    await state.redis?.stop();
  });
  return {
    get redis() {
      return state.redis!;
    },
    get client() {
      return state.client!;
    },
  };
}
