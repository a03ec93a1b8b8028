import type { PostgresQueryable, PostgresRow } from './query.js';

/** The part of postgres.js's `sql` function the adapter calls: `sql.unsafe(text, values)`. */
export interface PostgresJsSql {
  unsafe(text: string, values?: never[]): PromiseLike<readonly object[]>;
}

/**
 * Fits the `postgres` package (postgres.js) to {@link PostgresQueryable}: its `sql.unsafe(text,
 * values)` runs a statement with `$n` placeholders and answers the rows as an array.
 *
 * @example
 * import postgres from 'postgres';
 * import { fromPostgresJs, postgresStore } from '@social-webhooks/postgres';
 *
 * const sql = postgres(process.env.DATABASE_URL!);
 * const store = postgresStore({ client: fromPostgresJs(sql) });
 */
export function fromPostgresJs(sql: PostgresJsSql): PostgresQueryable {
  return {
    async query(text, values) {
      // The stores pass strings and nulls only; postgres.js's `unsafe` types its values as its own `ParameterOrJSON`.
      const rows = await sql.unsafe(text, values as never[]);
      return { rows: rows as readonly PostgresRow[] };
    },
  };
}
