import type { AnyEvent, UnknownWebhookEvent, WebhookEvent } from '../schema/types.js';
import type { DedupeStore } from './dedupe-store.js';

/**
 * What the receiver does when the dedupe store fails or does not answer within `timeoutMs`:
 * - `'reject'`: answer 503 `dedupe_unavailable`; the service retries later, when the store may be
 *   back. No handler runs twice, but a long outage means a run of failed deliveries.
 * - `'process'`: run the handler without a claim. Deliveries keep flowing; a duplicate that arrives
 *   during the outage runs the handler again.
 */
export type StoreErrorPolicy = 'reject' | 'process';

/**
 * The `dedupe` option: how duplicate deliveries are recognised and remembered. `Event` is the
 * event type `key` gets: the founding service's by default, the sender's own with `sender`.
 */
export interface DedupeOptions<Event extends AnyEvent = WebhookEvent | UnknownWebhookEvent> {
  /** Where claims are kept. Default: `memoryStore()`, which protects one process only. */
  readonly store?: DedupeStore;
  /** How long a handled delivery is remembered, in ms. Default 24 hours. */
  readonly ttlMs?: number;
  /**
   * How long a claim lasts when its process dies before the handler settles, in ms; a duplicate
   * within it gets 409. Make it longer than your slowest handler. Default 60 seconds.
   */
  readonly leaseMs?: number;
  /** The longest wait for one store call, in ms; past it the store counts as failed. Default 1000. */
  readonly timeoutMs?: number;
  /** What to do when the store fails; see {@link StoreErrorPolicy}. Default `'reject'`. */
  readonly onStoreError?: StoreErrorPolicy;
  /**
   * Derives a delivery's key from its event. Return `undefined` to fall back to the default: a
   * delivery id header, then (for the founding service) the payload's `id` when it is a non-empty
   * string, otherwise the SHA-256 of the body. The key is scoped by the sender and the event name
   * either way. If it throws, the delivery is treated as a store failure.
   */
  readonly key?: (event: Event) => string | undefined;
}

/** 24 hours: longer than the service's retry schedule is likely to last. */
export const DEFAULT_DEDUPE_TTL_MS = 24 * 60 * 60 * 1000;
/** 60 seconds: far longer than the 5 s the service's gateway waits for an answer (docs/contract.md §Delivery semantics). */
export const DEFAULT_DEDUPE_LEASE_MS = 60_000;
/** 1 second: a store slower than that would eat the gateway's 5 s. */
export const DEFAULT_DEDUPE_TIMEOUT_MS = 1000;
