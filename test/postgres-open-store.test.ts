import { WebhookError } from '@social-webhooks/core';
import { postgresOpenStore, type PostgresQueryable } from '@social-webhooks/postgres';
import { describe, expect, it } from 'vitest';
import { openStoreContract } from './support/open-store-contract.js';
import { postgresForms, usePostgres } from './support/postgres-clients.js';
import { postgresBinaries } from './support/postgres-server.js';

// The open store contract (support/open-store-contract.ts) on a real PostgreSQL server, through pg
// and postgres.js (two stores on one database stand for two instances); an open one statement, and
// the options refused.
const PREFIXES = Array.from({ length: 11 }, (_, index) => `opens${index + 1}_`);

describe.skipIf(postgresBinaries === undefined)('postgresOpenStore', () => {
  const db = usePostgres(PREFIXES);
  let used = 0;
  for (const { name, client } of postgresForms(db)) {
    openStoreContract(
      `postgresOpenStore on ${name}`,
      (options) => {
        const prefix = PREFIXES[used++]!;
        return () => postgresOpenStore({ client: client(), prefix, ...options });
      },
      undefined,
      { concurrent: true },
    );
  }

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
