import type { Notification } from '@social-webhooks/core';
import type { RecordRead } from './batch-outcome.js';

/**
 * Where a broadcast stands, summed from its record: readable at any time, from any process, while it
 * runs and after (for `keepMs`). Each target is counted once in `successful`, `alreadySent`,
 * `invalid`, `failed`, `remaining`, `expired`, `cancelled`, `rateLimited`, `retrying` or `pending`.
 */
export interface BroadcastProgress {
  /** The broadcast's id: its `notificationId`, with a digest of the FIDs for one user or a list. */
  readonly id: string;
  readonly notification: Notification;
  /** When `broadcast()` recorded it (ms since the epoch). */
  readonly createdAt: number;
  /**
   * Targets in the batches planned so far. A target the plan read twice (a store listed while it
   * changes, as SCAN may while Redis resizes, or a plan run again after its worker died) is counted
   * each time; our record sends to it once, and counts the other `alreadySent`.
   */
  readonly planned: number;
  /** Whether the store is still being read (more targets may come). */
  readonly planning: boolean;
  /** Requests sent to clients, retries included. */
  readonly requests: number;
  /** The client delivered (or had delivered: it dedupes a repeat). */
  readonly successful: number;
  /** Our record (the limiter's) says this user had this notification from this client: not sent again. */
  readonly alreadySent: number;
  /** Tokens the client no longer honours: removed from the store (unless a newer one had arrived). */
  readonly invalid: number;
  /** Targets that failed, by reason (the client's, the last retried failure's, or `rate_limited` past `rateLimitRounds`). */
  readonly failed: Readonly<Record<string, number>>;
  /** Targets not sent because their client refused the notification itself (see `stopped`). */
  readonly remaining: number;
  /** Targets not sent because the broadcast's `expiresAt` had passed (or would have, before their window or retry): dropped. */
  readonly expired: number;
  /**
   * Targets not sent because the broadcast was cancelled: what was sent before stays sent. Once a
   * cancelled broadcast is `done`, every planned target not sent is counted here, including those
   * in jobs that have yet to run (they will send nothing). 0 for a broadcast not cancelled.
   */
  readonly cancelled: number;
  /** When `cancel()` was first called for it (ms since the epoch), if it was. */
  readonly cancelledAt: number | undefined;
  /** When its plan job is due (ms since the epoch): `broadcast()`'s `at`, if it was in the future then. */
  readonly scheduledAt: number | undefined;
  /** The broadcast's `expiresAt` (ms since the epoch), if it has one. */
  readonly expiresAt: number | undefined;
  /** Waiting in delayed jobs for their rate limit's window to end. */
  readonly rateLimited: number;
  /** When the last of those is due (ms since the epoch), if any is waiting. */
  readonly retryAt: number | undefined;
  /** Waiting in delayed jobs to retry a request that failed (timeout, network error, 5xx, broken 200). */
  readonly retrying: number;
  /** Planned targets whose batch has not run yet. */
  readonly pending: number;
  /** Clients that refused the notification itself, with why (a configuration failure such as `domain_mismatch`). */
  readonly stopped: readonly { readonly url: string; readonly reason: string }[];
  /**
   * Every planned target has its outcome: the store is read and no batch is waiting. For a cancelled
   * broadcast: its plan has stopped and no request of it is on the wire.
   */
  readonly done: boolean;
}

/** Sums a broadcast's record into its {@link BroadcastProgress}; `onWire`: its batch jobs that may have a request on the wire. */
export function sumProgress(id: string, { meta, planned, jobs, stopped }: RecordRead, onWire = 0): BroadcastProgress {
  let requests = 0;
  let successful = 0;
  let alreadySent = 0;
  let invalid = 0;
  let remaining = 0;
  let expired = 0;
  let cancelled = 0;
  let limitedIn = 0;
  let limitedOut = 0;
  let retryIn = 0;
  let retryOut = 0;
  let retryAt: number | undefined;
  const failed: Record<string, number> = {};
  for (const job of jobs) {
    requests += job.requests;
    successful += job.successful;
    alreadySent += job.alreadySent;
    invalid += job.invalid;
    remaining += job.remaining;
    expired += job.expired ?? 0;
    cancelled += job.cancelled ?? 0;
    for (const [reason, count] of Object.entries(job.failed)) failed[reason] = (failed[reason] ?? 0) + count;
    // What a job handed on is waiting until the job it was handed to has run.
    limitedOut += job.limited;
    retryOut += job.retrying;
    if (job.kind === 'limited') limitedIn += job.targets;
    if (job.kind === 'retry') retryIn += job.targets;
    if (job.limited > 0 && job.retryAt !== undefined) retryAt = Math.max(retryAt ?? 0, job.retryAt);
  }
  let rateLimited = Math.max(0, limitedOut - limitedIn);
  let retrying = Math.max(0, retryOut - retryIn);
  const planning = meta['planDone'] !== '1';
  const counted = [successful, alreadySent, invalid, remaining, expired, cancelled, ...Object.values(failed)];
  const settled = counted.reduce((sum, count) => sum + count, 0);
  let pending = Math.max(0, planned - settled - rateLimited - retrying);
  const cancelledAt = meta['cancelledAt'] === undefined ? undefined : Number(meta['cancelledAt']);
  const stoppedAll = cancelledAt !== undefined && !planning && onWire === 0;
  if (stoppedAll) {
    // Nothing of this broadcast will be sent any more: what waits is cancelled.
    cancelled += pending + rateLimited + retrying;
    [pending, rateLimited, retrying] = [0, 0, 0];
  }
  return {
    id,
    notification: JSON.parse(meta['notification'] ?? 'null') as Notification,
    createdAt: Number(meta['createdAt']),
    planned,
    planning,
    requests,
    successful,
    alreadySent,
    invalid,
    failed,
    remaining,
    expired,
    cancelled,
    cancelledAt,
    scheduledAt: meta['scheduledAt'] === undefined ? undefined : Number(meta['scheduledAt']),
    expiresAt: meta['expiresAt'] === undefined ? undefined : Number(meta['expiresAt']),
    rateLimited,
    retryAt: rateLimited > 0 ? retryAt : undefined,
    retrying,
    pending,
    stopped: Object.entries(stopped).map(([url, reason]) => ({ url, reason })),
    done: stoppedAll || (!planning && pending === 0 && rateLimited === 0 && retrying === 0 && cancelledAt === undefined),
  };
}
