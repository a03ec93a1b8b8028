import { redisBroadcastRecords, redisNotificationLimiter, redisTokenStore } from '@social-webhooks/redis';
import { describe } from 'vitest';
import { killedRunTest } from './support/broadcast-kill.js';
import { broadcastCancelSuite } from './support/broadcast-cancel-suite.js';
import { broadcastSuite, type BroadcastBackend } from './support/broadcast-suite.js';
import { DESERIALIZATIONS, useUpstash } from './support/upstash-client.js';

// Resumable broadcasts through @upstash/redis over the REST stand-in in front of a real redis-server,
// as a Vercel function builds its client (Redis.fromEnv(), whatever its automaticDeserialization): the
// shared suite, and a run in a child process SIGKILLed at a third.
describe('resumable broadcasts on Upstash Redis over REST', () => {
  const upstash = useUpstash();
  let prefixes = 0;
  for (const { name, options } of DESERIALIZATIONS) {
    const backend = (): BroadcastBackend => {
      const client = upstash.fromEnv(options);
      const prefix = `upstash-broadcasts-${++prefixes}:`;
      return {
        tokens: () => redisTokenStore({ client, prefix: `${prefix}tokens:` }),
        limiter: (limits) => redisNotificationLimiter({ client, prefix: `${prefix}notify:`, ...limits }),
        records: (options) => redisBroadcastRecords({ client, prefix: `${prefix}broadcasts:`, ...options }),
      };
    };
    broadcastSuite(`Upstash through ${name}`, backend);
    broadcastCancelSuite(`Upstash through ${name}`, backend);
  }
  killedRunTest('Upstash over REST', () => ({
    stores: (prefix) => {
      const client = upstash.fromEnv();
      return {
        store: redisTokenStore({ client, prefix: `${prefix}tokens:` }),
        limiter: redisNotificationLimiter({ client, prefix: `${prefix}notify:` }),
        records: redisBroadcastRecords({ client, prefix: `${prefix}broadcasts:` }),
      };
    },
    env: () => ({ BACKEND: 'upstash', UPSTASH_URL: upstash.rest.url, UPSTASH_TOKEN: upstash.rest.token }),
  }));
});
