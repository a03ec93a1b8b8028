import { createNotifier, memoryTokenStore, type NotificationHistory } from '@social-webhooks/core';
import { postgresNotificationHistory, fromPostgresJs, type PostgresQueryable } from '@social-webhooks/postgres';
import { redisNotificationHistory } from '@social-webhooks/redis';
import { afterEach, describe, expect, it } from 'vitest';
import { historyBatches } from './support/history-batches.js';
import { deliveredTo, digest, expectHistoryOf, goodUsers, historyClients, revokedUsers, WARPCAST_FID } from './support/history-scenario.js';
import type { StandInClient } from './support/notification-client.js';
import { usePostgres } from './support/postgres-clients.js';
import { postgresBinaries } from './support/postgres-server.js';
import { useRedisClient } from './support/redis-client.js';

// The Postgres notification history on a real PostgreSQL server, through pg and postgres.js: written
// by createNotifier through stand-in clients and judged by what they delivered, answering exactly
// what the Redis history answers for the same batches (a real redis-server beside it), adding up
// under concurrent writers, each batch one statement.
const PREFIXES = Array.from({ length: 12 }, (_, index) => `history${index + 1}_`);

describe.skipIf(postgresBinaries === undefined)('postgresNotificationHistory', () => {
  const db = usePostgres(PREFIXES);
  const redis = useRedisClient();
  let used = 0;
  const clients: StandInClient[] = [];
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.close()));
  });
  const forms: { name: string; client: () => PostgresQueryable }[] = [
    { name: 'pg', client: () => db.pool },
    { name: 'postgres.js', client: () => fromPostgresJs(db.sql) },
  ];

  describe.each(forms)('through $name', ({ client }) => {
    const history = (keepMs?: number): NotificationHistory =>
      postgresNotificationHistory({ client: client(), prefix: PREFIXES[used++]!, ...(keepMs !== undefined && { keepMs }) });

    it('keeps counts equal to the report and to what the client delivered; timelines without tokens', async () => {
      const store = memoryTokenStore();
      const { good, other } = await historyClients(store);
      clients.push(good, other);
      const kept = history();
      const report = await createNotifier({ store, history: kept, logger: false, retryDelayMs: 10 }).send(digest, { to: 'all' });
      const read = expectHistoryOf(await kept.get(digest.notificationId), report, good);
      expect(read.byClient[String(WARPCAST_FID)]).toMatchObject({ successful: 230, invalid: 20 });
      expect(deliveredTo(good, digest.notificationId)).toHaveLength(230);
      const [entry] = await kept.timeline(goodUsers[100]!);
      expect(entry).toMatchObject({ notificationId: digest.notificationId, title: digest.title });
      expect(entry!.attempts.at(-1)).toMatchObject({ outcome: 'successful', final: true, client: String(WARPCAST_FID) });
      expect((await kept.timeline(revokedUsers[0]!))[0]!.attempts.at(-1)).toMatchObject({ outcome: 'invalid', final: true });
      expect(JSON.stringify(await kept.timeline(goodUsers[100]!))).not.toContain('tok-');
      expect(await kept.get('never-sent')).toBeUndefined();
    });

    it('answers what the Redis history answers for the same batches: get, every page of list, timelines', async () => {
      const postgres = history();
      const inRedis = redisNotificationHistory({ client: redis.client, prefix: `compare-${used}:` });
      const batches = historyBatches(Date.now() - 60_000);
      for (const batch of batches) {
        await postgres.record(batch);
        await inRedis.record(batch);
      }
      const ids = [...new Set(batches.map((batch) => batch.notification.notificationId)), 'never-sent'];
      for (const id of ids) expect(await postgres.get(id), id).toEqual(await inRedis.get(id));
      const pages = async (kept: NotificationHistory) => {
        const all = [];
        let cursor: string | undefined;
        do {
          const page = await kept.list({ limit: 7, ...(cursor !== undefined && { cursor }) });
          all.push(page);
          cursor = page.cursor;
        } while (cursor !== undefined);
        return all;
      };
      const listed = await pages(postgres);
      expect(listed).toEqual(await pages(inRedis));
      expect(listed.flatMap((page) => page.broadcasts)).toHaveLength(109);
      expect(listed[0]!.broadcasts.slice(0, 3).map((b) => b.notificationId)).toEqual(['tie-c', 'tie-b', 'tie-a']);
      for (const fid of [1, 2, 3, 4, 7, 12, 99]) {
        expect(await postgres.timeline(fid), `timeline of ${fid}`).toEqual(await inRedis.timeline(fid));
        expect(await postgres.timeline(fid, { limit: 5 })).toEqual(await inRedis.timeline(fid, { limit: 5 }));
      }
      const user1 = await postgres.timeline(1);
      expect(user1).toHaveLength(100);
      expect([user1[0]!.notificationId, user1.at(-1)!.notificationId]).toEqual(['n-104', 'n-5']);
      const [retried] = await postgres.timeline(2, { limit: 1 });
      expect(retried!.attempts).toHaveLength(20);
      expect(retried!.attempts.at(-1)).toMatchObject({ outcome: 'successful', final: true });
      expect(await postgres.get('n-retried')).toMatchObject({ counts: { successful: 1, rateLimited: 0 } });
    });

    it('adds up the batches of two writers at once, none lost', async () => {
      const prefix = PREFIXES[used++]!;
      const writers = [postgresNotificationHistory({ client: client(), prefix }), postgresNotificationHistory({ client: db.pool, prefix })];
      const at = Date.now();
      // 40 batches of 100 at once, every user in 4 of them: the notification's row and the users' rows contended.
      await Promise.all(
        Array.from({ length: 40 }, (_, batch) =>
          writers[batch % 2]!.record({
            notification: digest,
            at: at + batch,
            entries: Array.from({ length: 100 }, (_, index) => ({
              fid: ((batch * 100 + index) % 1000) + 1,
              client: batch % 4 === 0 ? '9152' : 'x.example',
              outcome: batch % 5 === 0 ? ('failed' as const) : ('successful' as const),
              reason: 'timeout',
              final: true,
            })),
          }),
        ),
      );
      const kept = await writers[0]!.get(digest.notificationId);
      expect(kept!.counts).toMatchObject({ successful: 3200, failed: 800 });
      expect(kept!.byReason).toEqual({ timeout: 800 });
      expect(kept!.byClient['9152']!.successful + kept!.byClient['x.example']!.successful).toBe(3200);
      expect([kept!.startedAt, kept!.updatedAt]).toEqual([expect.any(Number), at + 39]);
      const [entry] = await writers[1]!.timeline(1);
      expect(entry!.attempts).toHaveLength(4);
    });

    it('keeps the last 100 notifications per user and forgets what lapsed keepMs after its last write', async () => {
      const kept = history();
      for (let index = 0; index < 103; index++) {
        await kept.record({
          notification: { ...digest, notificationId: `n-${index}` },
          at: Date.now() + index,
          entries: [{ fid: 9, client: '1', outcome: 'successful', final: true }],
        });
      }
      const timeline = await kept.timeline(9);
      expect(timeline).toHaveLength(100);
      expect([timeline[0]!.notificationId, timeline.at(-1)!.notificationId]).toEqual(['n-102', 'n-3']);
      const brief = history(300);
      await brief.record({ notification: digest, at: Date.now(), entries: [{ fid: 10, client: '1', outcome: 'successful', final: true }] });
      expect(await brief.get(digest.notificationId)).toBeDefined();
      await new Promise((resolve) => setTimeout(resolve, 450));
      expect(await brief.get(digest.notificationId)).toBeUndefined();
      expect(await brief.timeline(10)).toEqual([]);
      expect((await brief.list()).broadcasts).toEqual([]);
    });
  });

  it('writes a batch of 100 targets in one statement', async () => {
    const statements: string[] = [];
    const counting: PostgresQueryable = { query: (text, values) => (statements.push(text), db.pool.query(text, values)) };
    const kept = postgresNotificationHistory({ client: counting, prefix: PREFIXES[used++]! });
    const entries = Array.from({ length: 100 }, (_, index) => ({
      fid: index + 1,
      client: '9152',
      outcome: 'successful' as const,
      final: true,
    }));
    await kept.record({ notification: digest, at: Date.now(), entries });
    expect(statements).toHaveLength(1);
    expect((await kept.get(digest.notificationId))!.counts.successful).toBe(100);
    expect(await kept.timeline(100)).toHaveLength(1);
  });

  it('refuses what cannot work, saying how to fix it', () => {
    expect(() => postgresNotificationHistory({ client: {} as PostgresQueryable })).toThrow(
      /postgresNotificationHistory\(\): `client` must have a query\(text, values\) method/,
    );
    expect(() => postgresNotificationHistory({ client: db.pool, keepMs: -1 })).toThrow(/`keepMs` must be a positive integer/);
    expect(() => postgresNotificationHistory({ client: db.pool, prefix: 'Bad-Prefix' })).toThrow(/`prefix` must be lower-case letters/);
  });
});
