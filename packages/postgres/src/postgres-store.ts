import type { ClaimState, DedupeStore } from '@social-webhooks/core';
import { checkClient, optionsError, run, type PostgresQueryable } from './query.js';
import { tablesOf } from './tables.js';

/** Options of {@link postgresStore}. */
export interface PostgresStoreOptions {
  /** A `pg` Pool or Client, Neon's Pool, `fromPostgresJs(sql)`, or any {@link PostgresQueryable}. Required. */
  readonly client: PostgresQueryable;
  /** The tables' prefix, as given to `migrate()`. Default `social_webhooks_`. */
  readonly prefix?: string;
}

/**
 * A dedupe store in PostgreSQL (the `<prefix>dedupe` table), shared by every instance of a
 * receiver: of concurrent claims on one delivery, across processes and machines, exactly one runs
 * the handler. Each call is one statement, timed by the server's clock:
 *
 * - `claim` inserts the key with the lease as its `expires_at`; on a conflict it takes the row over
 *   only when the row has lapsed (`INSERT … ON CONFLICT DO UPDATE` with the check in the update),
 *   and answers from the row as it stands after the statement, so a racing claim reads the winner's.
 * - `complete` marks the row done, to lapse after `ttlMs`.
 * - `release` deletes the row only while the claim's token still holds it.
 *
 * The receiver bounds every call by `dedupe.timeoutMs` and follows `dedupe.onStoreError` when the
 * database fails. Rows past `expires_at` are ignored; `cleanup()` deletes them.
 *
 * @param options `client` (required), `prefix` (default `social_webhooks_`).
 * @throws {WebhookError} `invalid_options` when `client` has no `query` method or `prefix` is not a plain lower-case name.
 * @example
 * import pg from 'pg';
 * import { postgresStore } from '@social-webhooks/postgres';
 *
 * const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL });
 * app.post('/webhook', webhookHandler({ sender, on, dedupe: { store: postgresStore({ client: pool }) } }));
 */
export function postgresStore(options: PostgresStoreOptions): DedupeStore {
  if (typeof options !== 'object' || options === null)
    throw optionsError('postgresStore() takes an options object: postgresStore({ client }).');
  const client = checkClient(options.client, 'postgresStore()');
  const { dedupe } = tablesOf(options.prefix, 'postgresStore()');
  const now = 'statement_timestamp()';
  const lapsed = `d.expires_at <= ${now}`;
  // Always an update on conflict (of the row itself when it holds), so the conflicting row is locked
  // and RETURNING reads its latest version, even one committed after this statement began.
  const CLAIM = `INSERT INTO ${dedupe} AS d (key, token, done, expires_at)
VALUES ($1, $2, false, ${now} + $3::bigint * interval '1 millisecond')
ON CONFLICT (key) DO UPDATE SET
  token = CASE WHEN ${lapsed} THEN excluded.token ELSE d.token END,
  done = CASE WHEN ${lapsed} THEN false ELSE d.done END,
  expires_at = CASE WHEN ${lapsed} THEN excluded.expires_at ELSE d.expires_at END
RETURNING CASE WHEN d.done THEN 'completed' WHEN d.token = $2 AND d.expires_at = ${now} + $3::bigint * interval '1 millisecond' THEN 'claimed' ELSE 'in_flight' END AS state`;
  const COMPLETE = `INSERT INTO ${dedupe} AS d (key, token, done, expires_at)
VALUES ($1, $2, true, ${now} + $3::bigint * interval '1 millisecond')
ON CONFLICT (key) DO UPDATE SET token = excluded.token, done = true, expires_at = excluded.expires_at`;
  const RELEASE = `DELETE FROM ${dedupe} WHERE key = $1 AND token = $2 AND NOT done`;

  return {
    async claim(key, token, leaseMs) {
      const [row] = await run(client, CLAIM, [key, token, String(Math.ceil(leaseMs))]);
      const state = row?.['state'];
      if (state !== 'claimed' && state !== 'completed' && state !== 'in_flight') {
        throw new Error(`@social-webhooks/postgres: unexpected reply ${JSON.stringify(row)} to the claim.`);
      }
      return state satisfies ClaimState;
    },
    async complete(key, token, ttlMs) {
      await run(client, COMPLETE, [key, token, String(Math.ceil(ttlMs))]);
    },
    async release(key, token) {
      await run(client, RELEASE, [key, token]);
    },
  };
}
