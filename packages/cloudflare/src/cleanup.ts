import { NOW } from './now.js';
import { storageOf, type CloudflareStoreOptions } from './storage.js';

/** How many rows {@link cleanup} deleted, by table. */
export interface CloudflareCleanupReport {
  readonly dedupe: number;
  readonly notifyTokens: number;
  readonly notifySent: number;
  readonly appKeySigners: number;
  readonly appKeyFetches: number;
  readonly broadcasts: number;
  readonly history: number;
  readonly historyTimeline: number;
  readonly archive: number;
  readonly archiveCheckpoints: number;
  readonly opens: number;
}

/**
 * Deletes the rows past their `expires_at`: lapsed or expired dedupe claims, tokens' limiter state
 * past their interval and day, deliveries remembered past `dedupeMs`, app key lists past `cacheMs`,
 * lapsed fetch claims, broadcasts past `keepMs`, the history's notifications (with their counters) and
 * timeline entries past theirs, archived deliveries and replay checkpoints past the archive's, and
 * opens past `retentionMs`, in one transaction. The stores never read such a row as live (each
 * statement checks `expires_at` against the database's clock), so this only keeps the tables small
 * (D1 bills rows read and stored): run it from a Cron Trigger. The token table holds no expiry: a
 * token lives until its user's events or a client's answer remove it.
 *
 * @param options `d1` or `durableObject` (and `name`), `prefix` (default `social_webhooks_`).
 * @returns the number of rows deleted from each table.
 * @example
 * export default { async scheduled(_event, env) { await cleanup({ d1: env.DB }); } };
 */
export async function cleanup(options: CloudflareStoreOptions): Promise<CloudflareCleanupReport> {
  const { runner, tables } = storageOf(options, 'cleanup()');
  const names = [
    'dedupe',
    'notifyTokens',
    'notifySent',
    'appKeySigners',
    'appKeyFetches',
    'broadcasts',
    'history',
    'historyTimeline',
    'archive',
    'archiveCheckpoints',
    'opens',
  ] as const;
  // A notification's counters, its opens' clients and openers go with it (and any whose notification is gone).
  const orphans = [
    [tables.historyCounts, tables.history],
    [tables.openClients, tables.opens],
    [tables.openFids, tables.opens],
  ].map(([table, parent]) => ({
    sql: `DELETE FROM ${table} WHERE notification_id NOT IN (SELECT notification_id FROM ${parent} WHERE expires_at > ${NOW})`,
    params: [],
  }));
  // Each DELETE is followed by SQLite's changes(): the rows it deleted, counted without returning them.
  const results = await runner.run([
    ...orphans,
    ...names.flatMap((name) => [
      { sql: `DELETE FROM ${tables[name]} WHERE expires_at <= ${NOW}`, params: [] },
      { sql: 'SELECT changes() AS n', params: [] },
    ]),
    // The archive's size counted again, as its adds keep it.
    { sql: `UPDATE ${tables.archiveSize} SET n = (SELECT count(*) FROM ${tables.archive}) WHERE id = 1`, params: [] },
  ]);
  const count = (index: number) => Number(results[orphans.length + 1 + 2 * index]?.[0]?.['n'] ?? 0);
  return Object.fromEntries(names.map((name, index) => [name, count(index)])) as unknown as CloudflareCleanupReport;
}
