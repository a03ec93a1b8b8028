import type { NotificationTarget, NotificationTokenStore, ResumablePage } from '@social-webhooks/core';
import { NOW } from './now.js';
import type { Row } from './sql-runner.js';
import { storageOf, type CloudflareStoreOptions } from './storage.js';

/** The most users a page of `listPages()` holds (each with all of their targets). */
const PAGE_USERS = 200;

/**
 * A Mini App's notification tokens in D1 or a Durable Object (the `<prefix>tokens` table, one row
 * per user and Farcaster client: `fid`, `app_fid`, `url`, `token`, `updated_at`), shared by every
 * instance of a Worker. Each call is one statement, one call to the storage: `save` an upsert,
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
  const { tokens } = tables;
  const SAVE = `INSERT INTO ${tokens} (fid, app_fid, url, token, updated_at) VALUES (?1, ?2, ?3, ?4, ${NOW})
ON CONFLICT (fid, app_fid) DO UPDATE SET url = excluded.url, token = excluded.token, updated_at = excluded.updated_at`;
  const GET = `SELECT fid, app_fid, url, token FROM ${tokens} WHERE fid = ?1`;
  const PAGE = `SELECT fid, app_fid, url, token FROM ${tokens}
WHERE fid IN (SELECT DISTINCT fid FROM ${tokens} WHERE fid > ?1 ORDER BY fid LIMIT ${PAGE_USERS})
ORDER BY fid, app_fid`;
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
    async save({ fid, appFid, url, token }) {
      await one(SAVE, [fid, appFid, url, token]);
    },
    async delete({ fid, appFid }) {
      if (appFid === undefined) await one(`DELETE FROM ${tokens} WHERE fid = ?1`, [fid]);
      else await one(`DELETE FROM ${tokens} WHERE fid = ?1 AND app_fid = ?2`, [fid, appFid]);
    },
    async deleteToken({ fid, appFid, token }) {
      const rows = await one(`DELETE FROM ${tokens} WHERE fid = ?1 AND app_fid = ?2 AND token = ?3 RETURNING fid`, [fid, appFid, token]);
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
  if (!Number.isSafeInteger(fid) || !Number.isSafeInteger(appFid) || typeof url !== 'string' || typeof token !== 'string') {
    throw new Error(`@social-webhooks/cloudflare: a row of the token table is not { fid, app_fid, url, token }: ${JSON.stringify(row)}.`);
  }
  return { fid, appFid, url, token };
}
