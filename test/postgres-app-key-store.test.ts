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

  it('startLookup: the kept list in one statement, else the claim and the budget together, and finish in one more', async () => {
    const [one, two] = await pair();
    const budget = { perSecond: 5, concurrent: 5, leaseMs: 1_000 };
    let statements = 0;
    const counted = postgresAppKeyStore({
      client: { query: (text: string, values: (string | null)[]) => (statements++, db.pool.query(text, values)) },
      prefix: `app_keys${prefixes - 1}_`,
    });
    await one.setSigners(3, list(42), 10_000);
    expect(await counted.startLookup!(3, budget)).toEqual({ state: 'kept', list: list(42) });
    expect(statements).toBe(1);

    const start = await counted.startLookup!(5, budget);
    expect(start.state).toBe('fetch');
    expect(await two.startLookup!(5, budget)).toEqual({ state: 'busy' });
    if (start.state !== 'fetch') throw new Error('unreachable');
    await start.finish(list(43), 10_000);
    expect(statements).toBe(3);
    expect(await two.startLookup!(5, budget)).toEqual({ state: 'kept', list: list(43) });
    // finish freed the call and the claim: the whole budget is there to take, and the FID's fetch is free.
    expect(await two.claimFetch(5, 1_000)).toBe(true);
    await two.releaseFetch(5);

    // A failed fetch keeps no list, and frees the claim so the next lookup fetches at once.
    const failed = await one.startLookup!(6, budget);
    if (failed.state !== 'fetch') throw new Error(`expected a fetch, got ${failed.state}`);
    await failed.finish(undefined, 10_000);
    expect(await two.getSigners(6)).toBeUndefined();
    expect((await two.startLookup!(6, budget)).state).toBe('fetch');

    // Refused by a pause: no claim is held, so once it is over the FID can be fetched.
    await one.pauseLookups(300);
    expect(await two.startLookup!(7, budget)).toMatchObject({ state: 'refused', reason: 'paused' });
    await sleep(320);
    expect(await one.claimFetch(7, 1_000)).toBe(true);
  });

  it('startLookup: of many instances starting one FID at once, one fetches, the others wait for its list', async () => {
    const [one, two] = await pair();
    const budget = { perSecond: 50, concurrent: 50, leaseMs: 1_000 };
    const starts = await Promise.all(Array.from({ length: 20 }, (_, index) => (index % 2 === 0 ? one : two).startLookup!(9, budget)));
    expect(starts.filter((start) => start.state === 'fetch')).toHaveLength(1);
    expect(starts.filter((start) => start.state === 'busy')).toHaveLength(19);
  });

  it('says what to run when the budget row is missing', async () => {
    const [one] = await pair();
    await db.pool.query(`DELETE FROM app_keys${prefixes - 1}_app_key_budget`);
    await expect(one.acquireLookup({ perSecond: 1, concurrent: 1, leaseMs: 1 })).rejects.toThrow(/has no row; run migrate/);
    await migrate({ client: db.pool, prefix: `app_keys${prefixes - 1}_` });
    expect((await one.acquireLookup({ perSecond: 1, concurrent: 1, leaseMs: 1 })).ok).toBe(true);
  });
});
