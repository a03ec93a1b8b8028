import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { webhookHandler } from '@social-webhooks/core';
import { buildDeliveryRequest, sampleEvent } from '@social-webhooks/core/testing';
import { fromPostgresJs, migrate, postgresSchema, postgresStore, type PostgresQueryable } from '@social-webhooks/postgres';
import { usePostgres } from './support/postgres-clients.js';
import { postgresBinaries, startPostgres } from './support/postgres-server.js';

// The dedupe store against a real PostgreSQL server, started here (support/postgres-server.ts), through
// each driver: `pg`'s Pool as it is, postgres.js through fromPostgresJs.
describe.skipIf(postgresBinaries === undefined)('postgresStore against a PostgreSQL server', () => {
  const db = usePostgres(['pg_', 'js_']);
  const drivers: [string, string, () => PostgresQueryable][] = [
    ['pg', 'pg_', () => db.pool],
    ['postgres.js', 'js_', () => fromPostgresJs(db.sql)],
  ];

  describe.each(drivers)('through %s', (_driver, prefix, client) => {
    const store = () => postgresStore({ client: client(), prefix });
    const row = async (key: string) =>
      (
        await db.pool.query<{ token: string; done: boolean; ms: number }>(
          `SELECT token, done, extract(epoch FROM expires_at - statement_timestamp()) * 1000 AS ms FROM ${prefix}dedupe WHERE key = $1`,
          [key],
        )
      ).rows[0];

    it('claims a free key for exactly one of many concurrent claims, from separate connections', async () => {
      const states = await Promise.all(Array.from({ length: 30 }, (_, index) => store().claim('concurrent', `token-${index}`, 10_000)));
      expect(states.filter((state) => state === 'claimed')).toHaveLength(1);
      expect(states.filter((state) => state === 'in_flight')).toHaveLength(29);
    });

    it('keeps the claim in its table with the lease as its expiry, by the server clock', async () => {
      await store().claim('lease', 'token-a', 5000);
      const held = await row('lease');
      expect(held).toMatchObject({ token: 'token-a', done: false });
      expect(Number(held!.ms)).toBeGreaterThan(4000);
      expect(Number(held!.ms)).toBeLessThanOrEqual(5000);
    });

    it('answers completed after complete, with the longer TTL, and in_flight to a second claim by the same token', async () => {
      const s = store();
      expect(await s.claim('complete', 'token-a', 1000)).toBe('claimed');
      expect(await s.claim('complete', 'token-a', 1000)).toBe('in_flight');
      await s.complete('complete', 'token-a', 86_400_000);
      expect(await s.claim('complete', 'token-b', 1000)).toBe('completed');
      expect(Number((await row('complete'))!.ms)).toBeGreaterThan(86_000_000);
    });

    it('releases only while the token still holds the claim, never a completed key', async () => {
      const s = store();
      await s.claim('release', 'token-a', 10_000);
      await s.release('release', 'token-b');
      expect(await s.claim('release', 'token-c', 10_000)).toBe('in_flight');
      await s.release('release', 'token-a');
      expect(await s.claim('release', 'token-c', 10_000)).toBe('claimed');
      await s.complete('release', 'token-c', 10_000);
      await s.release('release', 'token-c');
      expect(await s.claim('release', 'token-d', 10_000)).toBe('completed');
    });

    it('lets a claim that was never settled lapse after its lease, and a completed key after its TTL', async () => {
      const s = store();
      await s.claim('lapse', 'token-a', 50);
      expect(await s.claim('lapse', 'token-b', 50)).toBe('in_flight');
      await new Promise((resolve) => setTimeout(resolve, 120));
      expect(await s.claim('lapse', 'token-b', 50)).toBe('claimed');
      await s.complete('lapse', 'token-b', 50);
      await new Promise((resolve) => setTimeout(resolve, 120));
      expect(await s.claim('lapse', 'token-c', 1000)).toBe('claimed');
      // The old holder's release no longer frees the new holder's claim.
      await s.release('lapse', 'token-b');
      expect(await s.claim('lapse', 'token-d', 1000)).toBe('in_flight');
    });

    it('runs the handler once through the receiver, and again after a failure', async () => {
      let runs = 0;
      let fail = true;
      const handle = webhookHandler({
        secret: 'postgres-secret',
        dedupe: { store: store() },
        on: {
          'follow.created': () => {
            runs++;
            if (fail) throw new Error('first attempt fails');
          },
        },
        onError: () => undefined,
      });
      const deliver = () => handle(buildDeliveryRequest({ secret: 'postgres-secret' }));
      expect((await deliver()).status).toBe(500);
      fail = false;
      expect((await deliver()).status).toBe(200);
      expect((await deliver()).status).toBe(200);
      expect(runs).toBe(2);
    });
  });

  it('answers 503 dedupe_unavailable while the table is missing, and says what to run', async () => {
    const handle = webhookHandler({
      secret: 'postgres-secret',
      dedupe: { store: postgresStore({ client: db.pool, prefix: 'never_migrated_' }) },
      on: { 'follow.created': () => undefined },
      onError: () => undefined,
    });
    const response = await handle(buildDeliveryRequest({ secret: 'postgres-secret' }));
    expect(response.status).toBe(503);
    await expect(postgresStore({ client: db.pool, prefix: 'never_migrated_' }).claim('k', 't', 1000)).rejects.toThrow(
      /never_migrated_dedupe.*does not exist\. Create the tables first: await migrate\(\{ client, prefix \}\)/,
    );
  });
});

