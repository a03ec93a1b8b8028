import { postgresNotificationHistory, type PostgresQueryable } from '@social-webhooks/postgres';
import { describe, expect, it } from 'vitest';
import { historyContract } from './support/history-contract.js';
import { digest } from './support/history-scenario.js';
import { postgresForms, usePostgres } from './support/postgres-clients.js';
import { postgresBinaries } from './support/postgres-server.js';

// The Postgres notification history on a real PostgreSQL server, through pg and postgres.js: the
// history contract (support/history-contract.ts: written by createNotifier and judged by what the
// stand-in clients delivered, answering what the memory history answers for the same batches, two
// writers adding up), each batch one statement, and the options refused.
const PREFIXES = Array.from({ length: 20 }, (_, index) => `history${index + 1}_`);

describe.skipIf(postgresBinaries === undefined)('postgresNotificationHistory', () => {
  const db = usePostgres(PREFIXES);
  let used = 0;
  for (const { name, client } of postgresForms(db)) {
    historyContract(
      `postgresNotificationHistory through ${name}`,
      (options) => {
        const prefix = PREFIXES[used++]!;
        return () => postgresNotificationHistory({ client: client(), prefix, ...options });
      },
      { ms: 300 },
      { concurrent: true },
    );
  }

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
