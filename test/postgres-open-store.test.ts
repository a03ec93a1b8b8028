import { memoryOpenStore, WebhookError, type OpenStore } from '@social-webhooks/core';
import { fromPostgresJs, postgresOpenStore, type PostgresQueryable } from '@social-webhooks/postgres';
import { describe, expect, it } from 'vitest';
import { usePostgres } from './support/postgres-clients.js';
import { postgresBinaries } from './support/postgres-server.js';

// The open store's cases of test/redis-open-store.test.ts on a real PostgreSQL server, through pg
// and postgres.js (two stores on one database stand for two instances), and memoryOpenStore beside
// them: every store answers the same.
const PREFIXES = Array.from({ length: 10 }, (_, index) => `opens${index + 1}_`);

describe.skipIf(postgresBinaries === undefined)('postgresOpenStore', () => {
  const db = usePostgres(PREFIXES);
  let used = 0;
  const postgres = (client: () => PostgresQueryable) => (retentionMs?: number) => {
    const prefix = PREFIXES[used++]!;
    return () => postgresOpenStore({ client: client(), prefix, ...(retentionMs === undefined ? {} : { retentionMs }) });
  };
  const forms: { name: string; make(retentionMs?: number): () => OpenStore }[] = [
    {
      name: 'memoryOpenStore',
      make: (retentionMs) => {
        const store = memoryOpenStore(retentionMs === undefined ? {} : { retentionMs });
        return () => store;
      },
    },
    { name: 'postgresOpenStore on pg', make: postgres(() => db.pool) },
    { name: 'postgresOpenStore on postgres.js', make: postgres(() => fromPostgresJs(db.sql)) },
  ];

  describe.each(forms)('$name', ({ make }) => {
    it('counts every open, the distinct FIDs, and both per client; zeros for a notification nobody opened', async () => {
      const store = make()();
      const at = Date.now();
      const uniques = [];
      for (const [fid, clientFid] of [
        [3, 9152],
        [3, 9152],
        [4, 9152],
        [4, 1],
        [5, undefined],
      ] as const) {
        uniques.push((await store.record({ notificationId: 'digest-1', fid, clientFid, at })).unique);
      }
      await store.record({ notificationId: 'digest-2', fid: 3, at });
      expect(uniques).toEqual([true, false, true, false, true]);
      expect(await store.counts('digest-1')).toEqual({
        opens: 5,
        uniqueOpens: 3,
        byClient: { '9152': { opens: 3, uniqueOpens: 2 }, '1': { opens: 1, uniqueOpens: 1 } },
      });
      expect(await store.counts('digest-2')).toEqual({ opens: 1, uniqueOpens: 1, byClient: {} });
      expect(await store.counts('never-sent')).toEqual({ opens: 0, uniqueOpens: 0, byClient: {} });
    });

    it('counts one unique open when one user is recorded by many instances at once', async () => {
      const instance = make();
      const stores = [instance(), instance()];
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          stores[index % 2]!.record({ notificationId: 'race', fid: 7, clientFid: 9152, at: Date.now() }),
        ),
      );
      expect(answers.filter(({ unique }) => unique)).toHaveLength(1);
      expect(await stores[1]!.counts('race')).toEqual({ opens: 20, uniqueOpens: 1, byClient: { '9152': { opens: 20, uniqueOpens: 1 } } });
    });

    it('forgets a notification retentionMs after its last open', async () => {
      const store = make(300)();
      await store.record({ notificationId: 'brief', fid: 3, at: Date.now() });
      expect((await store.counts('brief')).opens).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await store.counts('brief')).toEqual({ opens: 0, uniqueOpens: 0, byClient: {} });
      expect((await store.record({ notificationId: 'brief', fid: 3, at: Date.now() })).unique).toBe(true);
      expect(await store.counts('brief')).toEqual({ opens: 1, uniqueOpens: 1, byClient: {} });
    });

    it('refuses an open without a FID, with invalid_options, and stores nothing', async () => {
      const store = make()();
      await expect(store.record({ notificationId: 'bad', fid: 0, at: Date.now() })).rejects.toThrow(WebhookError);
      await expect(store.record({ notificationId: 'bad', fid: 3, clientFid: 1.5, at: Date.now() })).rejects.toThrow('`clientFid`');
      expect((await store.counts('bad')).opens).toBe(0);
    });
  });

  it('records an open in one statement, and refuses bad options with the fix', async () => {
    const statements: string[] = [];
    const counting: PostgresQueryable = { query: (text, values) => (statements.push(text), db.pool.query(text, values)) };
    const store = postgresOpenStore({ client: counting, prefix: PREFIXES[used++]! });
    await store.record({ notificationId: 'n-1', fid: 3, clientFid: 9152, at: Date.now() });
    expect(statements).toHaveLength(1);
    expect(() => postgresOpenStore({ client: db.pool, retentionMs: 0 })).toThrow(
      /^@social-webhooks\/postgres: postgresOpenStore\(\): `retentionMs`/,
    );
    expect(() => postgresOpenStore({ client: {} as PostgresQueryable })).toThrow(WebhookError);
  });
});
