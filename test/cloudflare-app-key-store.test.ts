import { describe, expect, it } from 'vitest';
import { useCloudflareWorkers, type StorageKind } from './support/cloudflare-workers.js';

// The app key store on D1 and on the Durable Object, in two Workers on workerd sharing the storage
// (each Worker one instance): the cases of test/redis-app-key-store.test.ts and test/postgres-app-key-store.test.ts.
const workers = useCloudflareWorkers();
let prefixes = 0;
const list = (appFid: number) => ({ fetchedAt: 1_700_000_000_000, keys: { [`0x${'ab'.repeat(32)}`]: appFid } });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
type Grant = { ok: boolean; reason?: string; retryAfterMs?: number; release?: string };

describe.each<{ storage: StorageKind }>([{ storage: 'd1' }, { storage: 'do' }])('cloudflareAppKeyStore on $storage', ({ storage }) => {
  // Two instances on a fresh prefix, its tables created (on D1 the first call creates them), so
  // the timed cases below time the stores alone.
  const pair = async () => {
    const prefix = `keys_${++prefixes}_`;
    const on =
      (worker: 'a' | 'b') =>
      (method: string, ...args: unknown[]) =>
        workers.call(worker, { storage, prefix, store: 'keys', method, args });
    await on('a')('getSigners', 0);
    return [on('a'), on('b')] as const;
  };
  const done = (id: string | undefined, ...args: unknown[]) =>
    workers.call('a', { storage, prefix: 'x_', store: 'held', method: id!, args });

  it("shares each FID's list, as stored, until its TTL", async () => {
    const [one, two] = await pair();
    await one('setSigners', 3, list(42), 1_000);
    expect(await two('getSigners', 3)).toEqual(list(42));
    expect(await two('getSigners', 4)).toBeNull();
    await sleep(1_100);
    expect(await two('getSigners', 3)).toBeNull();
  });

  it('spends one budget for every instance: perSecond at once, then the rate, and `concurrent` in flight', async () => {
    const [one, two] = await pair();
    const budget = { perSecond: 2, concurrent: 10, leaseMs: 1_000 };
    const grants = [await one('acquireLookup', budget), await two('acquireLookup', budget)] as Grant[];
    expect(grants.every((grant) => grant.ok)).toBe(true);
    const refused = (await two('acquireLookup', budget)) as Grant;
    expect(refused).toMatchObject({ ok: false, reason: 'rate' });
    expect(refused.retryAfterMs).toBeGreaterThan(250);
    expect(refused.retryAfterMs).toBeLessThanOrEqual(500);
    await sleep(520);
    expect(((await two('acquireLookup', budget)) as Grant).ok).toBe(true);

    const [three, four] = await pair();
    const narrow = { perSecond: 100, concurrent: 1, leaseMs: 1_000 };
    const held = (await three('acquireLookup', narrow)) as Grant;
    expect(await four('acquireLookup', narrow)).toMatchObject({ ok: false, reason: 'concurrency', retryAfterMs: 10 });
    await done(held.release);
    expect(((await four('acquireLookup', narrow)) as Grant).ok).toBe(true);
    // A place whose holder died frees itself when its lease ends.
    await sleep(1_100);
    expect(((await three('acquireLookup', narrow)) as Grant).ok).toBe(true);
  });

  it('grants no more than the budget to many instances asking at once (a flood of forgeries spends it once)', async () => {
    const [one, two] = await pair();
    const budget = { perSecond: 5, concurrent: 3, leaseMs: 10_000 };
    const grants = (await Promise.all(
      Array.from({ length: 40 }, (_, index) => (index % 2 === 0 ? one : two)('acquireLookup', budget)),
    )) as Grant[];
    expect(grants.filter((grant) => grant.ok)).toHaveLength(3);
    expect(new Set(grants.filter((grant) => !grant.ok).map((grant) => grant.reason))).toEqual(new Set(['concurrency']));
  });

  it("shares a hub's pause, never shortening a longer one", async () => {
    const [one, two] = await pair();
    await one('pauseLookups', 1_000);
    await two('pauseLookups', 10);
    const refused = (await two('acquireLookup', { perSecond: 5, concurrent: 5, leaseMs: 1_000 })) as Grant;
    expect(refused).toMatchObject({ ok: false, reason: 'paused' });
    expect(refused.retryAfterMs).toBeGreaterThan(500);
    await sleep(1_050);
    expect(((await one('acquireLookup', { perSecond: 5, concurrent: 5, leaseMs: 1_000 })) as Grant).ok).toBe(true);
  });

  it("lets one instance fetch a FID at a time; only the claim's holder releases it, and it lapses", async () => {
    const [one, two] = await pair();
    expect(await one('claimFetch', 3, 1_000)).toBe(true);
    expect(await two('claimFetch', 3, 1_000)).toBe(false);
    expect(await two('claimFetch', 4, 100)).toBe(true);
    await two('releaseFetch', 3);
    expect(await two('claimFetch', 3, 1_000)).toBe(false);
    await one('releaseFetch', 3);
    expect(await two('claimFetch', 3, 1_000)).toBe(true);
    await sleep(150);
    expect(await one('claimFetch', 4, 1_000)).toBe(true);
    const racing = await Promise.all(Array.from({ length: 20 }, (_, index) => (index % 2 === 0 ? one : two)('claimFetch', 9, 1_000)));
    expect(racing.filter(Boolean)).toHaveLength(1);
  });

  it('starts a lookup in one call: one instance fetches, the others wait, then every one reads the list kept', async () => {
    const [one, two] = await pair();
    const budget = { perSecond: 10, concurrent: 10, leaseMs: 1_000 };
    const starts = (await Promise.all(
      Array.from({ length: 10 }, (_, index) => (index % 2 === 0 ? one : two)('startLookup', 7, budget)),
    )) as { state: string; finish?: string }[];
    expect(starts.filter(({ state }) => state === 'fetch')).toHaveLength(1);
    expect(starts.filter(({ state }) => state === 'busy')).toHaveLength(9);
    await done(starts.find(({ state }) => state === 'fetch')!.finish, list(42), 10_000);
    expect(await two('startLookup', 7, budget)).toEqual({ state: 'kept', list: list(42) });
    // The call's place and the claim were freed: a lookup of another FID may fetch, and the budget
    // refuses with no claim left behind.
    await one('pauseLookups', 1_000);
    expect(await one('startLookup', 8, budget)).toMatchObject({ state: 'refused', reason: 'paused' });
    expect(await two('claimFetch', 8, 1_000)).toBe(true);
  });
});
