import { givenEnabledAt, type NotificationTarget, type NotificationTokenStore, type ResumablePage } from '@social-webhooks/core';
import { NOW } from './now.js';
import type { Row } from './sql-runner.js';
import { storageOf, type CloudflareStoreOptions } from './storage.js';

/** The most users a page of `listPages()` holds (each with all of their targets). */
const PAGE_USERS = 200;

/**
 * A Mini App's notification tokens in D1 or a Durable Object (the `<prefix>tokens` table, one row
 * per user and Farcaster client: `fid`, `app_fid`, `url`, `token`, `updated_at`; and beside it
 * `<prefix>tokens_enabled`, when each token was first saved), shared by every instance of a Worker.
 * Each call is one call to the storage, one transaction: `save` an upsert (the enabled time kept
 * when the token is the same, else the one given or the database's clock; a token saved before
 * the table has none, and keeps none),
 * `deleteToken` a `DELETE … WHERE token = ?3` (compare-and-delete, so a token the user enabled since
 * stays), `listPages()` pages of at most 200 users in `fid` order, each read after the last `fid` of
 * the page before (every user listed once, whatever is saved meanwhile); `listPagesFrom(cursor)` the
 * same pages, each with that `fid` as the cursor a later run continues from.
 *
 * @param options `d1` (a D1 binding) or `durableObject` (a namespace bound to `SocialWebhooksState`, and its `name`), `prefix` (default `social_webhooks_`).
 * @throws {WebhookError} `invalid_options` when neither binding is given, the binding is not of its kind, or `prefix` is not a plain lower-case name.
 * @example
 * const tokens = cloudflareTokenStore({ durableObject: env.STATE });
 * // on: { notifications_enabled: (event) => applyMiniAppEvent(tokens, event), ... }
 */
export function cloudflareTokenStore(options: CloudflareStoreOptions): NotificationTokenStore {
  const { runner, tables } = storageOf(options, 'cloudflareTokenStore()');
  const { tokens, tokensEnabled: enabled } = tables;
  // First the enabled time, unless the row holds this very token already (then its time stays, or
  // its lack of one); then the token. ?1 fid, ?2 app_fid, ?3 token, ?4 enabled_at or NULL for now.
  const SAVE_ENABLED = `INSERT INTO ${enabled} (fid, app_fid, token, enabled_at)
SELECT ?1, ?2, ?3, COALESCE(?4, ${NOW}) WHERE NOT EXISTS (SELECT 1 FROM ${tokens} WHERE fid = ?1 AND app_fid = ?2 AND token = ?3)
ON CONFLICT (fid, app_fid) DO UPDATE SET token = excluded.token, enabled_at = excluded.enabled_at`;
  const SAVE = `INSERT INTO ${tokens} (fid, app_fid, url, token, updated_at) VALUES (?1, ?2, ?3, ?4, ${NOW})
ON CONFLICT (fid, app_fid) DO UPDATE SET url = excluded.url, token = excluded.token, updated_at = excluded.updated_at`;
  // A time counts only for the token it was kept for.
  const COLUMNS = `SELECT t.fid, t.app_fid, t.url, t.token, e.enabled_at FROM ${tokens} t
LEFT JOIN ${enabled} e ON e.fid = t.fid AND e.app_fid = t.app_fid AND e.token = t.token`;
  const GET = `${COLUMNS} WHERE t.fid = ?1`;
  const PAGE = `${COLUMNS}
WHERE t.fid IN (SELECT DISTINCT fid FROM ${tokens} WHERE fid > ?1 ORDER BY fid LIMIT ${PAGE_USERS})
ORDER BY t.fid, t.app_fid`;
  const one = async (sql: string, params: (string | number)[]) => (await runner.run([{ sql, params }]))[0] ?? [];

  const pageAfter = async (fid: number) => (await one(PAGE, [fid])).map(toTarget);

  async function* listPages(): AsyncGenerator<NotificationTarget[]> {
    for await (const { targets } of listPagesFrom()) yield targets as NotificationTarget[];
  }

  // A cursor is the last FID of a page. A page of fewer than PAGE_USERS users is the last; after a
  // full one the next is read before the page is given, so the last page's cursor is undefined.
  async function* listPagesFrom(cursor?: string): AsyncGenerator<ResumablePage> {
    if (cursor !== undefined && !/^\d{1,16}$/.test(cursor)) {
      throw new TypeError(`cloudflareTokenStore: listPagesFrom() was given the cursor ${JSON.stringify(cursor)}, which it never answers.`);
    }
    let page = await pageAfter(cursor === undefined ? -1 : Number(cursor));
    while (page.length > 0) {
      const last = page.at(-1)!.fid;
      const next = new Set(page.map(({ fid }) => fid)).size < PAGE_USERS ? [] : await pageAfter(last);
      yield { targets: page, cursor: next.length > 0 ? String(last) : undefined };
      page = next;
    }
  }

  return {
    async save(target) {
      const { fid, appFid, url, token } = target;
      const enabledAt = givenEnabledAt(target, '@social-webhooks/cloudflare: cloudflareTokenStore');
      await runner.run([
        { sql: SAVE_ENABLED, params: [fid, appFid, token, enabledAt ?? null] },
        { sql: SAVE, params: [fid, appFid, url, token] },
      ]);
    },
    async delete({ fid, appFid }) {
      const where = appFid === undefined ? 'fid = ?1' : 'fid = ?1 AND app_fid = ?2';
      const params = appFid === undefined ? [fid] : [fid, appFid];
      await runner.run([
        { sql: `DELETE FROM ${tokens} WHERE ${where}`, params },
        { sql: `DELETE FROM ${enabled} WHERE ${where}`, params },
      ]);
    },
    async deleteToken({ fid, appFid, token }) {
      const [rows = []] = await runner.run([
        { sql: `DELETE FROM ${tokens} WHERE fid = ?1 AND app_fid = ?2 AND token = ?3 RETURNING fid`, params: [fid, appFid, token] },
        { sql: `DELETE FROM ${enabled} WHERE fid = ?1 AND app_fid = ?2 AND token = ?3`, params: [fid, appFid, token] },
      ]);
      return rows.length > 0;
    },
    async get(fid) {
      return (await one(GET, [fid])).map(toTarget);
    },
    async *list() {
      for await (const page of listPages()) yield* page;
    },
    listPages,
    listPagesFrom,
  };
}

function toTarget(row: Row): NotificationTarget {
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
    throw new Error(`@social-webhooks/cloudflare: a row of the token table is not { fid, app_fid, url, token }: ${JSON.stringify(row)}.`);
  }
  // No enabled row for this token: it was saved before the store kept the time, which stays unknown.
  return { fid, appFid, url, token, ...(enabledAt !== undefined && { enabledAt }) };
}
