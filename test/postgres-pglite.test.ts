import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import {
  cleanup,
  migrate,
  postgresAppKeyStore,
  postgresDeliveryArchive,
  postgresNotificationHistory,
  postgresNotificationLimiter,
  postgresSchema,
  postgresStore,
  postgresTokenStore,
} from '@social-webhooks/postgres';

// Every store on PGlite, PostgreSQL compiled to WebAssembly in this process: what development, tests
// and the examples use without a server. Its `query(text, params)` answers `{ rows }`, so it is the
// client as it is.
const db = new PGlite();
afterAll(() => db.close());
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the Postgres stores on PGlite', () => {
  it('migrates, twice, to what postgresSchema() creates', async () => {
    await migrate({ client: db });
    await migrate({ client: db });
    const scratch = new PGlite();
    await scratch.exec(postgresSchema());
    const tables = async (on: PGlite) =>
      (await on.query<{ tablename: string }>("SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY 1")).rows;
    expect(await tables(db)).toEqual(await tables(scratch));
    expect(await tables(db)).toHaveLength(14);
    await scratch.close();
  });

  it('claims a delivery once, completes it, releases only by its token, and lets a lease lapse', async () => {
    const store = postgresStore({ client: db });
    const states = await Promise.all(Array.from({ length: 10 }, (_, index) => store.claim('k', `t${index}`, 10_000)));
    expect(states.filter((state) => state === 'claimed')).toHaveLength(1);
    await store.release('k', 'someone-else');
    expect(await store.claim('k', 'x', 10_000)).toBe('in_flight');
    await store.complete('k', `t${states.indexOf('claimed')}`, 60_000);
    expect(await store.claim('k', 'y', 10_000)).toBe('completed');
    await store.claim('lapse', 'a', 30);
    await sleep(60);
    expect(await store.claim('lapse', 'b', 30)).toBe('claimed');
  });

  it('keeps tokens, pages them by user, and forgets one only while it is still that token', async () => {
    const tokens = postgresTokenStore({ client: db });
    await db.query(
      "INSERT INTO social_webhooks_tokens (fid, app_fid, url, token) SELECT fid, 9152, 'https://client.example/n', 't' || fid FROM generate_series(1, 450) AS fid",
    );
    const pages: number[] = [];
    for await (const page of tokens.listPages!()) pages.push(page.length);
    expect(pages).toEqual([200, 200, 50]);
    await tokens.save({ fid: 1, appFid: 9152, url: 'https://client.example/n', token: 'new' });
    expect(await tokens.deleteToken!({ fid: 1, appFid: 9152, token: 't1' })).toBe(false);
    expect((await tokens.get(1)).map((target) => target.token)).toEqual(['new']);
  });

  it('limits a token to one notification per interval and remembers a delivery', async () => {
    const limiter = postgresNotificationLimiter({ client: db, intervalMs: 200 });
    const alice = { fid: 1, appFid: 9152, token: 'tok-a' };
    expect(await limiter.claim('n1', [alice])).toEqual([{ outcome: 'allowed' }]);
    expect(await limiter.claim('n2', [alice])).toMatchObject([{ outcome: 'limited' }]);
    await limiter.confirm('n1', [alice]);
    expect(await limiter.claim('n1', [alice])).toEqual([{ outcome: 'sent' }]);
    await sleep(220);
    expect(await limiter.claim('n2', [alice])).toEqual([{ outcome: 'allowed' }]);
  });

  it("keeps the key lookups' lists, budget and fetch claims", async () => {
    const store = postgresAppKeyStore({ client: db });
    await store.setSigners(3, { fetchedAt: 1, keys: { '0xab': 9152 } }, 60_000);
    expect(await store.getSigners(3)).toEqual({ fetchedAt: 1, keys: { '0xab': 9152 } });
    const budget = { perSecond: 10, concurrent: 1, leaseMs: 10_000 };
    const held = await store.acquireLookup(budget);
    expect(await store.acquireLookup(budget)).toMatchObject({ ok: false, reason: 'concurrency' });
    if (held.ok) await held.release();
    expect((await store.acquireLookup(budget)).ok).toBe(true);
    expect(await store.claimFetch(3, 1_000)).toBe(true);
    expect(await store.claimFetch(3, 1_000)).toBe(false);
  });

  it('keeps the history of a batch: counts by outcome, reason and client, and the timeline', async () => {
    const history = postgresNotificationHistory({ client: db });
    const notification = { notificationId: 'n1', title: 'Hi', body: 'There', targetUrl: 'https://app.example/n' };
    const at = Date.now();
    await history.record({
      notification,
      at,
      entries: [
        { fid: 1, client: '9152', outcome: 'successful', final: true },
        { fid: 2, client: 'x.example', outcome: 'failed', reason: 'timeout', final: true },
        { fid: 2, client: '9152', outcome: 'rateLimited', reason: 'rate_limited', final: false },
      ],
    });
    expect(await history.get('n1')).toMatchObject({
      counts: { successful: 1, failed: 1, rateLimited: 0 },
      byReason: { timeout: 1 },
      byClient: { '9152': { successful: 1 }, 'x.example': { failed: 1 } },
    });
    expect((await history.timeline(2))[0]!.attempts).toEqual([
      { at, client: 'x.example', outcome: 'failed', reason: 'timeout', final: true },
      { at, client: '9152', outcome: 'rateLimited', reason: 'rate_limited', final: false },
    ]);
    expect((await history.list()).broadcasts.map((kept) => kept.notificationId)).toEqual(['n1']);
  });

  it('archives a delivery byte for byte and records its replay', async () => {
    const archive = postgresDeliveryArchive({ client: db });
    const body = Uint8Array.from({ length: 256 }, (_, index) => index);
    const event = { eventName: 'cast.created', data: { hash: '0x1' } };
    const id = await archive.add({
      sender: 'neynar',
      eventName: 'cast.created',
      receivedAt: Date.now(),
      status: 500,
      code: 'handler_failed',
      deliveryKey: 'k1',
      headers: { 'content-type': 'application/json' },
      body,
      bodyAsReceived: true,
      event,
    });
    expect(await archive.get(id)).toMatchObject({ body, event, code: 'handler_failed', replays: 0 });
    await archive.recordReplay(
      id,
      { at: 1, status: 200, code: 'handled' },
      { name: 'r', value: { after: id, replayed: 1, skipped: 0, failed: 0, savedAt: 1 } },
    );
    expect((await archive.list({ code: 'handler_failed' })).deliveries).toMatchObject([{ id, replays: 1 }]);
    expect(await archive.checkpoint('r')).toMatchObject({ after: id });
  });

  it('cleans up what expired', async () => {
    expect(await cleanup({ client: db })).toMatchObject({ dedupe: 1 });
  });
});
