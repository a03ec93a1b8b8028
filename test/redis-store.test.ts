import { describe, expect, it } from 'vitest';
import { WebhookError, webhookHandler } from '@social-webhooks/core';
import { buildDeliveryRequest } from '@social-webhooks/core/testing';
import { DEFAULT_REDIS_PREFIX, redisStore, type RedisEvalClient } from '@social-webhooks/redis';
import { Redis as IORedis } from 'ioredis';
import { useRedisClient } from './support/redis-client.js';

// Against a real redis-server, started here; see support/redis-server.ts for when it is missing.
describe('redisStore against redis-server', () => {
  const redis = useRedisClient();

  it('claims a free key for exactly one of many concurrent claims', async () => {
    const store = redisStore({ client: redis.client, prefix: 'concurrent:' });
    const states = await Promise.all(Array.from({ length: 50 }, (_, index) => store.claim('k', `token-${index}`, 10_000)));
    expect(states.filter((state) => state === 'claimed')).toHaveLength(1);
    expect(states.filter((state) => state === 'in_flight')).toHaveLength(49);
  });

  it('stores the claim under the prefix with the lease as its TTL (SET NX PX)', async () => {
    const store = redisStore({ client: redis.client });
    await store.claim('lease', 'token-a', 5000);
    expect(await redis.client.get(`${DEFAULT_REDIS_PREFIX}lease`)).toBe('token-a');
    const ttl = await redis.client.pTTL(`${DEFAULT_REDIS_PREFIX}lease`);
    expect(ttl).toBeGreaterThan(4000);
    expect(ttl).toBeLessThanOrEqual(5000);
  });

  it('answers completed after complete, with the longer TTL', async () => {
    const store = redisStore({ client: redis.client, prefix: 'complete:' });
    await store.claim('k', 'token-a', 1000);
    await store.complete('k', 'token-a', 86_400_000);
    expect(await store.claim('k', 'token-b', 1000)).toBe('completed');
    expect(await redis.client.pTTL('complete:k')).toBeGreaterThan(86_000_000);
  });

  it('releases only while the token still holds the claim', async () => {
    const store = redisStore({ client: redis.client, prefix: 'release:' });
    await store.claim('k', 'token-a', 10_000);
    await store.release('k', 'token-b');
    expect(await store.claim('k', 'token-c', 10_000)).toBe('in_flight');
    await store.release('k', 'token-a');
    expect(await store.claim('k', 'token-c', 10_000)).toBe('claimed');
  });

  it('lets a claim that was never settled lapse after its lease', async () => {
    const store = redisStore({ client: redis.client, prefix: 'lapse:' });
    await store.claim('k', 'token-a', 50);
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(await store.claim('k', 'token-b', 50)).toBe('claimed');
  });

  it('runs the handler once through the receiver, and again after a failure', async () => {
    let runs = 0;
    let fail = true;
    const handle = webhookHandler({
      secret: 'redis-secret',
      dedupe: { store: redisStore({ client: redis.client, prefix: 'receiver:' }) },
      on: {
        'follow.created': () => {
          runs++;
          if (fail) throw new Error('first attempt fails');
        },
      },
      onError: () => undefined,
    });
    const deliver = () => handle(buildDeliveryRequest({ secret: 'redis-secret' }));
    expect((await deliver()).status).toBe(500);
    fail = false;
    expect((await deliver()).status).toBe(200);
    expect((await deliver()).status).toBe(200);
    expect(runs).toBe(2);
  });

  it('works with a client that is not node-redis through a small wrapper', async () => {
    const calls: string[] = [];
    const wrapped: RedisEvalClient = { eval: (script, options) => (calls.push(options.keys[0]!), redis.client.eval(script, options)) };
    const store = redisStore({ client: wrapped, prefix: 'wrapped:' });
    expect(await store.claim('k', 't', 1000)).toBe('claimed');
    expect(calls).toEqual(['wrapped:k']);
  });

  it('refuses a client without eval, and a prefix that is not a string', () => {
    expect(() => redisStore({ client: {} as RedisEvalClient })).toThrow(WebhookError);
    expect(() => redisStore({ client: {} as RedisEvalClient })).toThrow(/^@social-webhooks\/redis: `client` must be a Redis client/);
    expect(() => redisStore({ client: redis.client, prefix: 1 as unknown as string })).toThrow(/prefix/);
  });

  it('refuses an ioredis client at once, with the wrapper that fits it, which then works', async () => {
    const io = new IORedis(redis.server.url, { lazyConnect: true });
    try {
      expect(() => redisStore({ client: io as never })).toThrow(
        /`client` is an ioredis client.*\{ eval: \(script, \{ keys, arguments: args \}\) => io\.eval\(script, keys\.length, \.\.\.keys, \.\.\.args\) \}/,
      );
      const wrapped: RedisEvalClient = { eval: (script, { keys, arguments: args }) => io.eval(script, keys.length, ...keys, ...args) };
      expect(await redisStore({ client: wrapped, prefix: 'ioredis:' }).claim('k', 't', 1_000)).toBe('claimed');
    } finally {
      io.disconnect();
    }
  });
});
