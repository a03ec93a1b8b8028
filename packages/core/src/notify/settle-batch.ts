import type { BatchResult } from './deliver-batch.js';
import { expired } from './expiry.js';
import type { HistoryEntries } from './history/history-entries.js';
import type { BatchTarget, Notification } from './notification.js';
import { logGaveUp, logRefusal } from './notify-log.js';
import { retryDelay, type ResolvedNotifierOptions } from './notifier-options.js';

/** Where a sender counts a batch's outcomes: `createNotifier`'s report, a resumable broadcast's work. */
export interface BatchCounts {
  /** The targets `deliverBatch` settled: the request, successful, already sent, invalid, failed, cancelled. */
  addSettled(result: BatchResult): void;
  addExpired(count: number): void;
  addFailed(reason: string, count: number): void;
  /** Notes that the client at `url` refused the notification itself: false when it had already. */
  stop(url: string, reason: string): boolean;
}

/**
 * A target to send again: held back by a rate limit until `retryAt` (`attempt`, the retries its
 * request has had), or its request failed in a way worth retrying (`attempt`, the retry it will be).
 */
export type HeldAgain =
  | { readonly kind: 'rate_limited'; readonly target: BatchTarget; readonly retryAt: number; readonly attempt: number }
  | { readonly kind: 'retry'; readonly target: BatchTarget; readonly retryAt: number; readonly attempt: number; readonly reason: string };

/** What settling a batch needs: the options, the notification and its expiry, the counts, and the sender's way with a held target. */
export interface SettleContext {
  readonly options: ResolvedNotifierOptions;
  readonly notification: Notification;
  readonly expiresAt: number | undefined;
  readonly counts: BatchCounts;
  /** Retries the target's request has had so far. */
  attemptOf(target: BatchTarget): number;
  /**
   * Keeps `held` to send again: `true`; `false` when the sender gives a rate-limited target up (it
   * counts it so). The one thing senders do differently: `send()` waits in process, a broadcast keeps
   * it in its record.
   */
  hold(held: HeldAgain): boolean;
}

/**
 * Settles one batch's result, as every sender does: its settled targets counted; a rate-limited
 * target held for after its window, or counted `expired` when that window ends past `expiresAt`; a
 * client that refused the notification itself stopped (and logged once); a failed request's targets
 * held for a retry after the backoff, `expired` when it would come past `expiresAt`, `failed` after
 * `retries`. Each target's fate goes to `entries`, final or not.
 */
export function settleBatch(context: SettleContext, result: BatchResult, entries: HistoryEntries): void {
  const { options, expiresAt, counts } = context;
  const { url } = result;
  counts.addSettled(result);
  entries.addSettled(result);
  for (const { target, retryAt } of result.rateLimited) {
    // A token whose window ends past the expiry could only be sent too late.
    if (expired(expiresAt, retryAt)) {
      counts.addExpired(1);
      entries.add([target], 'expired', true);
    } else {
      const kept = context.hold({ kind: 'rate_limited', target, retryAt, attempt: context.attemptOf(target) });
      entries.add([target], 'rateLimited', !kept);
    }
  }
  if (result.stop !== undefined && counts.stop(url, result.stop)) {
    logRefusal(options.logger, url, context.notification.notificationId, result.stop);
  }
  const { retry } = result;
  if (retry === undefined) return;
  const now = Date.now();
  let gaveUp = 0;
  for (const target of retry.targets) {
    const attempt = context.attemptOf(target);
    const retryAt = now + retryDelay(options.retryDelayMs, attempt, retry.retryAfterMs);
    if (attempt >= options.retries) {
      gaveUp += 1;
      entries.add([target], 'failed', true, retry.reason);
    } else if (expired(expiresAt, retryAt)) {
      counts.addExpired(1);
      entries.add([target], 'expired', true);
    } else {
      context.hold({ kind: 'retry', target, retryAt, attempt: attempt + 1, reason: retry.reason });
      entries.add([target], 'failed', false, retry.reason);
    }
  }
  if (gaveUp > 0) {
    counts.addFailed(retry.reason, gaveUp);
    logGaveUp(options.logger, url, gaveUp, options.retries + 1, retry.reason);
  }
}
