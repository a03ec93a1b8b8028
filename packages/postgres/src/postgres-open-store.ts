import { checkOpenRecord, resolveOpenRetention, type OpenCounts, type OpenStore } from '@social-webhooks/core';
import { countOpensSql, recordOpenSql } from './open-sql.js';
import { checkClient, optionsError, run, type PostgresQueryable } from './query.js';
import { tablesOf } from './tables.js';

/** Options of {@link postgresOpenStore}. */
export interface PostgresOpenStoreOptions {
  /** A `pg` Pool or Client, Neon's Pool, `fromPostgresJs(sql)`, or any {@link PostgresQueryable}. Required. */
  readonly client: PostgresQueryable;
  /** The tables' prefix, as given to `migrate()`. Default `social_webhooks_`. */
  readonly prefix?: string;
  /** How long a notification's counts are kept after its last open, in milliseconds. Default 2,592,000,000 (30 days). */
  readonly retentionMs?: number;
}

/**
 * Where opens are counted (`openReceiver` of `@social-webhooks/opens`, `withOpens` of the core), in
 * PostgreSQL, shared by every instance: a row per notification in `<prefix>opens`, lapsing
 * `retentionMs` after its last open (the server's clock), and a row per FID and client in
 * `<prefix>openers` counting that FID's opens (and a marker row per FID, `client_fid` -1, whose
 * insert decides `unique`: of two first opens of one FID at once, one answers `true`). An open is one
 * statement; the counts (opens, unique opens, the same per client) are summed from the openers when
 * read. `cleanup()` deletes what lapsed.
 *
 * @param options `client` (required), `prefix` (default `social_webhooks_`), `retentionMs` (default 30 days).
 * @throws {WebhookError} `invalid_options` when `client` has no `query` method, `prefix` is not a plain lower-case name, or `retentionMs` not a positive whole number.
 * @example
 * const opens = postgresOpenStore({ client: pool });
 * const history = withOpens(postgresNotificationHistory({ client: pool }), opens);
 */
export function postgresOpenStore(options: PostgresOpenStoreOptions): OpenStore {
  const name = 'postgresOpenStore()';
  const fail = (message: string): never => {
    throw optionsError(`${name}: ${message}`);
  };
  if (typeof options !== 'object' || options === null)
    throw optionsError(`${name} takes an options object: postgresOpenStore({ client }).`);
  const client = checkClient(options.client, name);
  const tables = tablesOf(options.prefix, name);
  const retentionMs = resolveOpenRetention(options.retentionMs, fail);
  const RECORD = recordOpenSql(tables);
  const COUNTS = countOpensSql(tables);

  return {
    async record(open) {
      checkOpenRecord(open, `@social-webhooks/postgres: ${name}`);
      const clientFid = open.clientFid === undefined ? null : String(open.clientFid);
      const [row] = await run(client, RECORD, [open.notificationId, String(open.fid), clientFid, String(retentionMs)]);
      return { unique: String(row?.['first']) === '1' };
    },
    async counts(notificationId) {
      const counts = { opens: 0, uniqueOpens: 0, byClient: {} as Record<string, { opens: number; uniqueOpens: number }> };
      for (const row of await run(client, COUNTS, [notificationId])) {
        const key = String(row['client']);
        const opens = Number(row['opens']);
        const openers = Number(row['openers']);
        if (key === '-1') {
          counts.uniqueOpens = openers;
          continue;
        }
        counts.opens += opens;
        if (key !== '0') counts.byClient[key] = { opens, uniqueOpens: openers };
      }
      return counts satisfies OpenCounts;
    },
  };
}
