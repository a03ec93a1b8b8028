import { redisBroadcastRecords, redisNotificationLimiter, redisTokenStore } from '@social-webhooks/redis';
import { describe } from 'vitest';
import { killedRunTest } from './support/broadcast-kill.js';
import { broadcastCancelSuite } from './support/broadcast-cancel-suite.js';
import { broadcastSuite, type BroadcastBackend } from './support/broadcast-suite.js';
import { useRedisClient } from './support/redis-client.js';

// Resumable broadcasts on a real redis-server through node-redis: the shared suite, and a run in a
// child process SIGKILLed at a third.
describe('resumable broadcasts on Redis', () => {
  const redis = useRedisClient();
  let prefixes = 0;
  const backend = (): BroadcastBackend => {
    const prefix = `broadcasts-${++prefixes}:`;
    return {
      tokens: () => redisTokenStore({ client: redis.client, prefix: `${prefix}tokens:` }),
      limiter: (limits) => redisNotificationLimiter({ client: redis.client, prefix: `${prefix}notify:`, ...limits }),
      records: (options) => redisBroadcastRecords({ client: redis.client, prefix: `${prefix}broadcasts:`, ...options }),
    };
  };
  broadcastSuite('Redis (node-redis)', backend);
  broadcastCancelSuite('Redis (node-redis)', backend);
  killedRunTest('Redis (node-redis)', () => ({
    stores: (prefix) => ({
      store: redisTokenStore({ client: redis.client, prefix: `${prefix}tokens:` }),
      limiter: redisNotificationLimiter({ client: redis.client, prefix: `${prefix}notify:` }),
      records: redisBroadcastRecords({ client: redis.client, prefix: `${prefix}broadcasts:` }),
    }),
    env: () => ({ BACKEND: 'redis', REDIS_URL: redis.server.url }),
  }));
});
