import type { BatchResult } from './deliver-batch.js';

/** What a notification batch's instrumentation is told as the batch starts. */
export interface BatchStart {
  readonly notificationId: string;
  /** The client's notification URL; instrumentation reports its host only. */
  readonly url: string;
  /** Targets in the batch (at most 100). */
  readonly targets: number;
  /** The queue the batch came from, when a durable broadcast runs it. */
  readonly queueName?: string;
  /** 1 for the batch's first try, 2 for its first retry, … */
  readonly attempt: number;
}

/**
 * How a batch ended: its result; or `skipped` (the client had refused the notification, so its
 * remaining batches are not sent); or `expired` (its notification's `expiresAt` had passed: that many
 * targets dropped, none sent); or `error` (the store or the limiter failed: it is retried, unless
 * `willRetry` is `false`, the queue's last attempt, after which the batch's job stays failed).
 */
export type BatchEnd =
  | { readonly result: BatchResult }
  | { readonly skipped: string }
  | { readonly expired: number }
  | { readonly error: unknown; readonly willRetry?: boolean };

/** The scope of one batch, from its start to its end. */
export interface BatchScope {
  end(end: BatchEnd): void;
}

/**
 * Spans and metrics per notification batch: `otelInstrumentation()` from `@social-webhooks/otel`
 * implements it; any object of this shape fits.
 */
export interface NotifyInstrumentation {
  startBatch(start: BatchStart): BatchScope;
}
