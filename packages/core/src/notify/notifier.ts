import { batchesOf, checkAudience, targetPagesOf, type NotificationAudience } from './batches.js';
import { checkNotification } from './check-notification.js';
import { WebhookError } from '../errors.js';
import { deliverBatch, type BatchContext } from './deliver-batch.js';
import { checkExpiresAt, expired, type ExpiresAt } from './expiry.js';
import { HeldTargets } from './held-targets.js';
import { HistoryEntries } from './history/history-entries.js';
import { InFlight, sleep } from './in-flight.js';
import type { BatchTarget, Notification } from './notification.js';
import {
  MAX_RATE_LIMITED_HELD,
  resolveNotifierOptions,
  retryDelay,
  type NotifierOptions,
  type ResolvedNotifierOptions,
} from './notifier-options.js';
import { ReportTally, type NotificationReport } from './report.js';
import { settleBatch, type HeldAgain } from './settle-batch.js';

/** Sends Mini App notifications from a token store: see {@link createNotifier}. */
export interface Notifier {
  /**
   * Sends `notification` to every client of the users in `to`, and resolves once each token has an
   * outcome (or is left rate-limited past `rateLimitWaitMs`). A token notified within its interval
   * (1 per 30 s) is waited for, so a call can last up to `rateLimitWaitMs` (35 s by default):
   * `onWait` says so as it starts, the report's `waited` after.
   * @throws {WebhookError} `invalid_options` before anything is sent, when the notification breaks a limit.
   * @throws what the store throws while it is read.
   */
  send(notification: Notification, options: NotificationSendOptions): Promise<NotificationReport>;
}

/** Options of {@link Notifier.send}: who, and until when. */
export interface NotificationSendOptions {
  /** Who: a FID, a list of FIDs, `'all'`, or an audience object (`{ all: true, exclude }`, `{ fids }`, `{ client }`, with `where`). */
  readonly to: NotificationAudience;
  /**
   * When the notification stops being worth sending (ms since the epoch, or a `Date`): a batch not sent
   * by then, waiting for a request slot, a rate limit's window or a retry, is dropped and counted
   * `expired`. Default: none.
   */
  readonly expiresAt?: ExpiresAt;
  /**
   * Stops the send when aborted: no request starts after that (a request already on its way is
   * answered), the store is read no further, and every target read but not sent is counted
   * `cancelled`; `send()` then resolves with its report. Default: none.
   */
  readonly signal?: AbortSignal;
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
 *   `concurrencyPerUrl`, `retries`, `retryDelayMs`, `rateLimitWaitMs`, `rateLimitRetryMs`, `logger`, `onBatch`, `onWait`
 *   (docs/notifications.md).
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
    send: (notification, { to, expiresAt, signal } = {} as NotificationSendOptions) =>
      sendNotification(resolved, notification, to, expiresAt, signal),
  };
}

