import { redisNotificationHistory, type RedisEvalClient, type RedisStoreClient } from '@social-webhooks/redis';
import { describe, expect, it } from 'vitest';
import { historyContract } from './support/history-contract.js';
import { digest } from './support/history-scenario.js';
import { useRedisForms } from './support/redis-forms.js';

// The Redis notification history on each client form (node-redis, ioredis through its wrapper,
// @upstash/redis over the REST stand-in either way it deserializes), against a real redis-server:
// the history contract (support/history-contract.ts), a batch one EVAL, and the options refused.
const { forms, upstash } = useRedisForms();
let prefixes = 0;

for (const { name, client } of forms) {
  historyContract(`redisNotificationHistory on ${name}`, (options) => {
    const prefix = `history-${++prefixes}:`;
    return () => redisNotificationHistory({ client: client(), prefix, ...options });
  });
}

describe('redisNotificationHistory round trips', () => {
  it('writes a batch of 100 targets in one EVAL', async () => {
    let calls = 0;
    const counting: RedisEvalClient = { eval: (script, options) => (calls++, upstash.client.eval(script, options)) };
    const kept = redisNotificationHistory({ client: counting, prefix: 'history-count:' });
    const entries = Array.from({ length: 100 }, (_, index) => ({
      fid: index + 1,
      client: '9152',
      outcome: 'successful' as const,
      final: true,
    }));
    await kept.record({ notification: digest, at: Date.now(), entries });
    expect(calls).toBe(1);
    expect((await kept.get(digest.notificationId))!.counts.successful).toBe(100);
    expect(await kept.timeline(100)).toHaveLength(1);
  });
});

describe('redisNotificationHistory options', () => {
  it('refuses what cannot work, saying how to fix it', () => {
    expect(() => redisNotificationHistory({ client: {} as RedisStoreClient })).toThrow(
      /redisNotificationHistory\(\): `client` must be a Redis client/,
    );
    expect(() => redisNotificationHistory({ client: upstash.client, keepMs: -1 })).toThrow(/`keepMs` must be a positive integer/);
    expect(() => redisNotificationHistory({ client: upstash.client, prefix: '' })).toThrow(/`prefix` must be a non-empty string/);
  });
});
