import { jsonToBinding } from './blob.js';
import { STATE_URL } from './durable-object-runner.js';
import { schemaStatements } from './schema.js';
import type { Statement } from './sql-runner.js';
import { tablesOf } from './tables.js';

/** The part of a Durable Object's SQLite storage (`ctx.storage.sql`) the object calls. */
export interface SqlStorageLike {
  exec(query: string, ...bindings: unknown[]): { toArray(): unknown[] };
}

/** The part of a Durable Object's state (`ctx`) the object calls. */
export interface DurableObjectStateLike {
  readonly storage: { readonly sql?: SqlStorageLike; transactionSync?<T>(closure: () => T): T };
}

const PATH = new URL(STATE_URL).pathname;

/**
 * The Durable Object that keeps the stores' tables in its SQLite storage, for
 * `{ durableObject: env.STATE }`. Export it from your Worker and bind it (wrangler.toml):
 *
 * ```toml
 * [[durable_objects.bindings]]
 * name = "STATE"
 * class_name = "SocialWebhooksState"
 *
 * [[migrations]]
 * tag = "v1"
 * new_sqlite_classes = ["SocialWebhooksState"]
 * ```
 *
 * Each store call is one request to it, whose statements it runs in one synchronous transaction:
 * an object runs one request's synchronous code at a time, so every claim, limit and budget step
 * is atomic, and a failed statement undoes the others. It creates the tables of a prefix the first
 * time a store names it. Only your Worker's code holds the binding, so only the stores reach it.
 *
 * @example
 * export { SocialWebhooksState } from '@social-webhooks/cloudflare';
 */
export class SocialWebhooksState {
  readonly #sql: SqlStorageLike;
  readonly #transaction: <T>(closure: () => T) => T;
  readonly #migrated = new Set<string>();

  constructor(ctx: DurableObjectStateLike) {
    const { storage } = ctx;
    if (storage.sql === undefined || storage.transactionSync === undefined) {
      throw new Error(
        '@social-webhooks/cloudflare: SocialWebhooksState needs SQLite storage: declare it in wrangler.toml under ' +
          '[[migrations]] new_sqlite_classes = ["SocialWebhooksState"] (not new_classes).',
      );
    }
    this.#sql = storage.sql;
    this.#transaction = (closure) => storage.transactionSync!(closure);
  }

  /** Runs a store call: `{ prefix, statements }` as JSON, answered `{ results }` (each statement's rows) or `{ error }`. */
  async fetch(request: Request): Promise<Response> {
    if (request.method !== 'POST' || new URL(request.url).pathname !== PATH) return Response.json({ error: 'not found' }, { status: 404 });
    try {
      const { prefix, statements } = (await request.json()) as { prefix: unknown; statements: Statement[] };
      const tables = tablesOf(prefix, 'SocialWebhooksState');
      // From here no await: the object runs this to the end before it takes another request.
      const results = this.#transaction(() => {
        if (!this.#migrated.has(tables.prefix)) for (const sql of schemaStatements(tables)) this.#sql.exec(sql);
        return statements.map(({ sql, params }) => this.#sql.exec(sql, ...params.map(jsonToBinding)).toArray());
      });
      this.#migrated.add(tables.prefix);
      return Response.json({ results });
    } catch (error) {
      return Response.json({ error: error instanceof Error ? error.message : String(error) }, { status: 500 });
    }
  }
}
