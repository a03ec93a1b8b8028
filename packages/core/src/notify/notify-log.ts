import type { ResolvedLogger } from '../observe/logger.js';

/**
 * The two lines a notification sender logs (docs/errors.md, "Sending notifications"), worded once
 * for the in-process notifier and the durable worker alike.
 */

/** A client refused the notification itself: logged once per client and notification, as an error. */
export function logRefusal(logger: ResolvedLogger, url: string, notificationId: string, reason: string): void {
  logger.error(`social-webhooks: the client at ${new URL(url).host} refused notification "${notificationId}": ${reason}`, {
    code: 'notification_refused',
    hint: 'the rest of its tokens are not sent. domain_mismatch / target_url_mismatch: targetUrl must be on the domain of your Mini App manifest.',
  });
}

/** A batch still failed after its last retry: a warning, with the last failure's reason. */
export function logGaveUp(logger: ResolvedLogger, url: string, tokens: number, attempts: number, reason: string): void {
  logger.warn(`social-webhooks: gave up on ${tokens} tokens at ${new URL(url).host} after ${attempts} attempts: ${reason}`, {
    code: 'notification_failed',
  });
}
