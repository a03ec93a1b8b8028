import { optionsError } from './errors.js';
import { schemaStatements } from './schema.js';
import type { Row, SqlRunner, Statement } from './sql-runner.js';
import type { Tables } from './tables.js';

/** The part of a D1 prepared statement the stores call. */
export interface D1StatementLike {
  bind(...values: unknown[]): D1StatementLike;
  all(): Promise<{ readonly results?: readonly unknown[] }>;
}

/** The part of a D1 database's binding (`env.DB`, `D1Database`) the stores call: `prepare` and `batch`. */
export interface D1Like {
  prepare(query: string): D1StatementLike;
  batch(statements: D1StatementLike[]): Promise<readonly { readonly results?: readonly unknown[] }[]>;
}

/** Checks `d1` and answers a runner: one statement is one `all()`, several one `batch()` (a transaction). */
export function d1Runner(d1: unknown, tables: Tables, factory: string): SqlRunner {
  const binding = d1 as Partial<D1Like> | null;
  if (typeof binding?.prepare !== 'function' || typeof binding.batch !== 'function') {
    const hint =
      typeof (d1 as { idFromName?: unknown } | null)?.idFromName === 'function'
        ? ' This is a Durable Object namespace: pass it as { durableObject: env.STATE }.'
        : '';
    throw optionsError(
      `${factory}: \`d1\` must be a D1 database's binding (env.DB, with prepare() and batch()), as [[d1_databases]] in wrangler.toml binds it.${hint}`,
    );
  }
  const db = binding as D1Like;
  // A BLOB is bound as an ArrayBuffer, the type D1's bind() takes for one.
  const value = (param: Statement['params'][number]) =>
    param instanceof Uint8Array ? param.buffer.slice(param.byteOffset, param.byteOffset + param.byteLength) : param;
  const prepare = ({ sql, params }: Statement) => db.prepare(sql).bind(...params.map(value));
  const once = async (statements: readonly Statement[]): Promise<Row[][]> => {
    if (statements.length === 1) return [rowsOf(await prepare(statements[0]!).all())];
    return (await db.batch(statements.map(prepare))).map(rowsOf);
  };
  let migrated: Promise<unknown> | undefined;
  return {
    async run(statements) {
      try {
        return await once(statements);
      } catch (error) {
        // The tables are missing: the first call on a new database. A failed call changed nothing
        // (a statement, or a batch, is a transaction), so create them once and run it again.
        if (!/no such table/i.test(String((error as Error | null)?.message))) throw error;
        migrated ??= db.batch(schemaStatements(tables).map((sql) => db.prepare(sql)));
        await migrated.catch((cause: unknown) => {
          migrated = undefined;
          throw new Error(
            `@social-webhooks/cloudflare: the tables of prefix ${tables.prefix} are missing and could not be created (${String(cause)}); ` +
              'apply migrations/0001_social_webhooks.sql with `wrangler d1 migrations apply`, or the SQL of cloudflareSchema({ prefix }).',
            { cause },
          );
        });
        return once(statements);
      }
    },
  };
}

function rowsOf(result: { readonly results?: readonly unknown[] } | undefined): Row[] {
  if (!Array.isArray(result?.results)) {
    throw new Error('@social-webhooks/cloudflare: the D1 binding answered without a `results` array; is `d1` a D1 database?');
  }
  return result.results as Row[];
}
