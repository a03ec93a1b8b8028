import type { DeliveryArchive, NewArchivedDelivery } from '@social-webhooks/core';
import { fromPostgresJs, postgresDeliveryArchive, type PostgresQueryable } from '@social-webhooks/postgres';
import { describe, expect, it } from 'vitest';
import { usePostgres } from './support/postgres-clients.js';
import { postgresBinaries } from './support/postgres-server.js';

// The Postgres delivery archive on a real PostgreSQL server, through pg and postgres.js: the Redis
// archive's cases (test/redis-archive.test.ts), and instances adding at once.
const delivery = (at: number, over: Partial<NewArchivedDelivery> = {}): NewArchivedDelivery => ({
  sender: 'neynar',
  eventName: 'cast.created',
  receivedAt: at,
  status: 200,
  code: 'handled',
  deliveryKey: `neynar:cast.created:header:${at}`,
  headers: { 'content-type': 'application/json', 'x-neynar-signature': 'ab'.repeat(64) },
  // Bytes that are not UTF-8, and every byte value: the body must come back byte for byte.
  body: Uint8Array.from({ length: 300 }, (_, index) => (index * 7) % 256),
  bodyAsReceived: true,
  // A NUL and an emoji in a string, keys in an order jsonb would change: kept as sent.
  event: { eventName: 'cast.created', data: { text: 'a\u0000b 🎉', hash: `0x${at}`, author: { fid: 3 } } },
  ...over,
});
const PREFIXES = Array.from({ length: 12 }, (_, index) => `archive${index + 1}_`);

