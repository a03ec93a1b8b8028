import { WebhookError } from '../../errors.js';
import type { AppKeyStore, LookupBudget, LookupGrant, SignerList } from './app-key-store.js';
import { setBounded } from './bounded-map.js';

/** What {@link memoryAppKeyStore} takes. */
export interface MemoryAppKeyStoreOptions {
  /** The most FIDs whose lists are kept; past it the oldest go. Default 10,000. */
  readonly maxEntries?: number;
}

/** 10,000 FIDs, the default `maxEntries`. */
export const DEFAULT_APP_KEY_STORE_ENTRIES = 10_000;

/**
 * The default {@link AppKeyStore} of a hub lookup: signer lists and the lookup budget in this
 * process's memory. The budget is a token bucket (`perSecond` tokens a second, holding at most
 * `perSecond`) and a count of calls in flight. Runs on every runtime.
 *
 * @param options `maxEntries` (default 10,000).
 * @throws {WebhookError} `invalid_options` when `maxEntries` is not a positive whole number.
 * @example
 * verifyAppKeyWithHub({ hubUrl, store: memoryAppKeyStore({ maxEntries: 50_000 }) });
 */
export function memoryAppKeyStore(options: MemoryAppKeyStoreOptions = {}): AppKeyStore {
  const maxEntries = options.maxEntries ?? DEFAULT_APP_KEY_STORE_ENTRIES;
  if (!Number.isSafeInteger(maxEntries) || maxEntries < 1) {
    throw new WebhookError(
      'invalid_options',
      `@social-webhooks/core: memoryAppKeyStore: \`maxEntries\` must be a positive whole number (default ${DEFAULT_APP_KEY_STORE_ENTRIES}); got ${String(options.maxEntries)}.`,
    );
  }
  const lists = new Map<number, { readonly list: SignerList; readonly expiresAt: number }>();
  let tokens: number | undefined;
  let filledAt = 0;
  let inFlight = 0;
  let pausedUntil = 0;

  return {
    async getSigners(fid) {
      const kept = lists.get(fid);
      if (kept === undefined) return undefined;
      if (kept.expiresAt > Date.now()) return kept.list;
      lists.delete(fid);
      return undefined;
    },
    async setSigners(fid, list, ttlMs) {
      setBounded(lists, fid, { list, expiresAt: Date.now() + ttlMs }, maxEntries);
    },
    async acquireLookup({ perSecond, concurrent }: LookupBudget): Promise<LookupGrant> {
      const now = Date.now();
      if (pausedUntil > now) return { ok: false, reason: 'paused', retryAfterMs: pausedUntil - now };
      if (inFlight >= concurrent) return { ok: false, reason: 'concurrency', retryAfterMs: Math.ceil(1000 / perSecond) };
      tokens = Math.min(perSecond, (tokens ?? perSecond) + ((now - filledAt) * perSecond) / 1000);
      filledAt = now;
      if (tokens < 1) return { ok: false, reason: 'rate', retryAfterMs: Math.ceil(((1 - tokens) * 1000) / perSecond) };
      tokens -= 1;
      inFlight++;
      let released = false;
      return {
        ok: true,
        async release() {
          if (released) return;
          released = true;
          inFlight--;
        },
      };
    },
    async pauseLookups(ms) {
      pausedUntil = Math.max(pausedUntil, Date.now() + ms);
    },
    // One process: the lookup's own single flight per FID is the whole story.
    async claimFetch() {
      return true;
    },
    async releaseFetch() {
      return;
    },
  };
}
