import type { HistoryOutcome, NotificationHistory } from '@social-webhooks/core';

/** What the receiver reads of a history: a user's timeline. `memoryNotificationHistory()`, `redisNotificationHistory({ client })`. */
export type SentHistory = Pick<NotificationHistory, 'timeline'>;

/** A client had the notification: delivered by this send, or by an earlier one under the same id (our limiter's record). */
const DELIVERED: ReadonlySet<HistoryOutcome> = new Set<HistoryOutcome>(['successful', 'alreadySent']);

/**
 * Whether the history says `fid` was sent `notificationId`: the user's timeline holds it, with an
 * attempt a client delivered. A timeline keeps the user's last 100 notifications, each as long as the
 * history keeps it (30 days by default): an open of an older one is refused as not sent.
 */
export async function wasSent(history: SentHistory, notificationId: string, fid: number): Promise<boolean> {
  const entries = await history.timeline(fid);
  return entries.some(
    (entry) => entry.notificationId === notificationId && entry.attempts.some((attempt) => DELIVERED.has(attempt.outcome)),
  );
}
