import { WebhookError } from '../errors.js';
import type { ClaimState, DedupeStore } from './dedupe-store.js';

/** Options of {@link memoryStore}. */
export interface MemoryStoreOptions {
  /** The most keys kept; past it the oldest are dropped. Default 10,000. */
  readonly maxEntries?: number;
}

/** 10,000 keys: a day of deliveries for most subscribers, a few MiB at most. */
export const DEFAULT_MEMORY_STORE_ENTRIES = 10_000;

interface Entry {
  /** The claiming token, or `undefined` once completed. */
  readonly token: string | undefined;
  readonly expiresAt: number;
}

/**
 * A {@link DedupeStore} in this process's memory, with a bounded size and a TTL per key. It protects
 * one process only: behind a load balancer, each instance has its own, so use a shared store such as
 * `redisStore()` from `@social-webhooks/redis` there. When full, the oldest key is dropped, so
 * memory stays bounded whatever is delivered.
 *
 * @param options `maxEntries` (default 10,000).
 * @throws {WebhookError} `invalid_options` when `maxEntries` is not a positive whole number.
 * @example
 * webhookHandler({ secret, on, dedupe: { store: memoryStore({ maxEntries: 50_000 }) } });
 */
export function memoryStore(options: MemoryStoreOptions = {}): DedupeStore {
  const maxEntries = options.maxEntries ?? DEFAULT_MEMORY_STORE_ENTRIES;
  if (!Number.isSafeInteger(maxEntries) || maxEntries < 1) {
    throw new WebhookError(
      'invalid_options',
      `@social-webhooks/core: memoryStore's \`maxEntries\` must be a positive whole number (default ${DEFAULT_MEMORY_STORE_ENTRIES}); got ${String(options.maxEntries)}.`,
    );
  }
  // Insertion order is age order: every write deletes the key first, so it moves to the end.
  const entries = new Map<string, Entry>();

  function live(key: string, now: number): Entry | undefined {
    const entry = entries.get(key);
    if (entry !== undefined && entry.expiresAt <= now) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  }

  function write(key: string, entry: Entry): void {
    entries.delete(key);
    // The oldest write is the first to expire (one TTL for all completed keys), so dropping it costs
    // O(1) and keeps what a retry is most likely to hit. Expired keys otherwise go when read.
    if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
    entries.set(key, entry);
  }

  return {
    async claim(key, token, leaseMs): Promise<ClaimState> {
      const now = Date.now();
      const entry = live(key, now);
      if (entry !== undefined) return entry.token === undefined ? 'completed' : 'in_flight';
      write(key, { token, expiresAt: now + leaseMs });
      return 'claimed';
    },
    async complete(key, _token, ttlMs) {
      write(key, { token: undefined, expiresAt: Date.now() + ttlMs });
    },
    async release(key, token) {
      if (live(key, Date.now())?.token === token) entries.delete(key);
    },
  };
}
