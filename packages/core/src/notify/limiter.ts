import type { BatchTarget } from './notification.js';

/**
 * What the limiter says of one target for one notification: send now; already delivered (our record
 * of (user, client, `notificationId`) within its window); or held back by the token's rate limits
 * until `retryAt` (milliseconds since the epoch).
 */
export type Claim =
  { readonly outcome: 'allowed' } | { readonly outcome: 'sent' } | { readonly outcome: 'limited'; readonly retryAt: number };

/**
 * Our side of the clients' limits (miniapps.farcaster.xyz, "Notifications": 1 notification per 30
 * seconds and 100 per day per token are the recommended limits; a client delivers one per (FID,
 * `notificationId`) within 24 hours). `memoryNotificationLimiter()` for one process,
 * `redisNotificationLimiter({ client })` from `@social-webhooks/redis` for several. Any object of this
 * shape fits; `claim` must be atomic across the instances that share it.
 */
export interface NotificationLimiter {
  /**
   * Decides, atomically, for each target in order: `sent` when `notificationId` was confirmed for
   * that user and client within the dedupe window; `limited` when the token had another notification
   * within the interval or its daily count is spent; `allowed` otherwise, which spends one of the
   * token's sends. A target whose token was last claimed for this same `notificationId` within the
   * interval is `allowed` again without spending: that is a retry, which the client dedupes.
   */
  claim(notificationId: string, targets: readonly BatchTarget[]): Promise<readonly Claim[]>;
  /**
   * Records that the client delivered `notificationId` to these targets, for the dedupe window, and
   * starts each token's interval again from now, when it was last claimed for this `notificationId`:
   * the client counts the interval from when the request reached it, which the answer bounds, so ours
   * never ends before the client's (docs/contract.md §Senders, "Notifications, sent"). Called as soon
   * as the client's answer arrives.
   */
  confirm(notificationId: string, targets: readonly BatchTarget[]): Promise<void>;
}

/** The limits a {@link NotificationLimiter} keeps, each with the protocol's recommended default. */
export interface NotificationLimits {
  /** The least time between two notifications to one token, in milliseconds. Default 30,000. */
  readonly intervalMs?: number;
  /** The most notifications to one token within a day. Default 100. */
  readonly perDay?: number;
  /** How long a delivered (user, client, `notificationId`) is remembered, in milliseconds. Default 86,400,000 (24 hours, as clients keep it). */
  readonly dedupeMs?: number;
}

export const DEFAULT_NOTIFICATION_INTERVAL_MS = 30_000;
export const DEFAULT_NOTIFICATIONS_PER_DAY = 100;
export const DEFAULT_NOTIFICATION_DEDUPE_MS = 86_400_000;
/** The window of the daily count. */
export const DAY_MS = 86_400_000;

/** The limits with defaults, checked: each a positive integer. */
export function resolveLimits(limits: NotificationLimits | undefined, fail: (message: string) => never): Required<NotificationLimits> {
  const resolved = {
    intervalMs: limits?.intervalMs ?? DEFAULT_NOTIFICATION_INTERVAL_MS,
    perDay: limits?.perDay ?? DEFAULT_NOTIFICATIONS_PER_DAY,
    dedupeMs: limits?.dedupeMs ?? DEFAULT_NOTIFICATION_DEDUPE_MS,
  };
  for (const [name, value] of Object.entries(resolved)) {
    if (!Number.isSafeInteger(value) || value <= 0) fail(`\`${name}\` must be a positive integer; got ${String(value)}.`);
  }
  return resolved;
}
