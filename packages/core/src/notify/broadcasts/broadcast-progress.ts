import type { Notification } from '../notification.js';
import type { BroadcastCounts } from './broadcast-state.js';
import type { BroadcastRecord } from './record-store.js';

/**
 * Where a broadcast stands, read from its record: at any time, from any process, while runs work on
 * it and after (until its record lapses). Each target read is counted once in `successful`,
 * `alreadySent`, `invalid`, `failed`, `remaining`, `expired`, `cancelled`, `rateLimited`, `retrying` or `unsent`, each time it is read.
 */
export interface BroadcastProgress extends BroadcastCounts {
  readonly id: string;
  readonly notification: Notification;
  /** When `start()` recorded it, in milliseconds since the epoch. */
  readonly createdAt: number;
  /** How many FIDs a list audience has; `undefined` for `'all'`. */
  readonly fids: number | undefined;
  /** When the notification stops being worth sending (ms since the epoch), as `start()` was given it; `undefined` when never. */
  readonly expiresAt: number | undefined;
  /** Targets dropped because `expiresAt` had passed (or would have, before their window or retry). */
  readonly expired: number;
  /** Targets never sent because the broadcast was cancelled (`cancel()`): what was left once it was. */
  readonly cancelled: number;
  /** When `cancel()` cancelled it (ms since the epoch, the record store's clock); `undefined` when it was not. */
  readonly cancelledAt: number | undefined;
  /** Held back by a rate limit (ours or the client's), to send after `retryAt`. */
  readonly rateLimited: number;
  /** Their request failed in a way worth retrying: sent again after `retryAt`, under the same `notificationId`. */
  readonly retrying: number;
  /** Read, but not sent: the run that read them ran out of time first. */
  readonly unsent: number;
  /** When the last held target may be sent (milliseconds since the epoch), if any is held. */
  readonly retryAt: number | undefined;
  /** Clients that refused the notification itself, with why (a configuration failure such as `domain_mismatch`). */
  readonly stopped: readonly { readonly url: string; readonly reason: string }[];
  /** Where the next run reads on (the store's cursor, or the position in the list); `null` before the first page. */
  readonly cursor: string | null;
  /** Whether the audience has been read to its end. */
  readonly listed: boolean;
  /** Runs that worked on it. */
  readonly runs: number;
  /** Every target has its outcome: no run will send anything more. */
  readonly done: boolean;
  /** When runs may start sending it (ms since the epoch): `start()`'s `at`, if it was ahead then. */
  readonly scheduledAt: number | undefined;
}

/** The {@link BroadcastProgress} of a record. */
export function progressOf({ id, createdAt, plan, state, cancelledAt }: BroadcastRecord): BroadcastProgress {
  const held = { rate_limited: 0, retry: 0, unsent: 0 };
  let retryAt: number | undefined;
  for (const target of state.held) {
    held[target.kind] += 1;
    retryAt = Math.max(retryAt ?? 0, target.retryAt);
  }
  return {
    id,
    notification: { ...plan.notification },
    createdAt,
    fids: plan.to === 'all' ? undefined : plan.to.length,
    expiresAt: plan.expiresAt,
    ...state.counts,
    expired: state.counts.expired ?? 0,
    cancelled: state.counts.cancelled ?? 0,
    cancelledAt,
    failed: { ...state.counts.failed },
    rateLimited: held.rate_limited,
    retrying: held.retry,
    unsent: held.unsent,
    retryAt,
    stopped: state.stopped.map((entry) => ({ ...entry })),
    scheduledAt: state.notBefore,
    cursor: state.cursor,
    listed: state.listed,
    runs: state.runs,
    done: state.done,
  };
}
