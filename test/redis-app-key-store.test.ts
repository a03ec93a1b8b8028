import { describe, expect, it } from 'vitest';
import { redisAppKeyStore } from '@social-webhooks/redis';
import { useRedisClient } from './support/redis-client.js';

// The shared store of the Mini App key lookups against a real redis-server: two stores on two
// clients stand for two instances, and share only what Redis holds.
const list = (fetchedAt: number) => ({ fetchedAt, keys: { [`0x${'ab'.repeat(32)}`]: 9152, [`0x${'cd'.repeat(32)}`]: 'unreadable' } });
let prefixes = 0;

describe('redisAppKeyStore', () => {
  const redis = useRedisClient();
  const pair = () => {
    const prefix = `app-keys-${prefixes++}:`;
    return [redisAppKeyStore({ client: redis.client, prefix }), redisAppKeyStore({ client: redis.client, prefix })] as const;
  };

  it("shares each FID's list, as stored, until its TTL", async () => {
    const [one, two] = pair();
    await one.setSigners(3, list(42), 80);
    expect(await two.getSigners(3)).toEqual(list(42));
    expect(await two.getSigners(4)).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(await two.getSigners(3)).toBeUndefined();
  });

  it('spends one budget for every instance: perSecond at once, then the rate, and `concurrent` in flight', async () => {
    const [one, two] = pair();
    const budget = { perSecond: 3, concurrent: 10, leaseMs: 1_000 };
    const grants = [await one.acquireLookup(budget), await two.acquireLookup(budget), await one.acquireLookup(budget)];
    expect(grants.every((grant) => grant.ok)).toBe(true);
    expect(await two.acquireLookup(budget)).toMatchObject({ ok: false, reason: 'rate' });
    await new Promise((resolve) => setTimeout(resolve, 360));
    expect((await two.acquireLookup(budget)).ok).toBe(true);

    const [three, four] = pair();
    const narrow = { perSecond: 100, concurrent: 1, leaseMs: 150 };
    const held = await three.acquireLookup(narrow);
    expect(await four.acquireLookup(narrow)).toMatchObject({ ok: false, reason: 'concurrency' });
    if (!held.ok) throw new Error('the first call was refused');
    await held.release();
    const lapsing = await four.acquireLookup(narrow);
    expect(lapsing.ok).toBe(true);
    // A place whose holder died frees itself when its lease ends.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await three.acquireLookup(narrow)).ok).toBe(true);
  });

  it("shares a hub's pause, never shortening a longer one", async () => {
    const [one, two] = pair();
    await one.pauseLookups(300);
    await two.pauseLookups(10);
    const refused = await two.acquireLookup({ perSecond: 5, concurrent: 5, leaseMs: 1_000 });
    expect(refused).toMatchObject({ ok: false, reason: 'paused' });
    expect((refused as { retryAfterMs: number }).retryAfterMs).toBeGreaterThan(200);
  });

  it("lets one instance fetch a FID at a time; only the claim's holder releases it, and it lapses", async () => {
    const [one, two] = pair();
    expect(await one.claimFetch(3, 1_000)).toBe(true);
    expect(await two.claimFetch(3, 1_000)).toBe(false);
    expect(await two.claimFetch(4, 100)).toBe(true);
    await two.releaseFetch(3);
    expect(await two.claimFetch(3, 1_000)).toBe(false);
    await one.releaseFetch(3);
    expect(await two.claimFetch(3, 1_000)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(await one.claimFetch(4, 1_000)).toBe(true);
  });

  it('refuses a client without eval and a prefix that is not a string', () => {
    expect(() => redisAppKeyStore({ client: {} as never })).toThrow(/`client` must be a Redis client with an eval method/);
    expect(() => redisAppKeyStore({ client: redis.client, prefix: 1 as never })).toThrow(/`prefix` must be a string/);
    expect(() => redisAppKeyStore(undefined as never)).toThrow(/takes an options object/);
  });
});
