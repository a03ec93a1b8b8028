import { givenEnabledAt, type NotificationTarget, type NotificationTokenStore, type ResumablePage } from '@social-webhooks/core';
import { checkClient, optionsError, run, type PostgresQueryable, type PostgresRow } from './query.js';
import { tablesOf } from './tables.js';

/** Options of {@link postgresTokenStore}. */
export interface PostgresTokenStoreOptions {
  /** A `pg` Pool or Client, Neon's Pool, `fromPostgresJs(sql)`, or any {@link PostgresQueryable}. Required. */
  readonly client: PostgresQueryable;
  /** The tables' prefix, as given to `migrate()`. Default `social_webhooks_`. */
  readonly prefix?: string;
}

/** The most users a page of `listPages()` holds (each with all of their targets). */
const PAGE_USERS = 200;

/**
 * A Mini App's notification tokens in PostgreSQL (the `<prefix>tokens` table, one row per user and
 * Farcaster client: `fid`, `app_fid`, `url`, `token`, `enabled_at`, `updated_at`), shared by every instance and
 * beside your own tables, so a query can join them to your users. Each call is one statement:
 * `save` an upsert (keeping `enabled_at` when the token is the same, else the one given or the
 * server's clock; a row from before the column is NULL, read as no `enabledAt`), `deleteToken` a `DELETE … WHERE token = $3` (compare-and-delete, so a token
 * the user enabled since stays), `listPages()` pages of at most 200 users in `fid` order, each read
 * after the last `fid` of the page before (every user listed once, whatever is saved meanwhile);
 * `listPagesFrom(cursor)` the same pages, each with that `fid` as the cursor to resume after it.
 *
 * @param options `client` (required), `prefix` (default `social_webhooks_`).
 * @throws {WebhookError} `invalid_options` when `client` has no `query` method or `prefix` is not a plain lower-case name.
 * @example
 * import pg from 'pg';
 * import { postgresTokenStore } from '@social-webhooks/postgres';
 *
 * const tokens = postgresTokenStore({ client: new pg.Pool({ connectionString: process.env.DATABASE_URL }) });
 * // on: { notifications_enabled: (event) => applyMiniAppEvent(tokens, event), ... }
 */
export function postgresTokenStore(options: PostgresTokenStoreOptions): NotificationTokenStore {
  if (typeof options !== 'object' || options === null) {
    throw optionsError('postgresTokenStore() takes an options object: postgresTokenStore({ client }).');
  }
  const client = checkClient(options.client, 'postgresTokenStore()');
  const { tokens } = tablesOf(options.prefix, 'postgresTokenStore()');
  // enabled_at is ms since the epoch: the one given, else the server's clock; the same token again keeps the row's.
  const SAVE = `INSERT INTO ${tokens} (fid, app_fid, url, token, enabled_at)
VALUES ($1::bigint, $2::bigint, $3, $4, COALESCE($5::bigint, floor(extract(epoch FROM statement_timestamp()) * 1000)::bigint))
ON CONFLICT (fid, app_fid) DO UPDATE SET url = excluded.url, token = excluded.token, updated_at = now(),
  enabled_at = CASE WHEN ${tokens}.token = excluded.token THEN ${tokens}.enabled_at ELSE excluded.enabled_at END`;
  const GET = `SELECT fid, app_fid, url, token, enabled_at FROM ${tokens} WHERE fid = $1::bigint`;
  const PAGE = `SELECT fid, app_fid, url, token, enabled_at FROM ${tokens}
WHERE fid IN (SELECT DISTINCT fid FROM ${tokens} WHERE fid > $1::bigint ORDER BY fid LIMIT ${PAGE_USERS})
ORDER BY fid, app_fid`;

  async function* listPages(): AsyncGenerator<NotificationTarget[]> {
    let after = '-1';
    for (;;) {
      const page = (await run(client, PAGE, [after])).map(toTarget);
      if (page.length === 0) return;
      yield page;
      after = String(page.at(-1)!.fid);
    }
  }

  // The pages of listPages(), each with the last FID it holds as the cursor: every target of a user
  // is in one page, so the FID alone is the keyset (the (fid, app_fid) order within it is whole).
  async function* listPagesFrom(cursor?: string): AsyncGenerator<ResumablePage> {
    if (cursor !== undefined && !/^\d+$/.test(cursor)) {
      throw new TypeError(
        `@social-webhooks/postgres: listPagesFrom() was given the cursor ${JSON.stringify(cursor)}, which it never answers.`,
      );
    }
    let after = cursor ?? '-1';
    for (;;) {
      const page = (await run(client, PAGE, [after])).map(toTarget);
      if (page.length === 0) return;
      after = String(page.at(-1)!.fid);
      // Fewer users than a page holds: the last page, so no query is spent to learn it.
      const last = new Set(page.map((target) => target.fid)).size < PAGE_USERS;
      yield { targets: page, cursor: last ? undefined : after };
      if (last) return;
    }
  }

  return {
    async save(target) {
      const { fid, appFid, url, token } = target;
      const enabledAt = givenEnabledAt(target, '@social-webhooks/postgres: postgresTokenStore');
      await run(client, SAVE, [String(fid), String(appFid), url, token, enabledAt === undefined ? null : String(enabledAt)]);
    },
    async delete({ fid, appFid }) {
      if (appFid === undefined) await run(client, `DELETE FROM ${tokens} WHERE fid = $1::bigint`, [String(fid)]);
      else await run(client, `DELETE FROM ${tokens} WHERE fid = $1::bigint AND app_fid = $2::bigint`, [String(fid), String(appFid)]);
    },
    async deleteToken({ fid, appFid, token }) {
      const rows = await run(client, `DELETE FROM ${tokens} WHERE fid = $1::bigint AND app_fid = $2::bigint AND token = $3 RETURNING fid`, [
        String(fid),
        String(appFid),
        token,
      ]);
      return rows.length > 0;
    },
    async get(fid) {
      return (await run(client, GET, [String(fid)])).map(toTarget);
    },
    async *list() {
      for await (const page of listPages()) yield* page;
    },
    listPages,
    listPagesFrom,
  };
}

/** A row as a target: `bigint` columns arrive as strings (pg, postgres.js) or numbers; `enabled_at` NULL is a row from before it. */
function toTarget(row: PostgresRow): NotificationTarget {
  const fid = Number(row['fid']);
  const appFid = Number(row['app_fid']);
  const { url, token } = row;
  const enabledAt = row['enabled_at'] === null || row['enabled_at'] === undefined ? undefined : Number(row['enabled_at']);
  if (
    !Number.isSafeInteger(fid) ||
    !Number.isSafeInteger(appFid) ||
    typeof url !== 'string' ||
    typeof token !== 'string' ||
    (enabledAt !== undefined && !Number.isSafeInteger(enabledAt))
  ) {
    throw new Error(
      `@social-webhooks/postgres: a row of the token table is not { fid, app_fid, url, token, enabled_at }: ${JSON.stringify(row)}.`,
    );
  }
  return { fid, appFid, url, token, ...(enabledAt !== undefined && { enabledAt }) };
}
