/**
 * A notification, as a Farcaster client's notification API takes it (miniapps.farcaster.xyz,
 * specification "Notifications"; `sendNotificationRequestSchema` of `@farcaster/miniapp-core`), less
 * the tokens, which the sender fills in per batch.
 */
export interface Notification {
  /**
   * Your id for this notification, at most 128 characters: the retry key. A client delivers it once
   * per user within 24 hours, whatever the number of requests ("(FID, notificationId) as an
   * idempotency key"), so every batch and every retry of one notification carries the same id. Make
   * it from what the notification is about (`welcome-${fid}`, `daily-2026-11-26`), never a random id
   * per attempt: that would notify a user twice when a request is retried.
   */
  readonly notificationId: string;
  /** At most 32 characters. */
  readonly title: string;
  /** At most 128 characters. */
  readonly body: string;
  /** Where a tap opens: an https URL on your Mini App's domain, at most 1,024 characters. */
  readonly targetUrl: string;
}

/** The protocol's limits (miniapps.farcaster.xyz, specification "Notifications"). */
export const NOTIFICATION_LIMITS = {
  notificationId: 128,
  title: 32,
  body: 128,
  targetUrl: 1024,
  /** Tokens in one request. */
  tokens: 100,
} as const;

/** What one request to a client carries: the notification and at most 100 of its tokens. */
export interface NotificationRequest extends Notification {
  readonly tokens: readonly string[];
}

/** One user's token at one client, as a batch carries it (a {@link NotificationTarget} less its URL, which the batch shares). */
export interface BatchTarget {
  readonly fid: number;
  readonly appFid: number;
  readonly token: string;
}