describe.skipIf(postgresBinaries === undefined)('migrate against a PostgreSQL server', () => {
  const db = usePostgres();

  it('creates the tables once when four instances migrate as they start, at the same moment, and again changes nothing', async () => {
    const clients = [db.pool, fromPostgresJs(db.sql), db.pool, fromPostgresJs(db.sql)];
    await Promise.all(clients.map((client) => migrate({ client, prefix: 'racing_' })));
    await migrate({ client: db.pool, prefix: 'racing_' });
    const { rows } = await db.pool.query(`SELECT tablename FROM pg_tables WHERE tablename LIKE 'racing\\_%' ORDER BY tablename`);
    expect(rows.map((row: { tablename: string }) => row.tablename)).toEqual([
      'racing_app_key_budget',
      'racing_app_key_fetches',
      'racing_app_key_signers',
      'racing_archive',
      'racing_archive_replays',
      'racing_broadcasts',
      'racing_dedupe',
      'racing_history',
      'racing_notify_sent',
      'racing_notify_tokens',
      'racing_openers',
      'racing_opens',
      'racing_timelines',
      'racing_tokens',
    ]);
    expect((await db.pool.query('SELECT count(*)::int AS n FROM racing_app_key_budget')).rows).toEqual([{ n: 1 }]);
  });

  it("creates what postgresSchema() says, in a schema of the app's", async () => {
    await db.pool.query('CREATE SCHEMA app');
    await db.pool.query(postgresSchema({ prefix: 'app.sw_' }));
    expect(await postgresStore({ client: db.pool, prefix: 'app.sw_' }).claim('k', 't', 1000)).toBe('claimed');
    const { rows } = await db.pool.query(`SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'app'`);
    expect(rows).toEqual([{ n: 14 }]);
  });
});

describe.skipIf(postgresBinaries === undefined)('postgresStore when the database goes away mid-run', () => {
  it('answers 503 dedupe_unavailable, or runs the handler with onStoreError "process", and never hangs', async () => {
    const server = await startPostgres();
    const pool = new pg.Pool({ connectionString: server.url, connectionTimeoutMillis: 2_000 });
    pool.on('error', () => undefined);
    try {
      await migrate({ client: pool });
      const runs: string[] = [];
      const receiver = (onStoreError: 'reject' | 'process') =>
        webhookHandler({
          secret: 'postgres-secret',
          dedupe: { store: postgresStore({ client: pool }), timeoutMs: 3_000, onStoreError },
          on: { 'follow.created': (event) => void runs.push(`${onStoreError} ${event.data.followerProfileId}`) },
          onError: () => undefined,
        });
      const deliver = (onStoreError: 'reject' | 'process', id: string) =>
        receiver(onStoreError)(
          buildDeliveryRequest({ secret: 'postgres-secret', data: { ...sampleEvent('follow.created').data, followerProfileId: id } }),
        );
      expect((await deliver('reject', 'before')).status).toBe(200);
      await server.stop();
      const refused = await deliver('reject', 'during');
      expect(refused.status).toBe(503);
      expect(await refused.json()).toMatchObject({ error: 'dedupe_unavailable' });
      expect((await deliver('process', 'during')).status).toBe(200);
      expect(runs).toEqual(['reject before', 'process during']);
    } finally {
      await pool.end().catch(() => undefined);
      await server.remove();
    }
  });
});