describe.skipIf(postgresBinaries === undefined)('postgresDeliveryArchive', () => {
  const db = usePostgres(PREFIXES);
  let used = 0;
  const forms: { name: string; client: () => PostgresQueryable }[] = [
    { name: 'pg', client: () => db.pool },
    { name: 'postgres.js', client: () => fromPostgresJs(db.sql) },
  ];

  describe.each(forms)('through $name', ({ client }) => {
    const archive = (options: { keepMs?: number; maxDeliveries?: number } = {}): DeliveryArchive =>
      postgresDeliveryArchive({ client: client(), prefix: PREFIXES[used++]!, ...options });

    it('keeps a delivery byte for byte, and gives it back by id and in a list', async () => {
      const store = archive();
      const now = Date.now();
      const id = await store.add(delivery(now));
      const got = await store.get(id);
      expect(got).toMatchObject({
        id,
        sender: 'neynar',
        eventName: 'cast.created',
        receivedAt: now,
        status: 200,
        code: 'handled',
        replays: 0,
      });
      expect(got!.body).toEqual(delivery(now).body);
      expect(JSON.stringify(got!.event)).toBe(JSON.stringify(delivery(now).event));
      expect(got!.headers).toEqual(delivery(now).headers);
      expect(got!.deliveryKey).toBe(`neynar:cast.created:header:${now}`);
      expect((await store.list()).deliveries).toEqual([got]);
      expect(await store.get('0000000000000-nothing')).toBeUndefined();
      const keyless = await store.add(delivery(now, { deliveryKey: undefined, bodyAsReceived: false, body: new Uint8Array() }));
      expect(await store.get(keyless)).toMatchObject({ deliveryKey: undefined, bodyAsReceived: false, body: new Uint8Array() });
    });

    it('lists a window with filters, in pages, newest or oldest first', async () => {
      const store = archive();
      const base = Date.now() - 10_000;
      for (let index = 0; index < 7; index++) {
        await store.add(
          delivery(base + index * 100, {
            code: index % 2 === 0 ? 'handler_failed' : 'handled',
            eventName: index === 6 ? 'cast.deleted' : 'cast.created',
          }),
        );
      }
      const times = (page: { deliveries: readonly { receivedAt: number }[] }) => page.deliveries.map((d) => d.receivedAt - base);
      expect(times(await store.list({ order: 'asc' }))).toEqual([0, 100, 200, 300, 400, 500, 600]);
      const first = await store.list({ limit: 3 });
      expect(times(first)).toEqual([600, 500, 400]);
      const second = await store.list({ limit: 3, cursor: first.cursor! });
      expect(times(second)).toEqual([300, 200, 100]);
      expect(times(await store.list({ limit: 3, cursor: second.cursor! }))).toEqual([0]);
      expect((await store.list({ limit: 3, cursor: second.cursor! })).cursor).toBeUndefined();
      const ascending = await store.list({ order: 'asc', limit: 4 });
      expect(times(await store.list({ order: 'asc', cursor: ascending.cursor! }))).toEqual([400, 500, 600]);
      expect(times(await store.list({ code: 'handler_failed', order: 'asc' }))).toEqual([0, 200, 400, 600]);
      expect(times(await store.list({ since: base + 150, until: base + 450, order: 'asc' }))).toEqual([200, 300, 400]);
      expect(times(await store.list({ eventName: 'cast.deleted' }))).toEqual([600]);
      expect(times(await store.list({ sender: 'miniapp' }))).toEqual([]);
    });

    it('drops the oldest past maxDeliveries and those past keepMs, in the add that passes them', async () => {
      const sized = archive({ maxDeliveries: 2 });
      const now = Date.now();
      for (const at of [now - 3, now - 2, now - 1]) await sized.add(delivery(at));
      expect((await sized.list({ order: 'asc' })).deliveries.map((d) => d.receivedAt)).toEqual([now - 2, now - 1]);
      const aged = archive({ keepMs: 60_000 });
      await aged.add(delivery(now - 120_000));
      await aged.add(delivery(now));
      expect((await aged.list()).deliveries.map((d) => d.receivedAt)).toEqual([now]);
    });

    it("records a later outcome, a replay and a replay's checkpoint", async () => {
      const store = archive();
      const id = await store.add(delivery(Date.now(), { status: 202, code: 'accepted' }));
      await store.settle(id, { status: 500, code: 'handler_failed' });
      expect(await store.get(id)).toMatchObject({ status: 500, code: 'handler_failed' });
      const checkpoint = { after: id, replayed: 1, skipped: 0, failed: 0, savedAt: 5 };
      await store.recordReplay(id, { at: 9, status: 200, code: 'handled' }, { name: 'fix-1', value: checkpoint });
      expect(await store.get(id)).toMatchObject({ replays: 1, lastReplay: { at: 9, status: 200, code: 'handled' } });
      expect(await store.checkpoint('fix-1')).toEqual(checkpoint);
      await store.recordReplay(id, { at: 10, status: 200, code: 'duplicate' });
      expect(await store.get(id)).toMatchObject({ replays: 2, lastReplay: { at: 10, code: 'duplicate' } });
      await store.saveCheckpoint('fix-1', { ...checkpoint, skipped: 1 });
      expect(await store.checkpoint('fix-1')).toMatchObject({ skipped: 1 });
      expect(await store.checkpoint('none')).toBeUndefined();
    });
  });

  it('keeps what two instances add at once, in arrival order, within maxDeliveries', async () => {
    const prefix = PREFIXES[used++]!;
    const instances = [
      postgresDeliveryArchive({ client: db.pool, prefix }),
      postgresDeliveryArchive({ client: fromPostgresJs(db.sql), prefix }),
    ];
    const now = Date.now();
    const ids = await Promise.all(Array.from({ length: 60 }, (_, index) => instances[index % 2]!.add(delivery(now + index))));
    const listed = await instances[0]!.list({ order: 'asc', limit: 1000 });
    expect(listed.deliveries.map((d) => d.id)).toEqual([...ids].sort());
    expect(listed.deliveries.map((d) => d.receivedAt)).toEqual(Array.from({ length: 60 }, (_, index) => now + index));
    const bounded = [0, 1].map(() => postgresDeliveryArchive({ client: db.pool, prefix: PREFIXES[used]!, maxDeliveries: 10 }));
    used++;
    await Promise.all(Array.from({ length: 40 }, (_, index) => bounded[index % 2]!.add(delivery(now + index))));
    // An add drops what was committed before it: once the racing ones are in, the next keeps the last 10.
    const last = await bounded[0]!.add(delivery(now + 40));
    const kept = (await bounded[1]!.list()).deliveries;
    expect(kept).toHaveLength(10);
    expect(kept[0]!.id).toBe(last);
  });

  it('refuses a client without query and bad bounds, saying what to pass', () => {
    expect(() => postgresDeliveryArchive({ client: {} as PostgresQueryable })).toThrow(/`client` must have a query\(text, values\) method/);
    expect(() => postgresDeliveryArchive({ client: db.pool, keepMs: 0 })).toThrow(
      /postgresDeliveryArchive\(\): `keepMs` must be a positive whole number/,
    );
    expect(() => postgresDeliveryArchive({ client: db.pool, maxDeliveries: 1.5 })).toThrow(
      /`maxDeliveries` must be a positive whole number/,
    );
  });
});
