import { Redis as IORedis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { WebhookError } from '@social-webhooks/core';
import { redisOpenStore, type RedisEvalClient } from '@social-webhooks/redis';
import { openStoreContract } from './support/open-store-contract.js';
import { useRedisForms } from './support/redis-forms.js';

// The Redis open store through each client form (node-redis, ioredis through its documented
// wrapper, @upstash/redis over REST either way it deserializes) against a real redis-server: the
// open store contract (support/open-store-contract.ts; two stores on one server stand for two
// instances, and share only what Redis holds), one round trip a call, and the options refused.
const { forms, upstash } = useRedisForms();
let prefixes = 0;

for (const { name, client } of forms) {
  openStoreContract(`redisOpenStore on ${name}`, (options) => {
    const prefix = `opens-${prefixes++}:`;
    return () => redisOpenStore({ client: client(), prefix, ...options });
  });
}

describe('redisOpenStore', () => {
  it('records an open in one round trip, and reads the counts in one, with keys of one hash slot', async () => {
    const calls: string[][] = [];
    const counting: RedisEvalClient = {
      eval: (script, options) => (calls.push(options.keys), upstash.client.eval(script, options)),
    };
    const store = redisOpenStore({ client: counting, prefix: 'counted:' });
    await store.record({ notificationId: 'n-1', fid: 3, clientFid: 9152, at: Date.now() });
    expect(calls).toEqual([['counted:{n-1}:counts', 'counted:{n-1}:fids']]);
    await store.counts('n-1');
    expect(calls).toHaveLength(2);
    expect(await upstash.client.pTTL('counted:{n-1}:fids')).toBeGreaterThan(29 * 24 * 3600 * 1000);
  });

  it.each([
    [{}, '`client` must be a Redis client'],
    [{ client: new IORedis({ lazyConnect: true }) }, 'io.eval(script, keys.length'],
    [{ client: { eval: () => Promise.resolve(1) }, prefix: '' }, '`prefix` must be a non-empty string'],
    [{ client: { eval: () => Promise.resolve(1) }, retentionMs: 0 }, '`retentionMs` must be a positive whole number'],
  ])('refuses options %# with invalid_options that says the fix', (options, says) => {
    const call = () => redisOpenStore(options as never);
    expect(call).toThrow(WebhookError);
    expect(call).toThrow(says);
    expect(call).toThrow(/^@social-webhooks\/redis: redisOpenStore\(\): /);
  });
});
