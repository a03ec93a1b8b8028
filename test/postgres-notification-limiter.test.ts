import { describe, expect, it } from 'vitest';
import { cleanup, fromPostgresJs, migrate, postgresNotificationLimiter, postgresStore } from '@social-webhooks/postgres';
import { usePostgres } from './support/postgres-clients.js';
import { postgresBinaries } from './support/postgres-server.js';

const target = (fid: number, token = `tok-${fid}`) => ({ fid, appFid: 9152, token });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// The notification limiter against a real PostgreSQL server, started here (support/postgres-server.ts),
// with the semantics of memoryNotificationLimiter and redisNotificationLimiter.
describe.skipIf(postgresBinaries === undefined)('postgresNotificationLimiter against a PostgreSQL server', () => {
  const db = usePostgres();
  let prefixes = 0;
  const fresh = async () => {
    const prefix = `notify${++prefixes}_`;
    await migrate({ client: db.pool, prefix });
    return prefix;
  };

  it('of two instances claiming 100 tokens for two notifications at once, lets exactly one send to each token', async () => {
    const prefix = await fresh();
    const one = postgresNotificationLimiter({ client: db.pool, prefix });
    const two = postgresNotificationLimiter({ client: fromPostgresJs(db.sql), prefix });
    const targets = Array.from({ length: 100 }, (_, index) => target(index + 1));
    const [a, b] = await Promise.all([one.claim('n1', targets), two.claim('n2', targets)]);
    for (let index = 0; index < targets.length; index++) {
      expect([a[index]!.outcome, b[index]!.outcome].sort()).toEqual(['allowed', 'limited']);
    }
  });

  it('of four instances claiming overlapping batches in opposite orders, allows each token once, without a deadlock', async () => {
    const prefix = await fresh();
    const targets = Array.from({ length: 300 }, (_, index) => target(index + 1));
    const batches = [targets, [...targets].reverse(), targets.slice(100), targets.slice(0, 200).reverse()];
    const claims = await Promise.all(
      batches.map((batch, index) => postgresNotificationLimiter({ client: db.pool, prefix }).claim(`n${index}`, batch)),
    );
    const allowed = new Map<string, number>();
    batches.forEach((batch, index) =>
      batch.forEach((held, at) => {
        if (claims[index]![at]!.outcome === 'allowed') allowed.set(held.token, (allowed.get(held.token) ?? 0) + 1);
      }),
    );
    expect(allowed.size).toBe(300);
    expect([...allowed.values()].every((count) => count === 1)).toBe(true);
  });

  it('holds a token within the interval with the time to retry, allows a retry of the same id, and counts the day', async () => {
    const limiter = postgresNotificationLimiter({ client: db.pool, prefix: await fresh(), intervalMs: 300, perDay: 2 });
    const before = Date.now();
    expect(await limiter.claim('n1', [target(1)])).toEqual([{ outcome: 'allowed' }]);
    expect(await limiter.claim('n1', [target(1)])).toEqual([{ outcome: 'allowed' }]);
    const [held] = await limiter.claim('n2', [target(1)]);
    expect(held).toMatchObject({ outcome: 'limited' });
    const retryAt = (held as { retryAt: number }).retryAt;
    expect(retryAt).toBeGreaterThanOrEqual(before + 250);
    expect(retryAt).toBeLessThanOrEqual(Date.now() + 350);
    await sleep(retryAt - Date.now() + 20);
    expect(await limiter.claim('n2', [target(1)])).toEqual([{ outcome: 'allowed' }]);
    await sleep(320);
    const [spent] = await limiter.claim('n3', [target(1)]);
    // Held until the day that began with n1 is over.
    expect(spent).toMatchObject({ outcome: 'limited' });
    expect((spent as { retryAt: number }).retryAt).toBeGreaterThanOrEqual(before + 86_400_000 - 50);
    expect((spent as { retryAt: number }).retryAt).toBeLessThanOrEqual(Date.now() + 86_400_000);
  });

  it('starts a new day for a token whose day is over', async () => {
    const prefix = await fresh();
    const limiter = postgresNotificationLimiter({ client: db.pool, prefix, intervalMs: 1, perDay: 1 });
    expect(await limiter.claim('n1', [target(1)])).toEqual([{ outcome: 'allowed' }]);
    await sleep(5);
    expect(await limiter.claim('n2', [target(1)])).toMatchObject([{ outcome: 'limited' }]);
    // A day later by the server's clock, as far as the row can tell.
    await db.pool.query(
      `UPDATE ${prefix}notify_tokens SET day_start = day_start - interval '24 hours', sent_at = sent_at - interval '24 hours'`,
    );
    expect(await limiter.claim('n2', [target(1)])).toEqual([{ outcome: 'allowed' }]);
    const { rows } = await db.pool.query(`SELECT day_count, day_start > now() - interval '1 minute' AS today FROM ${prefix}notify_tokens`);
    expect(rows).toEqual([{ day_count: 1, today: true }]);
  });

  it('starts a token’s interval again from the answer that confirms it, on the server’s clock', async () => {
    const limiter = postgresNotificationLimiter({ client: db.pool, prefix: await fresh(), intervalMs: 1_000 });
    await limiter.claim('n1', [target(1), target(2)]);
    // The request took 300 ms to be answered; only the first user's token was delivered.
    await sleep(300);
    const answered = Date.now();
    await limiter.confirm('n1', [target(1)]);
    const [delivered, refused] = (await limiter.claim('n2', [target(1), target(2)])) as { outcome: string; retryAt: number }[];
    expect(delivered!.retryAt).toBeGreaterThanOrEqual(answered + 1_000 - 5);
    expect(refused!.retryAt).toBeLessThan(answered + 1_000 - 200);
    // A confirm of another notification than the token's last claim moves nothing.
    await limiter.confirm('n0', [target(2)]);
    expect(await limiter.claim('n2', [target(2)])).toEqual([refused]);
  });

  it('remembers a confirmed delivery per user and client for dedupeMs, so the same notification is not sent again', async () => {
    const limiter = postgresNotificationLimiter({ client: db.pool, prefix: await fresh(), intervalMs: 1, dedupeMs: 300 });
    await limiter.claim('n1', [target(1)]);
    await limiter.confirm('n1', [target(1), target(1)]);
    await sleep(5);
    // A new token of the same user and client (notifications enabled again) is still the same user.
    expect(await limiter.claim('n1', [target(1, 'tok-new'), target(2)])).toEqual([{ outcome: 'sent' }, { outcome: 'allowed' }]);
    // Another client of the same user is another delivery.
    expect(await limiter.claim('n1', [{ fid: 1, appFid: 1, token: 'tok-other' }])).toEqual([{ outcome: 'allowed' }]);
    await sleep(320);
    expect(await limiter.claim('n1', [target(1, 'tok-new')])).toEqual([{ outcome: 'allowed' }]);
  });

  it('answers each target of a batch that names one token twice, in order', async () => {
    const limiter = postgresNotificationLimiter({ client: db.pool, prefix: await fresh() });
    expect(await limiter.claim('n1', [target(1, 'shared'), target(2), target(3, 'shared')])).toEqual([
      { outcome: 'allowed' },
      { outcome: 'allowed' },
      { outcome: 'allowed' },
    ]);
    expect(await limiter.claim('n2', [target(1, 'shared'), target(3, 'shared')])).toMatchObject([
      { outcome: 'limited' },
      { outcome: 'limited' },
    ]);
    expect(await limiter.claim('n2', [])).toEqual([]);
  });

  it('cleanup() deletes the rows past their windows and keeps the live ones', async () => {
    const prefix = await fresh();
    const limiter = postgresNotificationLimiter({ client: db.pool, prefix, dedupeMs: 50 });
    const store = postgresStore({ client: db.pool, prefix });
    await limiter.claim('n1', [target(1), target(2)]);
    await limiter.confirm('n1', [target(1), target(2)]);
    await store.claim('lapses', 'a', 50);
    await store.claim('holds', 'b', 60_000);
    await sleep(120);
    // The token rows hold their interval and day: only what expired goes.
    expect(await cleanup({ client: db.pool, prefix })).toEqual({
      dedupe: 1,
      notifyTokens: 0,
      notifySent: 2,
      appKeySigners: 0,
      appKeyFetches: 0,
      broadcasts: 0,
      history: 0,
      timelines: 0,
      archive: 0,
      archiveReplays: 0,
      opens: 0,
      openers: 0,
    });
    await db.pool.query(`UPDATE ${prefix}notify_tokens SET expires_at = now() WHERE token = 'tok-1'`);
    expect(await cleanup({ client: fromPostgresJs(db.sql), prefix })).toEqual({
      dedupe: 0,
      notifyTokens: 1,
      notifySent: 0,
      appKeySigners: 0,
      appKeyFetches: 0,
      broadcasts: 0,
      history: 0,
      timelines: 0,
      archive: 0,
      archiveReplays: 0,
      opens: 0,
      openers: 0,
    });
    expect(await store.claim('holds', 'c', 1000)).toBe('in_flight');
    expect(await limiter.claim('n2', [target(2)])).toMatchObject([{ outcome: 'limited' }]);
  });
});