async function sendNotification(
  options: ResolvedNotifierOptions,
  input: Notification,
  to: NotificationAudience,
  expiresAtOption: ExpiresAt | undefined,
  signal: AbortSignal | undefined,
): Promise<NotificationReport> {
  const source = '@social-webhooks/core: notifier.send()';
  const notification = checkNotification(input, options.domain, source);
  checkAudience(to, { source });
  const expiresAt = checkExpiresAt(expiresAtOption, source);
  if (signal !== undefined && (typeof signal !== 'object' || signal === null || typeof signal.aborted !== 'boolean')) {
    throw new WebhookError('invalid_options', `${source}: \`signal\` is an AbortSignal, such as new AbortController().signal.`);
  }
  const aborted = () => signal?.aborted === true;
  const context: BatchContext = {
    fetch: options.fetch,
    store: options.store,
    limiter: options.limiter,
    timeoutMs: options.timeoutMs,
    retryLimitedAfterMs: options.rateLimitRetryMs,
    now: Date.now,
    // Asked after the limiter's claims, right before each request.
    beforeRequest: () => !aborted(),
  };
  const tally = new ReportTally(notification.notificationId);
  const heldBack = new HeldTargets(options.rateLimitWaitMs, MAX_RATE_LIMITED_HELD);

  const settle = async (url: string, targets: BatchTarget[]): Promise<void> => {
    for (let attempt = 0; ; attempt++) {
      // Each target's fate in this attempt, written to the history once, whatever comes next.
      const entries = new HistoryEntries(url);
      const next = await attemptBatch(url, targets, attempt, entries);
      await options.history?.write(notification, entries);
      if (next === undefined) return;
      await sleep(next.delay, signal);
      targets = next.targets;
    }
  };

  /** One attempt at a batch: counted in the tally and `entries`; the targets to retry after `delay`, if any. */
  const attemptBatch = async (
    url: string,
    targets: BatchTarget[],
    attempt: number,
    entries: HistoryEntries,
  ): Promise<{ targets: BatchTarget[]; delay: number } | undefined> => {
    if (tally.isStopped(url)) {
      tally.remaining += targets.length;
      entries.add(targets, 'remaining', true);
      return undefined;
    }
    if (aborted()) {
      tally.cancelled += targets.length;
      entries.add(targets, 'cancelled', true);
      return undefined;
    }
    if (expired(expiresAt, Date.now())) {
      tally.expired += targets.length;
      entries.add(targets, 'expired', true);
      return undefined;
    }
    const result = await deliverBatch(context, notification, url, targets);
    const again: BatchTarget[] = [];
    // In this process, a rate-limited target waits in `held` for its window (or is given up), a
    // failed request's targets are sent again after the backoff, together.
    const hold = (held: HeldAgain): boolean => {
      if (held.kind === 'retry') {
        again.push(held.target);
        return true;
      }
      if (heldBack.hold(url, held.target, held.retryAt, Date.now())) return true;
      tally.addRateLimited(held.retryAt);
      return false;
    };
    settleBatch({ options, notification, expiresAt, counts: tally, attemptOf: () => attempt, hold }, result, entries);
    await hook(options, 'onBatch', result);
    if (again.length === 0) return undefined;
    return { targets: again, delay: retryDelay(options.retryDelayMs, attempt, result.retry?.retryAfterMs) };
  };

  const inFlight = new InFlight(options.concurrency, options.concurrencyPerUrl);
  for await (const { url, targets } of batchesOf(targetPagesOf(options.store, to))) {
    tally.targets += targets.length;
    await inFlight.run(() => settle(url, targets), url);
    if (aborted()) break;
  }
  await inFlight.drain();

  // The tokens held back, sent again once their windows have passed, round after round: a client's
  // window can still outlast ours (it keeps another interval, or a request got no answer), so each
  // refusal is held again while the token has waited at most `rateLimitWaitMs` (docs/contract.md
  // §Senders, "Notifications, sent").
  for (let round = heldBack.nextRound(); round !== undefined; round = heldBack.nextRound()) {
    if (aborted()) {
      tally.cancelled += round.targets.length;
      continue;
    }
    const started = Date.now();
    const ms = Math.max(0, round.until - started);
    if (ms > 0) await hook(options, 'onWait', { ms, tokens: round.targets.length, until: round.until });
    await sleep(ms, signal);
    tally.waitedMs += Date.now() - started;
    for await (const { url, targets } of batchesOf([round.targets])) await inFlight.run(() => settle(url, targets), url);
    await inFlight.drain();
  }
  tally.waitedTokens = heldBack.count;
  return tally.toReport();
}

/** Calls the `onBatch` or `onWait` hook, if given; a failure of it is logged, never thrown. */
async function hook<Name extends 'onBatch' | 'onWait'>(
  options: ResolvedNotifierOptions,
  name: Name,
  value: Parameters<NonNullable<ResolvedNotifierOptions[Name]>>[0],
): Promise<void> {
  const call = options[name] as ((value: unknown) => void | Promise<void>) | undefined;
  if (call === undefined) return;
  try {
    await call(value);
  } catch (error) {
    options.logger.error(`social-webhooks: the ${name} hook threw`, { code: 'hook_failed', error });
  }
}
