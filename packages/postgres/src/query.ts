import { WebhookError } from '@social-webhooks/core';

/** A row as the driver answers it: column name to value (`bigint` columns come back as strings). */
export type PostgresRow = Record<string, unknown>;

/**
 * The one call every store makes: one SQL statement with `$1`, `$2`, … placeholders and its values,
 * answering the rows it returned. `pg`'s `Pool` and `Client` fit as they are, and so do the `Pool`
 * and `Client` of Neon's `@neondatabase/serverless`; `postgres` (postgres.js) fits through
 * {@link fromPostgresJs}. Every value the stores pass is a string or `null`, cast in the SQL, so a
 * driver's own type inference never changes what a statement means.
 *
 * Each store call is a single statement (no transaction spans two calls), so a pooled client, a
 * transaction-mode pooler (PgBouncer, Supabase's) and an HTTP driver serve as well as one connection.
 */
export interface PostgresQueryable {
  query(text: string, values: (string | null)[]): Promise<{ readonly rows: readonly PostgresRow[] }>;
}

/** An options error of this package, its message starting with the package name. */
export function optionsError(message: string): WebhookError {
  return new WebhookError('invalid_options', `@social-webhooks/postgres: ${message}`);
}

/**
 * Checks, once at start-up, that `client` has what the stores call, and says how to fit the
 * drivers that need a wrapper.
 */
export function checkClient(client: unknown, factory: string): PostgresQueryable {
  // Both are functions with an `unsafe`; Neon's also has the `query` that answers rows alone.
  if (typeof client === 'function' && typeof (client as { unsafe?: unknown }).unsafe === 'function') {
    throw optionsError(
      typeof (client as { query?: unknown }).query === 'function'
        ? `${factory}: \`client\` looks like Neon's neon() function, whose query() answers rows alone; pass ` +
            "{ client: { query: (text, values) => sql.query(text, values, { fullResults: true }) } }, or Neon's Pool."
        : `${factory}: \`client\` looks like postgres.js's sql function, whose query() differs; wrap it: { client: fromPostgresJs(sql) }.`,
    );
  }
  if (typeof (client as { query?: unknown } | undefined)?.query !== 'function') {
    throw optionsError(
      `${factory}: \`client\` must have a query(text, values) method answering { rows }: a Pool or Client from \`pg\`, ` +
        "Neon's Pool, or fromPostgresJs(sql) for `postgres`.",
    );
  }
  return client as PostgresQueryable;
}

/** Runs one statement and checks the reply's shape, so a client that answers otherwise fails with the fix. */
export async function run(client: PostgresQueryable, text: string, values: (string | null)[]): Promise<readonly PostgresRow[]> {
  let reply: { readonly rows: readonly PostgresRow[] };
  try {
    reply = await client.query(text, values);
  } catch (error) {
    // 42P01 undefined_table: the usual first mistake, so the message says how to create them.
    if ((error as { code?: unknown } | null)?.code === '42P01') {
      throw new Error(
        `@social-webhooks/postgres: ${(error as Error).message}. Create the tables first: await migrate({ client, prefix }) ` +
          'once at deploy, or the SQL of postgresSchema({ prefix }) in your migrations (the same prefix as the store).',
        { cause: error },
      );
    }
    throw error;
  }
  if (!Array.isArray(reply?.rows)) {
    throw new Error(
      "@social-webhooks/postgres: the client's query() answered without a `rows` array. With Neon's neon() function pass " +
        '{ fullResults: true } (see the README); with postgres.js wrap the sql function in fromPostgresJs(sql).',
    );
  }
  return reply.rows;
}
