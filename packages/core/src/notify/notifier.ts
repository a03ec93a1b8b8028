import { batchesOf, checkAudience, targetPagesOf, type NotificationAudience } from './batches.js';
import { checkNotification } from './check-notification.js';
import { deliverBatch, type BatchContext, type BatchResult } from './deliver-batch.js';
import { InFlight, sleep } from './in-flight.js';
import { logGaveUp, logRefusal } from './notify-log.js';
import type { BatchTarget, Notification } from './notification.js';
import {
  MAX_RATE_LIMITED_HELD,
  resolveNotifierOptions,
  retryDelay,
  type NotifierOptions,
  type ResolvedNotifierOptions,
} from './notifier-options.js';
import { ReportTally, type NotificationReport } from './report.js';

/** Sends Mini App notifications from a token store: see {@link createNotifier}. */
export interface Notifier {
  /**
   * Sends `notification` to every client of the users in `to`, and resolves once each token has an
   * outcome (or is left rate-limited past `rateLimitWaitMs`).
   * @throws {WebhookError} `invalid_options` before anything is sent, when the notification breaks a limit.
   * @throws what the store throws while it is read.
   */
  send(notification: Notification, options: { readonly to: NotificationAudience }): Promise<NotificationReport>;
}

/**
 * Sends Mini App notifications to the users whose tokens `store` holds, as the protocol wants them
 * (miniapps.farcaster.xyz, specification "Notifications"): one POST per client URL and batch of at
 * most 100 tokens, a bounded number in flight, the store read as a stream. Every answer is read
 * against its schema: a success is confirmed in our record, an invalid token removed from the store
 * (that client's only, and not if a newer token arrived), a rate-limited one sent again after its
 * window, a configuration failure (`domain_mismatch`, …) logged once and its client's remaining
 * batches not sent, a timeout, network error, 5xx or broken 200 retried with backoff under the same
 * `notificationId`, which the client dedupes. Runs wherever `fetch` does: Node, Bun, Deno, Workers.
 *
 * @param options `store` (required), `domain`, `limiter`, `fetch`, `timeoutMs`, `concurrency`,
 *   `retries`, `retryDelayMs`, `rateLimitWaitMs`, `logger`, `onBatch` (docs/notifications.md).
 * @throws {WebhookError} `invalid_options` when an option is wrong, saying how to fix it.
 * @example
 * const notifier = createNotifier({ store: tokens, domain: 'example.com' });
 * const report = await notifier.send(
 *   { notificationId: 'digest-2026-11-26', title: 'Your digest', body: '3 new casts', targetUrl: 'https://example.com/digest' },
 *   { to: 'all' },
 * );
 */
export function createNotifier(options: NotifierOptions): Notifier {
  const resolved = resolveNotifierOptions(options, '@social-webhooks/core: createNotifier()');
  return {
    send: (notification, { to }) => sendNotification(resolved, notification, to),
  };
}

async function sendNotification(
  options: ResolvedNotifierOptions,
  input: Notification,
  to: NotificationAudience,
): Promise<NotificationReport> {
  const notification = checkNotification(input, options.domain, '@social-webhooks/core: notifier.send()');
  checkAudience(to, { source: '@social-webhooks/core: notifier.send()' });
  const context: BatchContext = {
    fetch: options.fetch,
    store: options.store,
    limiter: options.limiter,
    timeoutMs: options.timeoutMs,
    retryLimitedAfterMs: options.rateLimitRetryMs,
    now: Date.now,
  };
  const tally = new ReportTally(notification.notificationId);
  const stopped = new Map<string, string>();
  const later: { url: string; target: BatchTarget; retryAt: number }[] = [];

  const settle = async (url: string, targets: BatchTarget[], lastRound: boolean): Promise<void> => {
    for (let attempt = 0; ; attempt++) {
      if (stopped.has(url)) {
        tally.remaining += targets.length;
        return;
      }
      const result = await deliverBatch(context, notification, url, targets);
      tally.addSettled(result);
      for (const { target, retryAt } of result.rateLimited) {
        if (!lastRound && later.length < MAX_RATE_LIMITED_HELD && retryAt - Date.now() <= options.rateLimitWaitMs) {
          later.push({ url, target, retryAt });
        } else tally.addRateLimited(retryAt);
      }
      if (result.stop !== undefined && !stopped.has(url)) {
        stopped.set(url, result.stop);
        tally.stopped.push({ url, reason: result.stop });
        logRefusal(options.logger, url, notification.notificationId, result.stop);
      }
      await report(options, result);
      const retry = result.retry;
      if (retry === undefined) return;
      if (attempt >= options.retries) {
        tally.addFailed(retry.reason, retry.targets.length);
        logGaveUp(options.logger, url, retry.targets.length, attempt + 1, retry.reason);
        return;
      }
      await sleep(retryDelay(options.retryDelayMs, attempt, retry.retryAfterMs));
      targets = retry.targets;
    }
  };

  const inFlight = new InFlight(options.concurrency);
  for await (const { url, targets } of batchesOf(targetPagesOf(options.store, to))) {
    tally.targets += targets.length;
    await inFlight.run(() => settle(url, targets, false));
  }
  await inFlight.drain();

  // One more round for the tokens whose window ends within `rateLimitWaitMs`, once it has.
  if (later.length > 0) {
    await sleep(Math.max(0, later.reduce((latest, entry) => Math.max(latest, entry.retryAt), 0) - Date.now()));
    for await (const { url, targets } of batchesOf([later.map(({ url, target }) => ({ url, ...target }))])) {
      await inFlight.run(() => settle(url, targets, true));
    }
    await inFlight.drain();
  }
  return tally.toReport();
}

async function report(options: ResolvedNotifierOptions, result: BatchResult): Promise<void> {
  if (options.onBatch === undefined) return;
  try {
    await options.onBatch(result);
  } catch (error) {
    options.logger.error('social-webhooks: the onBatch hook threw', { code: 'hook_failed', error });
  }
}
