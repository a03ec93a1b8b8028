import { describe, expect, it } from 'vitest';
import { memoryAppKeyStore } from './memory-app-key-store.js';

const budget = { perSecond: 2, concurrent: 3, leaseMs: 1_000 };
const list = (fetchedAt: number) => ({ fetchedAt, keys: { [`0x${'ab'.repeat(32)}`]: 9152 } });

describe('memoryAppKeyStore', () => {
  it('keeps a list for its TTL, and at most maxEntries FIDs, the oldest going first', async () => {
    const store = memoryAppKeyStore({ maxEntries: 2 });
    await store.setSigners(1, list(1), 50);
    await store.setSigners(2, list(2), 10_000);
    expect(await store.getSigners(1)).toEqual(list(1));
    await store.setSigners(3, list(3), 10_000);
    expect(await store.getSigners(1)).toBeUndefined();
    expect(await store.getSigners(3)).toEqual(list(3));
    await store.setSigners(2, list(2), 20);
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(await store.getSigners(2)).toBeUndefined();
  });

  it('allows perSecond calls at once, then one each 1/perSecond s, and says how long to wait', async () => {
    const store = memoryAppKeyStore();
    const grants = [await store.acquireLookup(budget), await store.acquireLookup(budget), await store.acquireLookup(budget)];
    expect(grants.map((grant) => grant.ok)).toEqual([true, true, false]);
    expect(grants[2]).toMatchObject({ ok: false, reason: 'rate' });
    expect((grants[2] as { retryAfterMs: number }).retryAfterMs).toBeGreaterThan(400);
    await new Promise((resolve) => setTimeout(resolve, 520));
    expect((await store.acquireLookup(budget)).ok).toBe(true);
  });

  it('allows `concurrent` calls in flight, a released one freeing its place once', async () => {
    const store = memoryAppKeyStore();
    const wide = { perSecond: 100, concurrent: 2, leaseMs: 1_000 };
    const first = await store.acquireLookup(wide);
    await store.acquireLookup(wide);
    expect(await store.acquireLookup(wide)).toMatchObject({ ok: false, reason: 'concurrency' });
    if (!first.ok) throw new Error('the first call was refused');
    await first.release();
    await first.release();
    expect((await store.acquireLookup(wide)).ok).toBe(true);
    expect(await store.acquireLookup(wide)).toMatchObject({ ok: false, reason: 'concurrency' });
  });

  it('refuses every call while paused, never shortening a longer pause', async () => {
    const store = memoryAppKeyStore();
    await store.pauseLookups(200);
    await store.pauseLookups(10);
    const refused = await store.acquireLookup(budget);
    expect(refused).toMatchObject({ ok: false, reason: 'paused' });
    expect((refused as { retryAfterMs: number }).retryAfterMs).toBeGreaterThan(150);
    await new Promise((resolve) => setTimeout(resolve, 220));
    expect((await store.acquireLookup(budget)).ok).toBe(true);
  });

  it('always lets its own process fetch (the lookup shares one call per FID itself), and refuses a bad maxEntries', async () => {
    const store = memoryAppKeyStore();
    expect([await store.claimFetch(1, 1_000), await store.claimFetch(1, 1_000)]).toEqual([true, true]);
    expect(() => memoryAppKeyStore({ maxEntries: 0 })).toThrow(/`maxEntries` must be a positive whole number \(default 10000\); got 0/);
  });
});
