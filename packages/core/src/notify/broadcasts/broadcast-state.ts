import type { NotificationTarget } from '../../senders/miniapp/token-store.js';

/**
 * A target a run could not settle, kept in the record for a later step or run: held back by a rate
 * limit (ours or the client's) until `retryAt`; its request failed in a way worth retrying (`attempt`
 * retries so far, under the same `notificationId`); or read but not sent, as the run's time was up.
 */
export interface HeldTarget extends NotificationTarget {
  readonly kind: 'rate_limited' | 'retry' | 'unsent';
  /** When it may be sent again, in milliseconds since the epoch. */
  readonly retryAt: number;
  /** Retries of a failed request so far (0 for a rate-limited target). */
  readonly attempt: number;
  /** Why its last request failed, for a `retry`. */
  readonly reason?: string;
}

/** Targets counted by outcome, as `notifier.send()` reports them; each target read is counted once per outcome. */
export interface BroadcastCounts {
  /** Targets read from the store (or the list), each time one is read. */
  readonly targets: number;
  /** Requests sent to clients, retries included. */
  readonly requests: number;
  /** The client delivered (or had delivered: it dedupes a repeat of the same `notificationId`). */
  readonly successful: number;
  /** Our record (the limiter's) says this user had this notification from this client: not sent again. */
  readonly alreadySent: number;
  /** Tokens the client no longer honours: removed from the store (unless a newer one had arrived). */
  readonly invalid: number;
  /** Targets that failed, by reason: the client's (`domain_mismatch`, …) or the last failure of a request retried `retries` times. */
  readonly failed: Readonly<Record<string, number>>;
  /** Targets not sent because their client refused the notification itself (see `stopped`). */
  readonly remaining: number;
  /**
   * Targets dropped, never sent, because the plan's `expiresAt` had passed (or would have, before
   * their rate limit's window or their retry came). 0 without `expiresAt`; absent from a record
   * saved before it was counted.
   */
  readonly expired?: number;
  /**
   * Targets read but never sent because the broadcast was cancelled (`cancel()`): a batch that found
   * the flag before its request, and every target held then. 0 unless cancelled; absent from a record
   * saved before it was counted.
   */
  readonly cancelled?: number;
}

/** Where a broadcast's runs have got to: what a record store keeps under the lease, as JSON. */
export interface BroadcastState {
  /**
   * Where reading the audience goes on: the token store's `listPagesFrom` cursor for `'all'`, the
   * position in the list of FIDs as decimal digits; `null` before the first page.
   */
  readonly cursor: string | null;
  /** The audience has been read to its end. */
  readonly listed: boolean;
  readonly counts: BroadcastCounts;
  /** Targets to send again later (about `MAX_BROADCAST_HELD` at most: a run reads no further while it holds that many). */
  readonly held: readonly HeldTarget[];
  /** Clients that refused the notification itself, with why: their other targets are not sent. */
  readonly stopped: readonly { readonly url: string; readonly reason: string }[];
  /** Runs that worked on it (took its lease). */
  readonly runs: number;
  /** Every target read has an outcome and the audience is read to its end. */
  readonly done: boolean;
  /** No run works on it before this time (ms since the epoch): `start()`'s `at`, when it was ahead. */
  readonly notBefore?: number;
}

/**
 * How many targets a record holds to send again before a run reads no further into the audience
 * until some are settled: the held can pass it by at most the last step's pages, so a record stays
 * small (about 150 bytes a target as JSON) whatever the broadcast's size.
 */
export const MAX_BROADCAST_HELD = 1_000;

/** The state of a broadcast no run has worked on yet. */
export function initialState(): BroadcastState {
  return {
    cursor: null,
    listed: false,
    counts: { targets: 0, requests: 0, successful: 0, alreadySent: 0, invalid: 0, failed: {}, remaining: 0, expired: 0, cancelled: 0 },
    held: [],
    stopped: [],
    runs: 0,
    done: false,
  };
}
