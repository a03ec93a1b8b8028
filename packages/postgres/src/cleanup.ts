import { checkClient, run, type PostgresQueryable } from './query.js';
import { purgeOpenersSql } from './open-sql.js';
import { tablesOf } from './tables.js';

/** Options of {@link cleanup}. */
export interface PostgresCleanupOptions {
  /** A `pg` Pool or Client, Neon's Pool, `fromPostgresJs(sql)`, or any {@link PostgresQueryable}. Required. */
  readonly client: PostgresQueryable;
  /** The tables' prefix, as given to `migrate()`. Default `social_webhooks_`. */
  readonly prefix?: string;
}

/** How many rows {@link cleanup} deleted, by table. */
export interface PostgresCleanupReport {
  readonly dedupe: number;
  readonly notifyTokens: number;
  readonly notifySent: number;
  readonly appKeySigners: number;
  readonly appKeyFetches: number;
  readonly broadcasts: number;
  readonly history: number;
  readonly timelines: number;
  readonly archive: number;
  readonly archiveReplays: number;
  readonly opens: number;
  readonly openers: number;
}

/**
 * Deletes the rows past their `expires_at`: lapsed or expired dedupe claims, tokens' limiter state
 * past their interval and day, deliveries remembered past `dedupeMs`, app key lists past `cacheMs`
 * lapsed fetch claims, broadcasts past `keepMs`, the history's notifications and timeline entries
 * past its `keepMs`, archived deliveries and replay checkpoints past the archive's `keepMs`, and the opens
 * of notifications past their `retentionMs` (with their openers). The stores never read such a
 * row as live (each statement checks `expires_at` against the server's clock), so this only keeps
 * the tables small: run it now and then (a daily cron, or after a broadcast). The token table holds
 * no expiry: a token lives until its user's events or a client's answer remove it.
 *
 * @param options `client` (required), `prefix` (default `social_webhooks_`).
 * @returns the number of rows deleted from each table.
 * @example
 * const { dedupe, notifyTokens, notifySent } = await cleanup({ client: pool });
 */
export async function cleanup(options: PostgresCleanupOptions): Promise<PostgresCleanupReport> {
  const client = checkClient(options?.client, 'cleanup()');
  const tables = tablesOf(options.prefix, 'cleanup()');
  const purge = async (table: string) => {
    const [row] = await run(
      client,
      `WITH gone AS (DELETE FROM ${table} WHERE expires_at <= now() RETURNING 1) SELECT count(*) AS n FROM gone`,
      [],
    );
    return Number(row?.['n'] ?? 0);
  };
  return {
    dedupe: await purge(tables.dedupe),
    notifyTokens: await purge(tables.notifyTokens),
    notifySent: await purge(tables.notifySent),
    appKeySigners: await purge(tables.appKeySigners),
    appKeyFetches: await purge(tables.appKeyFetches),
    broadcasts: await purge(tables.broadcasts),
    history: await purge(tables.history),
    timelines: await purge(tables.timelines),
    archive: await purge(tables.archive),
    archiveReplays: await purge(tables.archiveReplays),
    opens: await purge(tables.opens),
    openers: Number((await run(client, purgeOpenersSql(tables), []))[0]?.['n'] ?? 0),
  };
}
