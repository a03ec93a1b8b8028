import type { ClaimState, DedupeStore } from '@social-webhooks/core';
import { NOW } from './now.js';
import { storageOf, type CloudflareStoreOptions } from './storage.js';

/**
 * A dedupe store in D1 or a Durable Object (the `<prefix>dedupe` table), shared by every instance
 * of a Worker: of concurrent claims on one delivery, exactly one runs the handler. Each call is one
 * SQLite statement on the database's clock, one call to the storage:
 *
 * - `claim` inserts the key with the lease as its `expires_at`; on a conflict it takes the row over
 *   only when the row has lapsed (`INSERT … ON CONFLICT DO UPDATE`, the check in the update) and
 *   answers from the row as the statement left it, so a racing claim reads the winner's.
 * - `complete` marks the row done, to lapse after `ttlMs`.
 * - `release` deletes the row only while the claim's token still holds it.
 *
 * The receiver bounds every call by `dedupe.timeoutMs` and follows `dedupe.onStoreError` when the
 * storage fails. Rows past `expires_at` are ignored; `cleanup()` deletes them.
 *
 * @param options `d1` (a D1 binding) or `durableObject` (a namespace bound to `SocialWebhooksState`, and its `name`), `prefix` (default `social_webhooks_`).
 * @throws {WebhookError} `invalid_options` when neither binding is given, the binding is not of its kind, or `prefix` is not a plain lower-case name.
 * @example
 * const handler = webhookHandler({ sender, on, dedupe: { store: cloudflareStore({ d1: env.DB }) } });
 */
export function cloudflareStore(options: CloudflareStoreOptions): DedupeStore {
  const { runner, tables } = storageOf(options, 'cloudflareStore()');
  const d = tables.dedupe;
  const lapsed = `${d}.expires_at <= ${NOW}`;
  // Always an update on conflict (of the row itself when it holds), so RETURNING reads the row.
  const CLAIM = `INSERT INTO ${d} (key, token, done, expires_at) VALUES (?1, ?2, 0, ${NOW} + ?3)
ON CONFLICT (key) DO UPDATE SET
  token = CASE WHEN ${lapsed} THEN excluded.token ELSE ${d}.token END,
  done = CASE WHEN ${lapsed} THEN 0 ELSE ${d}.done END,
  expires_at = CASE WHEN ${lapsed} THEN excluded.expires_at ELSE ${d}.expires_at END
RETURNING CASE WHEN done THEN 'completed' WHEN token = ?2 AND expires_at = ${NOW} + ?3 THEN 'claimed' ELSE 'in_flight' END AS state`;
  const COMPLETE = `INSERT INTO ${d} (key, token, done, expires_at) VALUES (?1, ?2, 1, ${NOW} + ?3)
ON CONFLICT (key) DO UPDATE SET token = excluded.token, done = 1, expires_at = excluded.expires_at`;
  const RELEASE = `DELETE FROM ${d} WHERE key = ?1 AND token = ?2 AND NOT done`;

  return {
    async claim(key, token, leaseMs) {
      const [[row] = []] = await runner.run([{ sql: CLAIM, params: [key, token, Math.ceil(leaseMs)] }]);
      const state = row?.['state'];
      if (state !== 'claimed' && state !== 'completed' && state !== 'in_flight') {
        throw new Error(`@social-webhooks/cloudflare: unexpected reply ${JSON.stringify(row)} to the claim.`);
      }
      return state satisfies ClaimState;
    },
    async complete(key, token, ttlMs) {
      await runner.run([{ sql: COMPLETE, params: [key, token, Math.ceil(ttlMs)] }]);
    },
    async release(key, token) {
      await runner.run([{ sql: RELEASE, params: [key, token] }]);
    },
  };
}
