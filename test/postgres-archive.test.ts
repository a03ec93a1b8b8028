import { postgresDeliveryArchive, type PostgresQueryable } from '@social-webhooks/postgres';
import { describe, expect, it } from 'vitest';
import { archiveContract } from './support/archive-contract.js';
import { postgresForms, usePostgres } from './support/postgres-clients.js';
import { postgresBinaries } from './support/postgres-server.js';

// The Postgres delivery archive on a real PostgreSQL server, through pg and postgres.js: the archive
// contract (support/archive-contract.ts: a body's bytes and an event's text kept as sent, pages,
// bounds, replays, instances adding at once), and the options refused.
const PREFIXES = Array.from({ length: 18 }, (_, index) => `archive${index + 1}_`);

describe.skipIf(postgresBinaries === undefined)('postgresDeliveryArchive', () => {
  const db = usePostgres(PREFIXES);
  let used = 0;
  for (const { name, client } of postgresForms(db)) {
    archiveContract(`postgresDeliveryArchive through ${name}`, (options) => {
      const prefix = PREFIXES[used++]!;
      return () => postgresDeliveryArchive({ client: client(), prefix, ...options });
    });
  }

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
