import { describe, expect, it } from 'vitest';
import { applyMiniAppEvent, type NotificationTarget, type NotificationTokenStore } from '@social-webhooks/core';
import { fromPostgresJs, migrate, postgresTokenStore } from '@social-webhooks/postgres';
import { usePostgres } from './support/postgres-clients.js';
import { postgresBinaries } from './support/postgres-server.js';
import { enabledAtSuite } from './support/token-enabled-suite.js';

const DETAILS = { url: 'https://api.farcaster.xyz/v1/frame-notifications', token: 'token-1' };
/** When each target was enabled: the server's clock, which these tests do not pin (token-enabled-suite.ts does). */
const at = { enabledAt: expect.any(Number) as number };

async function all(store: NotificationTokenStore): Promise<NotificationTarget[]> {
  const targets: NotificationTarget[] = [];
  for await (const target of store.list()) targets.push(target);
  return targets;
}

const byClient = (targets: readonly NotificationTarget[]) => [...targets].sort((a, b) => a.appFid - b.appFid);

// The token store against a real PostgreSQL server, started here (support/postgres-server.ts).
describe.skipIf(postgresBinaries === undefined)('postgresTokenStore against a PostgreSQL server', () => {
  const db = usePostgres();
  let prefixes = 0;
  /** A store on tables of its own, through pg or postgres.js. */
  const fresh = async (driver: 'pg' | 'postgres.js' = 'pg') => {
    const prefix = `tokens${++prefixes}_`;
    await migrate({ client: db.pool, prefix });
    return { prefix, store: postgresTokenStore({ client: driver === 'pg' ? db.pool : fromPostgresJs(db.sql), prefix }) };
  };

  it.each(['pg', 'postgres.js'] as const)(
    "keeps one target per user and client, the latest saved, in the app's table (%s)",
    async (driver) => {
      const { prefix, store } = await fresh(driver);
      await store.save({ fid: 3, appFid: 9152, ...DETAILS, token: 'old' });
      await store.save({ fid: 3, appFid: 9152, ...DETAILS });
      await store.save({ fid: 3, appFid: 309857, url: 'https://client.example/notify', token: 'token-2' });
      expect(byClient(await store.get(3))).toEqual([
        { fid: 3, appFid: 9152, ...DETAILS, ...at },
        { fid: 3, appFid: 309857, url: 'https://client.example/notify', token: 'token-2', ...at },
      ]);
      expect(await store.get(4)).toEqual([]);
      // A row the app can join to its users.
      const { rows } = await db.pool.query(`SELECT fid::int, app_fid::int, url, token FROM ${prefix}tokens WHERE fid = 3 ORDER BY app_fid`);
      expect(rows).toEqual([
        { fid: 3, app_fid: 9152, ...DETAILS },
        { fid: 3, app_fid: 309857, url: 'https://client.example/notify', token: 'token-2' },
      ]);
    },
  );

  it("deletes one client's target, or every client's when appFid is left out", async () => {
    const { store } = await fresh();
    await store.save({ fid: 3, appFid: 1, ...DETAILS });
    await store.save({ fid: 3, appFid: 2, ...DETAILS });
    await store.save({ fid: 4, appFid: 1, ...DETAILS });
    await store.delete({ fid: 3, appFid: 1 });
    expect((await store.get(3)).map((target) => target.appFid)).toEqual([2]);
    await store.delete({ fid: 3 });
    expect(await store.get(3)).toEqual([]);
    expect(await store.get(4)).toHaveLength(1);
  });

  it.each(['pg', 'postgres.js'] as const)(
    'lists 3,000 users in pages of at most 200 users, every user once, a user in one page (%s)',
    async (driver) => {
      const { store } = await fresh(driver);
      const users = Array.from({ length: 3_000 }, (_, index) => index + 1);
      await db.pool.query(
        `INSERT INTO tokens${prefixes}_tokens (fid, app_fid, url, token) SELECT fid, 9152, $1, 't' || fid FROM generate_series(1, 3000) AS fid`,
        [DETAILS.url],
      );
      // Some users in two clients: a page never splits them.
      for (const fid of [200, 201, 400, 2_999]) await store.save({ fid, appFid: 1, ...DETAILS, token: `second-${fid}` });
      const pages: NotificationTarget[][] = [];
      for await (const page of store.listPages!()) pages.push([...page]);
      expect(pages).toHaveLength(15);
      for (const page of pages) expect(new Set(page.map((target) => target.fid)).size).toBeLessThanOrEqual(200);
      const fids = pages.flat().map((target) => target.fid);
      expect([...new Set(fids)]).toEqual(users);
      expect(fids).toHaveLength(3_004);
      expect(pages.filter((page) => page.some((target) => target.fid === 200))).toHaveLength(1);
      expect(pages.flat().filter((target) => target.fid === 200)).toHaveLength(2);
      expect(await all(store)).toEqual(pages.flat());
    },
  );

  it('lists every user once while users are saved and deleted during the walk', async () => {
    const { prefix, store } = await fresh();
    await db.pool.query(
      `INSERT INTO ${prefix}tokens (fid, app_fid, url, token) SELECT fid, 1, $1, 't' || fid FROM generate_series(1, 1000) AS fid`,
      [DETAILS.url],
    );
    const fids: number[] = [];
    for await (const page of store.listPages!()) {
      fids.push(...page.map((target) => target.fid));
      if (fids.length !== 200) continue;
      // After the first page: a new token of a user listed, a user deleted ahead, a user added ahead.
      await store.save({ fid: 1, appFid: 1, ...DETAILS, token: 'replaced' });
      await store.delete({ fid: 999 });
      await store.save({ fid: 5_000, appFid: 1, ...DETAILS });
    }
    expect(fids).toEqual([...Array.from({ length: 998 }, (_, index) => index + 1), 1_000, 5_000]);
  });

  it('listPagesFrom(): pages in fid order, each with the last fid as the cursor another store resumes from', async () => {
    const { prefix, store } = await fresh();
    const users = Array.from({ length: 450 }, (_, index) => index + 1);
    for (const fid of users) await store.save({ fid, appFid: 9152, ...DETAILS, token: `t${fid}` });
    await store.save({ fid: 200, appFid: 309857, ...DETAILS, token: 'second-client' });
    const pages: { fids: number[]; cursor: string | undefined }[] = [];
    for await (const { targets, cursor } of store.listPagesFrom!()) pages.push({ fids: targets.map((target) => target.fid), cursor });
    expect(pages.map((page) => page.cursor)).toEqual(['200', '400', undefined]);
    expect(pages[0]!.fids.filter((fid) => fid === 200)).toHaveLength(2);
    const resumed: number[] = [];
    for await (const { targets } of postgresTokenStore({ client: db.pool, prefix }).listPagesFrom!('200')) {
      resumed.push(...targets.map((target) => target.fid));
    }
    expect(resumed).toEqual(users.slice(200));
    await expect(async () => {
      for await (const page of store.listPagesFrom!('1 OR 1=1')) void page;
    }).rejects.toThrow(/never answers/);
  });

  it('forgets a token only while it is still that token, when a new one is saved at the same moment', async () => {
    // A client answered a send "invalid token" while the user enabled notifications again: whichever
    // statement runs first, the new token stays.
    const { store } = await fresh();
    for (let round = 0; round < 50; round++) {
      const fid = 100 + round;
      await store.save({ fid, appFid: 9152, ...DETAILS, token: 'old' });
      await store.save({ fid, appFid: 1, ...DETAILS, token: 'other' });
      const [forgotten] = await Promise.all([
        store.deleteToken!({ fid, appFid: 9152, token: 'old' }),
        store.save({ fid, appFid: 9152, ...DETAILS, token: 'new' }),
      ]);
      expect(typeof forgotten).toBe('boolean');
      expect(byClient(await store.get(fid)).map((target) => target.token)).toEqual(['other', 'new']);
    }
    const { store: other } = await fresh('postgres.js');
    await other.save({ fid: 1, appFid: 9152, ...DETAILS, token: 'new' });
    expect(await other.deleteToken!({ fid: 1, appFid: 9152, token: 'old' })).toBe(false);
    expect(await other.deleteToken!({ fid: 1, appFid: 9152, token: 'new' })).toBe(true);
    expect(await other.get(1)).toEqual([]);
  });

  it('keeps what the Mini App events mean through applyMiniAppEvent', async () => {
    const { store } = await fresh();
    const proven = { fid: 3, appFid: 9152, appKey: `0x${'ab'.repeat(32)}` };
    await applyMiniAppEvent(store, { eventName: 'notifications_enabled', data: { ...proven, notificationDetails: DETAILS } });
    expect(await store.get(3)).toEqual([{ fid: 3, appFid: 9152, ...DETAILS, ...at }]);
    await applyMiniAppEvent(store, { eventName: 'miniapp_removed', data: proven });
    expect(await store.get(3)).toEqual([]);
  });

  it('says so when a row of its table is not a target', async () => {
    const { prefix, store } = await fresh();
    await db.pool.query(`ALTER TABLE ${prefix}tokens ALTER COLUMN url DROP NOT NULL`);
    await db.pool.query(`INSERT INTO ${prefix}tokens (fid, app_fid, url, token) VALUES (8, 1, NULL, 't')`);
    await expect(store.get(8)).rejects.toThrow(/a row of the token table is not \{ fid, app_fid, url, token, enabled_at \}/);
  });

  it('migrate() adds enabled_at to a token table made before it, whose rows read without enabledAt; new tokens get one', async () => {
    const prefix = `tokens${++prefixes}_`;
    // The table as migrate() made it before enabled_at, with a user in it.
    await db.pool.query(`CREATE TABLE ${prefix}tokens (
  fid bigint NOT NULL, app_fid bigint NOT NULL, url text NOT NULL, token text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(), PRIMARY KEY (fid, app_fid))`);
    await db.pool.query(`INSERT INTO ${prefix}tokens (fid, app_fid, url, token) VALUES (3, 9152, $1, 'before')`, [DETAILS.url]);
    await migrate({ client: db.pool, prefix });
    await migrate({ client: db.pool, prefix });
    const store = postgresTokenStore({ client: db.pool, prefix });
    expect(await store.get(3)).toEqual([{ fid: 3, appFid: 9152, url: DETAILS.url, token: 'before' }]);
    await store.save({ fid: 4, appFid: 9152, ...DETAILS, enabledAt: 1_790_000_000_000 });
    expect(await store.get(4)).toEqual([{ fid: 4, appFid: 9152, ...DETAILS, enabledAt: 1_790_000_000_000 }]);
    const { rows } = await db.pool.query(`SELECT fid::int, enabled_at::text FROM ${prefix}tokens ORDER BY fid`);
    expect(rows).toEqual([
      { fid: 3, enabled_at: null },
      { fid: 4, enabled_at: '1790000000000' },
    ]);
  });

  enabledAtSuite('postgresTokenStore', async () => {
    const { prefix, store } = await fresh();
    // A row from before enabled_at: the column NULL.
    const writeOld = async ({ fid, appFid, url, token }: { fid: number; appFid: number; url: string; token: string }) => {
      await db.pool.query(`INSERT INTO ${prefix}tokens (fid, app_fid, url, token) VALUES ($1, $2, $3, $4)`, [fid, appFid, url, token]);
    };
    return { store, writeOld };
  });
});
