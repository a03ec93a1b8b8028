import pg from 'pg';
import postgres from 'postgres';
import { afterAll, beforeAll } from 'vitest';
import { fromPostgresJs, migrate, type PostgresQueryable } from '@social-webhooks/postgres';
import { startPostgres, type PostgresServer } from './postgres-server.js';

/** A `pg` pool and a postgres.js `sql` function, each connected to a PostgreSQL server of the test file's own. */
export interface PostgresClients {
  readonly server: PostgresServer;
  readonly pool: pg.Pool;
  readonly sql: postgres.Sql;
}

/**
 * Starts a PostgreSQL server for the enclosing `describe` (postgres-server.ts; guard the describe
 * with `postgresBinaries`), creates the tables of each prefix given, and opens a `pg` pool and a
 * postgres.js client on it, all stopped and removed after its tests. Read what it returns once the
 * tests run: `const db = usePostgres(); ... db.pool`.
 */
export function usePostgres(prefixes: readonly string[] = []): PostgresClients {
  const state: { server?: PostgresServer; pool?: pg.Pool; sql?: postgres.Sql } = {};
  beforeAll(async () => {
    state.server = await startPostgres();
    state.pool = new pg.Pool({ connectionString: state.server.url, max: 10 });
    state.pool.on('error', () => undefined);
    state.sql = postgres(state.server.url, { max: 10, onnotice: () => undefined });
    for (const prefix of prefixes) await migrate({ client: state.pool, prefix });
  }, 60_000);
  afterAll(async () => {
    await state.pool?.end().catch(() => undefined);
    await state.sql?.end({ timeout: 1 }).catch(() => undefined);
    await state.server?.remove();
  });
  return {
    get server() {
      return state.server!;
    },
    get pool() {
      return state.pool!;
    },
    get sql() {
      return state.sql!;
    },
  };
}

/** The client forms a Postgres store takes on `db`'s server: a `pg` pool, and postgres.js through `fromPostgresJs`. */
export function postgresForms(db: PostgresClients): { readonly name: string; readonly client: () => PostgresQueryable }[] {
  return [
    { name: 'pg', client: () => db.pool },
    { name: 'postgres.js', client: () => fromPostgresJs(db.sql) },
  ];
}
