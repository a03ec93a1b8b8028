import { givenEnabledAt } from './enabled-at.js';
import type { NotificationTarget, NotificationTokenStore, ResumablePage } from './token-store.js';

/** Targets per page of `listPages()`: whole users, so a page may hold a few more. */
const MEMORY_PAGE = 500;

/**
 * A {@link NotificationTokenStore} in this process's memory: for development, tests and a single
 * instance that can afford to lose its tokens on restart (users get notifications again when they
 * next enable them). Several instances, or tokens that must outlive the process: `redisTokenStore()`
 * from `@social-webhooks/redis`.
 *
 * Not bounded by a count: a token is saved only from a signed event whose key is registered on chain
 * for the user's FID, so the entries are bounded by real users and clients, and dropping one would
 * silently stop a user's notifications.
 *
 * @example
 * const tokens = memoryTokenStore();
 * for (const target of await tokens.get(fid)) await notify(target.url, target.token);
 */
export function memoryTokenStore(): NotificationTokenStore {
  // By user, then by client: a user's targets are read together.
  const users = new Map<number, Map<number, NotificationTarget>>();
  return {
    async save(target) {
      const { fid, appFid, url, token } = target;
      const given = givenEnabledAt(target, 'memoryTokenStore');
      let clients = users.get(fid);
      if (clients === undefined) users.set(fid, (clients = new Map()));
      // The same token again keeps when it was enabled (or that this is unknown); a new one is enabled now.
      const held = clients.get(appFid);
      const enabledAt = held?.token === token ? held.enabledAt : (given ?? Date.now());
      // A copy of the fields: the caller's object is not kept, nor anything else it holds.
      clients.set(appFid, { fid, appFid, url, token, ...(enabledAt !== undefined && { enabledAt }) });
    },
    async delete({ fid, appFid }) {
      const clients = users.get(fid);
      if (clients === undefined) return;
      if (appFid !== undefined) clients.delete(appFid);
      if (appFid === undefined || clients.size === 0) users.delete(fid);
    },
    async deleteToken({ fid, appFid, token }) {
      const clients = users.get(fid);
      if (clients?.get(appFid)?.token !== token) return false;
      clients.delete(appFid);
      if (clients.size === 0) users.delete(fid);
      return true;
    },
    async get(fid) {
      return [...(users.get(fid)?.values() ?? [])];
    },
    async *list() {
      for (const clients of users.values()) yield* clients.values();
    },
    async *listPages() {
      let page: NotificationTarget[] = [];
      for (const clients of users.values()) {
        for (const target of clients.values()) page.push(target);
        if (page.length >= MEMORY_PAGE) {
          yield page;
          page = [];
        }
      }
      if (page.length > 0) yield page;
    },
    // In FID order, each page after the last FID of the one before: a cursor is that FID, so users
    // saved or deleted meanwhile do not shift what comes after it.
    async *listPagesFrom(cursor) {
      const after = cursor === undefined ? 0 : Number(cursor);
      if (!Number.isSafeInteger(after))
        throw new TypeError(`memoryTokenStore: listPagesFrom() was given the cursor ${JSON.stringify(cursor)}, which it never answers.`);
      const fids = [...users.keys()].filter((fid) => fid > after).sort((a, b) => a - b);
      let page: NotificationTarget[] = [];
      for (const [index, fid] of fids.entries()) {
        page.push(...(users.get(fid)?.values() ?? []));
        const last = index === fids.length - 1;
        if (page.length >= MEMORY_PAGE || (last && page.length > 0)) {
          yield { targets: page, cursor: last ? undefined : String(fid) } satisfies ResumablePage;
          page = [];
        }
      }
    },
  };
}
