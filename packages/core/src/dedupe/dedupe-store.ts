/**
 * What a claim found: `claimed` (the caller now holds the key and runs the handler), `in_flight`
 * (another holder is running it now), or `completed` (it was handled within the TTL).
 */
export type ClaimState = 'claimed' | 'in_flight' | 'completed';

/**
 * Where the receiver records which deliveries it has handled, so a duplicate runs no handler twice.
 * Three calls, each on one key:
 *
 * - `claim` must be atomic: of two concurrent claims on a free key, exactly one gets `claimed`,
 *   also across processes when the store is shared. A claim that is never completed nor released
 *   (the process died) lapses after `leaseMs`.
 * - `complete` marks the key handled for `ttlMs`.
 * - `release` frees the key, but only while `token` still holds it (a lapsed claim may have been
 *   taken by another holder since).
 *
 * A call may reject or hang: the receiver bounds each one by `dedupe.timeoutMs` and then follows
 * `dedupe.onStoreError`. Implementations: `memoryStore()` here, `redisStore()` in
 * `@social-webhooks/redis`.
 */
export interface DedupeStore {
  claim(key: string, token: string, leaseMs: number): Promise<ClaimState>;
  complete(key: string, token: string, ttlMs: number): Promise<void>;
  release(key: string, token: string): Promise<void>;
}
