import { redisNotificationLimiter, redisTokenStore } from '@social-webhooks/redis';
import { describe, expect, it } from 'vitest';
import { useRedisClient } from './support/redis-client.js';

// The notification limiter and the token store's compare-and-delete on a real redis-server.
const redis = useRedisClient();
let prefixes = 0;
const fresh = () => `test:${++prefixes}:`;
const target = (fid: number, token = `tok-${fid}`) => ({ fid, appFid: 9152, token });

describe('redisNotificationLimiter', () => {
  it('of two instances claiming one token for two notifications at once, lets exactly one send', async () => {
    const prefix = fresh();
    const one = redisNotificationLimiter({ client: redis.client, prefix });
    const two = redisNotificationLimiter({ client: redis.client, prefix });
    const targets = Array.from({ length: 100 }, (_, index) => target(index + 1));
    const [a, b] = await Promise.all([one.claim('n1', targets), two.claim('n2', targets)]);
    for (let index = 0; index < targets.length; index++) {
      const outcomes = [a[index]!.outcome, b[index]!.outcome].sort();
      expect(outcomes).toEqual(['allowed', 'limited']);
    }
  });

  it('holds a token within the interval with the time to retry, allows a retry of the same id, and counts the day', async () => {
    const limiter = redisNotificationLimiter({ client: redis.client, prefix: fresh(), intervalMs: 300, perDay: 2 });
    const before = Date.now();
    expect(await limiter.claim('n1', [target(1)])).toEqual([{ outcome: 'allowed' }]);
    expect(await limiter.claim('n1', [target(1)])).toEqual([{ outcome: 'allowed' }]);
    const [held] = await limiter.claim('n2', [target(1)]);
    expect(held).toMatchObject({ outcome: 'limited' });
    const retryAt = (held as { retryAt: number }).retryAt;
    expect(retryAt).toBeGreaterThanOrEqual(before + 250);
    expect(retryAt).toBeLessThanOrEqual(Date.now() + 350);
    await new Promise((resolve) => setTimeout(resolve, retryAt - Date.now() + 20));
    expect(await limiter.claim('n2', [target(1)])).toEqual([{ outcome: 'allowed' }]);
    await new Promise((resolve) => setTimeout(resolve, 320));
    expect(await limiter.claim('n3', [target(1)])).toMatchObject([{ outcome: 'limited' }]);
  });

  it('starts a token’s interval again from the answer that confirms it, on Redis’s clock', async () => {
    const limiter = redisNotificationLimiter({ client: redis.client, prefix: fresh(), intervalMs: 1_000 });
    await limiter.claim('n1', [target(1), target(2)]);
    // The request took 300 ms to be answered; only the first user's token was delivered.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const answered = Date.now();
    await limiter.confirm('n1', [target(1)]);
    const [delivered, refused] = (await limiter.claim('n2', [target(1), target(2)])) as { outcome: string; retryAt: number }[];
    expect(delivered!.retryAt).toBeGreaterThanOrEqual(answered + 1_000 - 5);
    expect(refused!.retryAt).toBeLessThan(answered + 1_000 - 200);
    // A confirm of another notification than the token's last claim moves nothing.
    await limiter.confirm('n0', [target(2)]);
    expect(await limiter.claim('n2', [target(2)])).toEqual([refused]);
  });

  it('remembers a confirmed delivery per user and client, so the same notification is not sent again', async () => {
    const limiter = redisNotificationLimiter({ client: redis.client, prefix: fresh(), intervalMs: 1 });
    await limiter.claim('n1', [target(1)]);
    await limiter.confirm('n1', [target(1)]);
    await new Promise((resolve) => setTimeout(resolve, 5));
    // A new token of the same user and client (notifications enabled again) is still the same user.
    expect(await limiter.claim('n1', [target(1, 'tok-new'), target(2)])).toEqual([{ outcome: 'sent' }, { outcome: 'allowed' }]);
  });

  it('refuses a client without eval and a limit that is not a positive integer', () => {
    expect(() => redisNotificationLimiter({ client: {} as never })).toThrow(/`client` must be a Redis client/);
    expect(() => redisNotificationLimiter({ client: redis.client, perDay: 0 })).toThrow(/`perDay` must be a positive integer/);
  });
});

describe('redisTokenStore().deleteToken', () => {
  it('forgets the client’s token only while it is still that token', async () => {
    const store = redisTokenStore({ client: redis.client, prefix: fresh() });
    await store.save({ fid: 1, appFid: 9152, url: 'https://client.example/n', token: 'old' });
    await store.save({ fid: 1, appFid: 1, url: 'https://other.example/n', token: 'other' });
    await store.save({ fid: 1, appFid: 9152, url: 'https://client.example/n', token: 'new' });
    expect(await store.deleteToken!({ fid: 1, appFid: 9152, token: 'old' })).toBe(false);
    expect((await store.get(1)).map((held) => held.token).sort()).toEqual(['new', 'other']);
    expect(await store.deleteToken!({ fid: 1, appFid: 9152, token: 'new' })).toBe(true);
    expect((await store.get(1)).map((held) => held.token)).toEqual(['other']);
  });
});
