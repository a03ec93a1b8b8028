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
}

/**
 * Deletes the rows past their `expires_at`: lapsed or expired dedupe claims, tokens' limiter state
 * past their interval and day, deliveries remembered past `dedupeMs`, app key lists past `cacheMs`,
 * lapsed fetch claims and broadcasts past `keepMs`, in one transaction. The stores never read such a row as live (each
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
  const names = ['dedupe', 'notifyTokens', 'notifySent', 'appKeySigners', 'appKeyFetches', 'broadcasts'] as const;
  // Each DELETE is followed by SQLite's changes(): the rows it deleted, counted without returning them.
  const results = await runner.run(
    names.flatMap((name) => [
      { sql: `DELETE FROM ${tables[name]} WHERE expires_at <= ${NOW}`, params: [] },
      { sql: 'SELECT changes() AS n', params: [] },
    ]),
  );
  const count = (index: number) => Number(results[2 * index + 1]?.[0]?.['n'] ?? 0);
  return {
    dedupe: count(0),
    notifyTokens: count(1),
    notifySent: count(2),
    appKeySigners: count(3),
    appKeyFetches: count(4),
    broadcasts: count(5),
  };
}
