import type { NotificationTokenStore } from '../senders/miniapp/token-store.js';
import type { FailedReason } from './client-answer.js';
import type { NotificationLimiter } from './limiter.js';
import type { BatchTarget, Notification } from './notification.js';
import { postBatch, type FetchLike } from './post-batch.js';
import { removeToken } from './remove-token.js';

/** What {@link deliverBatch} needs: the HTTP client, the token store, our limits, and a clock. */
export interface BatchContext {
  readonly fetch: FetchLike;
  readonly store: NotificationTokenStore;
  /** `undefined` to send without limits of our own (the client's still apply). */
  readonly limiter: NotificationLimiter | undefined;
  readonly timeoutMs: number;
  /** When a client rate-limits a token, it is tried again this long after. */
  readonly retryLimitedAfterMs: number;
  readonly now: () => number;
  /**
   * Asked after the limiter's claims and right before the request: `false` sends nothing and counts
   * the targets that would have gone `cancelled` (a broadcast cancelled, a send aborted). Default: always send.
   */
  readonly beforeRequest?: () => boolean | Promise<boolean>;
}

/** A failure that is the app's configuration, not the token's: every token of the notification would fail the same. */
export const CONFIGURATION_FAILURES: ReadonlySet<string> = new Set<FailedReason>([
  'domain_mismatch',
  'target_url_mismatch',
  'no_webhook_url',
]);

/** What came of one batch, target by target; each target is in exactly one list, or in `retry`. */
export interface BatchResult {
  readonly url: string;
  /** Whether a request went out (none when every target was already sent or rate-limited). */
  readonly requested: boolean;
  readonly successful: BatchTarget[];
  /** Delivered before, by our record of this `notificationId`: not sent again. */
  readonly alreadySent: BatchTarget[];
  /** The client no longer honours these tokens; each was removed from the store (unless a newer token had arrived). */
  readonly invalid: BatchTarget[];
  /** Held back by our limits or the client's, until `retryAt` (milliseconds since the epoch). */
  readonly rateLimited: { readonly target: BatchTarget; readonly retryAt: number }[];
  readonly failed: { readonly target: BatchTarget; readonly reason: string }[];
  /** Not sent: `beforeRequest` said no (the broadcast was cancelled, the send aborted). */
  readonly cancelled: BatchTarget[];
  /** A failure worth retrying with the same `notificationId`: no answer, a network error, a 5xx or 429, a broken 200. */
  readonly retry: { readonly targets: BatchTarget[]; readonly reason: string; readonly retryAfterMs: number | undefined } | undefined;
  /** Set when the client refused the notification itself (a configuration failure or a 4xx): the rest of its batches would fail the same. */
  readonly stop: string | undefined;
}

/**
 * Sends `notification` to one client URL for at most 100 targets: claims each target from the limiter
 * (dedupe and rate limits, atomically), POSTs the allowed ones, and handles every token's outcome: a
 * success confirmed in the limiter's record, an invalid token removed from the store, a rate-limited
 * one given a time to retry, a failure with its reason. Never throws for the client's behaviour; a
 * store or limiter that fails throws (the caller's retry).
 */
export async function deliverBatch(
  context: BatchContext,
  notification: Notification,
  url: string,
  targets: readonly BatchTarget[],
): Promise<BatchResult> {
  const result = {
    url,
    requested: false,
    successful: [] as BatchTarget[],
    alreadySent: [] as BatchTarget[],
    invalid: [] as BatchTarget[],
    rateLimited: [] as { target: BatchTarget; retryAt: number }[],
    failed: [] as { target: BatchTarget; reason: string }[],
    cancelled: [] as BatchTarget[],
    retry: undefined as BatchResult['retry'],
    stop: undefined as string | undefined,
  };
  const claims = context.limiter === undefined ? undefined : await context.limiter.claim(notification.notificationId, targets);
  const allowed: BatchTarget[] = [];
  targets.forEach((target, index) => {
    const claim = claims?.[index] ?? { outcome: 'allowed' as const };
    if (claim.outcome === 'sent') result.alreadySent.push(target);
    else if (claim.outcome === 'limited') result.rateLimited.push({ target, retryAt: claim.retryAt });
    else allowed.push(target);
  });
  if (allowed.length === 0) return result;
  if (context.beforeRequest !== undefined && !(await context.beforeRequest())) {
    result.cancelled.push(...allowed);
    return result;
  }

  result.requested = true;
  const answer = await postBatch(context.fetch, url, { ...notification, tokens: allowed.map((target) => target.token) }, context.timeoutMs);
  if (answer.kind === 'transient') {
    result.retry = { targets: allowed, reason: answer.reason, retryAfterMs: answer.retryAfterMs };
    return result;
  }
  if (answer.kind === 'refused') {
    for (const target of allowed) result.failed.push({ target, reason: answer.reason });
    result.stop = answer.reason;
    return result;
  }
  const { successful, invalid, rateLimited, failed } = answer.result;
  const retryAt = context.now() + context.retryLimitedAfterMs;
  for (const target of allowed) {
    const { token } = target;
    const reason = failed.get(token);
    if (successful.has(token)) result.successful.push(target);
    else if (invalid.has(token) || reason === 'invalid_token') result.invalid.push(target);
    else if (rateLimited.has(token)) result.rateLimited.push({ target, retryAt });
    else if (reason !== undefined) {
      result.failed.push({ target, reason });
      if (CONFIGURATION_FAILURES.has(reason)) result.stop ??= reason;
    } else result.failed.push({ target, reason: 'unanswered: the client named the token in none of its lists' });
  }
  if (result.successful.length > 0) await context.limiter?.confirm(notification.notificationId, result.successful);
  for (const target of result.invalid) await removeToken(context.store, target);
  return result;
}
