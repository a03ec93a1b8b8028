import { checkOpenRecord, resolveOpenRetention, type OpenCounts, type OpenStore } from '@social-webhooks/core';
import { optionsError } from './errors.js';
import { NOW } from './now.js';
import type { Statement } from './sql-runner.js';
import { storageOf, type CloudflareStoreOptions } from './storage.js';

/** Options of {@link cloudflareOpenStore}: the storage, the tables' prefix, and how long a notification's opens are kept. */
export type CloudflareOpenStoreOptions = CloudflareStoreOptions & {
  /** How long a notification's counts are kept after its last open, in milliseconds. Default 2,592,000,000 (30 days). */
  readonly retentionMs?: number;
};

/**
 * Opens counted in D1 or a Durable Object (the `store` of `openReceiver` of `@social-webhooks/opens`,
 * joined to a history by `withOpens`), shared by every instance of a Worker: an open is one call to
 * the storage, one transaction that adds the FID to who opened the notification (`<prefix>open_fids`)
 * and raises the counts (`<prefix>opens`, per client `<prefix>open_clients`) by what that insert
 * changed, so two instances recording the same user at once count one unique open. A notification's
 * rows lapse `retentionMs` after its last open, and `cleanup()` deletes them.
 *
 * @param options `d1` or `durableObject` (and `name`), `prefix` (default `social_webhooks_`), `retentionMs` (default 30 days).
 * @throws {WebhookError} `invalid_options` when neither binding is given, the binding is not of its kind, `prefix` is not a plain lower-case name, or `retentionMs` is not a positive whole number.
 * @example
 * const opens = cloudflareOpenStore({ d1: env.DB });
 * const history = withOpens(cloudflareNotificationHistory({ d1: env.DB }), opens);
 */
export function cloudflareOpenStore(options: CloudflareOpenStoreOptions): OpenStore {
  const name = 'cloudflareOpenStore()';
  const { runner, tables } = storageOf(options, name);
  const retentionMs = resolveOpenRetention(options.retentionMs, (message) => {
    throw optionsError(`${name}: ${message}`);
  });
  const { opens: o, openClients: c, openFids: f } = tables;
  const lapsed = `EXISTS (SELECT 1 FROM ${o} WHERE notification_id = ?1 AND expires_at <= ${NOW})`;
  // After each INSERT … DO NOTHING into who opened it, SQLite's changes() is 1 for a first open, else 0.
  const ADD_MEMBER = `INSERT INTO ${f} (notification_id, member) VALUES (?1, ?2) ON CONFLICT DO NOTHING`;
  const statements = (id: string, fid: number, clientFid: number | undefined): Statement[] => [
    { sql: `DELETE FROM ${f} WHERE notification_id = ?1 AND ${lapsed}`, params: [id] },
    { sql: `DELETE FROM ${c} WHERE notification_id = ?1 AND ${lapsed}`, params: [id] },
    { sql: ADD_MEMBER, params: [id, String(fid)] },
    { sql: 'SELECT changes() AS n', params: [] },
    {
      sql: `INSERT INTO ${o} (notification_id, opens, unique_opens, expires_at) VALUES (?1, 1, changes(), ${NOW} + ?2)
ON CONFLICT (notification_id) DO UPDATE SET
  opens = CASE WHEN ${o}.expires_at <= ${NOW} THEN 1 ELSE ${o}.opens + 1 END,
  unique_opens = CASE WHEN ${o}.expires_at <= ${NOW} THEN excluded.unique_opens ELSE ${o}.unique_opens + excluded.unique_opens END,
  expires_at = excluded.expires_at`,
      params: [id, retentionMs],
    },
    ...(clientFid === undefined
      ? []
      : [
          { sql: ADD_MEMBER, params: [id, `${clientFid}:${fid}`] },
          {
            sql: `INSERT INTO ${c} (notification_id, client, opens, unique_opens) VALUES (?1, ?2, 1, changes())
ON CONFLICT (notification_id, client) DO UPDATE SET opens = ${c}.opens + 1, unique_opens = ${c}.unique_opens + excluded.unique_opens`,
            params: [id, String(clientFid)],
          },
        ]),
  ];
  const live = `EXISTS (SELECT 1 FROM ${o} WHERE notification_id = ?1 AND expires_at > ${NOW})`;

  return {
    async record(open) {
      checkOpenRecord(open, `@social-webhooks/cloudflare: ${name}`);
      const results = await runner.run(statements(open.notificationId, open.fid, open.clientFid));
      return { unique: Number(results[3]?.[0]?.['n']) === 1 };
    },
    async counts(notificationId) {
      const [[row] = [], clients = []] = await runner.run([
        { sql: `SELECT opens, unique_opens FROM ${o} WHERE notification_id = ?1 AND expires_at > ${NOW}`, params: [notificationId] },
        { sql: `SELECT client, opens, unique_opens FROM ${c} WHERE notification_id = ?1 AND ${live}`, params: [notificationId] },
      ]);
      const counts: OpenCounts = { opens: Number(row?.['opens'] ?? 0), uniqueOpens: Number(row?.['unique_opens'] ?? 0), byClient: {} };
      for (const client of clients) {
        counts.byClient[String(client['client'])] = { opens: Number(client['opens']), uniqueOpens: Number(client['unique_opens']) };
      }
      return counts;
    },
  };
}
