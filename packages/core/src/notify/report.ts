import type { BatchResult } from './deliver-batch.js';
import type { BatchCounts } from './settle-batch.js';

/**
 * What came of one notification, token by token, counted: what {@link Notifier.send} resolves to and
 * what a durable broadcast's progress reads. Counts only, so a report of a million tokens stays small;
 * `onBatch` hands each batch's targets to whoever needs them.
 */
export interface NotificationReport {
  readonly notificationId: string;
  /** Targets read from the store. */
  readonly targets: number;
  /** Requests sent to clients, retries included. */
  readonly requests: number;
  /** The client delivered (or, for a repeat it deduped, had delivered). */
  readonly successful: number;
  /** Our record says this (user, client, `notificationId`) was delivered within 24 hours: not sent again. */
  readonly alreadySent: number;
  /** Tokens a client no longer honours: removed from the store (unless a newer one had arrived). */
  readonly invalid: number;
  /** Held back by a rate limit past what this call waits for: send again after `retryAt`. */
  readonly rateLimited: number;
  /** When the last rate-limited token may be sent again (milliseconds since the epoch), if any is. */
  readonly retryAt: number | undefined;
  /** Tokens that failed, by reason: the client's (`domain_mismatch`, `unknown`, …) or the last retried failure's. */
  readonly failed: Readonly<Record<string, number>>;
  /** Targets not tried: their client had refused the notification itself (see `stopped`). */
  readonly remaining: number;
  /**
   * Targets not sent because `expiresAt` had passed (or would have, before their rate limit's window
   * or their retry came): dropped, never sent later. 0 without `expiresAt`.
   */
  readonly expired: number;
  /**
   * Targets not sent because the send was cancelled (`signal` aborted, a broadcast cancelled): what was
   * sent before stays sent. 0 otherwise.
   */
  readonly cancelled: number;
  /** Clients that refused the notification itself, with why (a configuration failure, reported once). */
  readonly stopped: readonly { readonly url: string; readonly reason: string }[];
  /**
   * How long `send()` waited for rate limits to pass, in milliseconds, and for how many tokens (each
   * counted once, however many rounds it waited): `{ ms: 0, tokens: 0 }` when it never waited. A
   * token within its interval (1 notification per 30 s) makes the call last up to `rateLimitWaitMs`.
   */
  readonly waited: { readonly ms: number; readonly tokens: number };
}

/** A mutable {@link NotificationReport}, filled batch by batch. */
export class ReportTally implements BatchCounts {
  targets = 0;
  requests = 0;
  successful = 0;
  alreadySent = 0;
  invalid = 0;
  rateLimited = 0;
  retryAt: number | undefined = undefined;
  remaining = 0;
  expired = 0;
  cancelled = 0;
  waitedMs = 0;
  waitedTokens = 0;
  readonly failed: Record<string, number> = {};
  readonly stopped: { url: string; reason: string }[] = [];

  constructor(readonly notificationId: string) {}

  /** Counts a batch's settled targets (not its rate-limited ones nor its retry: the caller decides what becomes of those). */
  addSettled(result: BatchResult): void {
    if (result.requested) this.requests += 1;
    this.successful += result.successful.length;
    this.alreadySent += result.alreadySent.length;
    this.invalid += result.invalid.length;
    this.cancelled += result.cancelled.length;
    for (const { reason } of result.failed) this.addFailed(reason, 1);
  }

  addFailed(reason: string, count: number): void {
    this.failed[reason] = (this.failed[reason] ?? 0) + count;
  }

  addExpired(count: number): void {
    this.expired += count;
  }

  /** Notes that the client at `url` refused the notification itself; false when it had already. */
  stop(url: string, reason: string): boolean {
    if (this.isStopped(url)) return false;
    this.stopped.push({ url, reason });
    return true;
  }

  isStopped(url: string): boolean {
    return this.stopped.some((entry) => entry.url === url);
  }

  addRateLimited(retryAt: number): void {
    this.rateLimited += 1;
    this.retryAt = Math.max(this.retryAt ?? retryAt, retryAt);
  }

  toReport(): NotificationReport {
    const { notificationId, targets, requests, successful, alreadySent, invalid, rateLimited, retryAt, remaining, expired, cancelled } =
      this;
    return {
      notificationId,
      targets,
      requests,
      successful,
      alreadySent,
      invalid,
      rateLimited,
      retryAt,
      failed: { ...this.failed },
      remaining,
      expired,
      cancelled,
      stopped: this.stopped.map((entry) => ({ ...entry })),
      waited: { ms: this.waitedMs, tokens: this.waitedTokens },
    };
  }
}
