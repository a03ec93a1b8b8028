import { describe, expect, it } from 'vitest';
import { fromPostgresJs, migrate, postgresAppKeyStore } from '@social-webhooks/postgres';
import { usePostgres } from './support/postgres-clients.js';
import { postgresBinaries } from './support/postgres-server.js';

// The shared store of the Mini App key lookups against a real PostgreSQL server: two stores on two
// drivers (pg and postgres.js) stand for two instances, and share only what the database holds.
const list = (fetchedAt: number) => ({ fetchedAt, keys: { [`0x${'ab'.repeat(32)}`]: 9152, [`0x${'cd'.repeat(32)}`]: 'unreadable' } });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(postgresBinaries === undefined)('postgresAppKeyStore against a PostgreSQL server', () => {
  const db = usePostgres();
  let prefixes = 0;
  const pair = async () => {
    const prefix = `app_keys${prefixes++}_`;
    await migrate({ client: db.pool, prefix });
    return [postgresAppKeyStore({ client: db.pool, prefix }), postgresAppKeyStore({ client: fromPostgresJs(db.sql), prefix })] as const;
  };

  it("shares each FID's list, as stored, until its TTL", async () => {
    const [one, two] = await pair();
    await one.setSigners(3, list(42), 150);
    expect(await two.getSigners(3)).toEqual(list(42));
    expect(await two.getSigners(4)).toBeUndefined();
    await sleep(200);
    expect(await two.getSigners(3)).toBeUndefined();
    await two.setSigners(3, list(43), 10_000);
    expect(await one.getSigners(3)).toEqual(list(43));
  });

  it('spends one budget for every instance: perSecond at once, then the rate, and `concurrent` in flight', async () => {
    const [one, two] = await pair();
    const budget = { perSecond: 3, concurrent: 10, leaseMs: 1_000 };
    const grants = [await one.acquireLookup(budget), await two.acquireLookup(budget), await one.acquireLookup(budget)];
    expect(grants.every((grant) => grant.ok)).toBe(true);
    const refused = await two.acquireLookup(budget);
    expect(refused).toMatchObject({ ok: false, reason: 'rate' });
    expect((refused as { retryAfterMs: number }).retryAfterMs).toBeGreaterThan(200);
    expect((refused as { retryAfterMs: number }).retryAfterMs).toBeLessThanOrEqual(334);
    await sleep(360);
    expect((await two.acquireLookup(budget)).ok).toBe(true);

    const [three, four] = await pair();
    const narrow = { perSecond: 100, concurrent: 1, leaseMs: 150 };
    const held = await three.acquireLookup(narrow);
    expect(await four.acquireLookup(narrow)).toMatchObject({ ok: false, reason: 'concurrency', retryAfterMs: 10 });
    if (!held.ok) throw new Error('the first call was refused');
    await held.release();
    const lapsing = await four.acquireLookup(narrow);
    expect(lapsing.ok).toBe(true);
    // A place whose holder died frees itself when its lease ends.
    await sleep(200);
    expect((await three.acquireLookup(narrow)).ok).toBe(true);
  });

  it('grants no more than the budget to many instances asking at once', async () => {
    const [one, two] = await pair();
    const budget = { perSecond: 5, concurrent: 3, leaseMs: 10_000 };
    const grants = await Promise.all(Array.from({ length: 40 }, (_, index) => (index % 2 === 0 ? one : two).acquireLookup(budget)));
    expect(grants.filter((grant) => grant.ok)).toHaveLength(3);
    expect(new Set(grants.filter((grant) => !grant.ok).map((grant) => (grant as { reason: string }).reason))).toEqual(
      new Set(['concurrency']),
    );
  });

  it("shares a hub's pause, never shortening a longer one", async () => {
    const [one, two] = await pair();
    await one.pauseLookups(300);
    await two.pauseLookups(10);
    const refused = await two.acquireLookup({ perSecond: 5, concurrent: 5, leaseMs: 1_000 });
    expect(refused).toMatchObject({ ok: false, reason: 'paused' });
    expect((refused as { retryAfterMs: number }).retryAfterMs).toBeGreaterThan(200);
    await sleep(320);
    expect((await one.acquireLookup({ perSecond: 5, concurrent: 5, leaseMs: 1_000 })).ok).toBe(true);
  });

  it("lets one instance fetch a FID at a time; only the claim's holder releases it, and it lapses", async () => {
    const [one, two] = await pair();
    expect(await one.claimFetch(3, 1_000)).toBe(true);
    expect(await two.claimFetch(3, 1_000)).toBe(false);
    expect(await two.claimFetch(4, 100)).toBe(true);
    await two.releaseFetch(3);
    expect(await two.claimFetch(3, 1_000)).toBe(false);
    await one.releaseFetch(3);
    expect(await two.claimFetch(3, 1_000)).toBe(true);
    await sleep(150);
    expect(await one.claimFetch(4, 1_000)).toBe(true);
    const racing = await Promise.all(Array.from({ length: 20 }, (_, index) => (index % 2 === 0 ? one : two).claimFetch(9, 1_000)));
    expect(racing.filter(Boolean)).toHaveLength(1);
  });

  it('says what to run when the budget row is missing', async () => {
    const [one] = await pair();
    await db.pool.query(`DELETE FROM app_keys${prefixes - 1}_app_key_budget`);
    await expect(one.acquireLookup({ perSecond: 1, concurrent: 1, leaseMs: 1 })).rejects.toThrow(/has no row; run migrate/);
    await migrate({ client: db.pool, prefix: `app_keys${prefixes - 1}_` });
    expect((await one.acquireLookup({ perSecond: 1, concurrent: 1, leaseMs: 1 })).ok).toBe(true);
  });
});
