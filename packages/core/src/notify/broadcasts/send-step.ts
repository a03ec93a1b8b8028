import { deliverBatch, type BatchContext, type BatchResult } from '../deliver-batch.js';
import { expired } from '../expiry.js';
import type { HistoryEntries } from '../history/history-entries.js';
import { writeHistory } from '../history/write-history.js';
import { InFlight } from '../in-flight.js';
import { NOTIFICATION_LIMITS, type BatchTarget, type Notification } from '../notification.js';
import type { ResolvedNotifierOptions } from '../notifier-options.js';
import { settleBatch, type HeldAgain } from '../settle-batch.js';
import type { BatchGate } from './batch-gate.js';
import type { StepTarget, Work } from './work.js';

/** What a step needs: the notifier's options, the batch context, and when the run must be over. */
export interface StepContext {
  readonly options: ResolvedNotifierOptions;
  readonly batch: BatchContext;
  readonly notification: Notification;
  /** When the run must be over, in milliseconds since the epoch. */
  readonly deadline: number;
  /** Time kept free after a request's timeout, for the limiter's claim and confirm and the record's save. */
  readonly marginMs: number;
  /** When the notification stops being worth sending (the plan's), or undefined. */
  readonly expiresAt: number | undefined;
  /** Each batch goes live through it right before its request, reading the cancel flag. */
  readonly gate: BatchGate;
}

/**
 * Sends one step's targets, grouped by client URL in batches of at most 100, a bounded number in
 * flight, each request once: its outcomes counted in `work`, its rate-limited targets and its failed
 * request's targets held in `work` for a later step or run (a failure retried `retries` times counted
 * failed). A batch that could not finish before the deadline is not started: held `unsent`. Past
 * `expiresAt` a batch is dropped, counted `expired`, as is a target whose window or retry would come
 * after it. Once a batch has found the broadcast cancelled, no other batch is sent: counted `cancelled`.
 */
export async function sendStep(context: StepContext, work: Work, targets: readonly StepTarget[]): Promise<void> {
  const { options } = context;
  const inFlight = new InFlight(options.concurrency, options.concurrencyPerUrl);
  for (const [url, batch] of batchesByUrl(targets)) {
    await inFlight.run(async () => {
      if (work.stopped.has(url)) {
        work.remaining += batch.length;
        await writeBatch(context, url, (entries) => entries.add(batch, 'remaining', true));
        return;
      }
      if (work.cancelSeen) {
        work.cancelled += batch.length;
        await writeBatch(context, url, (entries) => entries.add(batch, 'cancelled', true));
        return;
      }
      const now = Date.now();
      if (expired(context.expiresAt, now)) {
        work.expired += batch.length;
        await writeBatch(context, url, (entries) => entries.add(batch, 'expired', true));
        return;
      }
      if (now + options.timeoutMs + context.marginMs > context.deadline) {
        for (const target of batch) work.held.push({ ...target, kind: 'unsent', retryAt: now });
        return;
      }
      const result = await gatedBatch(context, work, url, batch);
      await writeBatch(context, url, (entries) => settle(context, work, batch, result, entries));
      await onBatch(options, result);
    }, url);
  }
  await inFlight.drain();
}

/** `deliverBatch` through the gate: live from right before its request until the request is over. */
async function gatedBatch(context: StepContext, work: Work, url: string, batch: readonly StepTarget[]): Promise<BatchResult> {
  const key = crypto.randomUUID();
  let live = false;
  const beforeRequest = async () => {
    live = await context.gate.enter(key);
    if (!live) work.cancelSeen = true;
    return live;
  };
  try {
    return await deliverBatch({ ...context.batch, beforeRequest }, context.notification, url, batch);
  } finally {
    if (live) await context.gate.leave(key);
  }
}

/** Settles a batch (settle-batch.ts) into `work`: what must be sent again is held in its record. */
function settle(context: StepContext, work: Work, batch: readonly StepTarget[], result: BatchResult, entries: HistoryEntries): void {
  const attempts = new Map(batch.map(({ token, attempt }) => [token, attempt]));
  const hold = (held: HeldAgain): boolean => {
    const { target, kind, retryAt, attempt } = held;
    work.held.push({ ...target, url: result.url, kind, retryAt, attempt, ...(held.kind === 'retry' && { reason: held.reason }) });
    return true;
  };
  const { options, notification, expiresAt } = context;
  const attemptOf = ({ token }: BatchTarget) => attempts.get(token) ?? 0;
  settleBatch({ options, notification, expiresAt, counts: work, attemptOf, hold }, result, entries);
}

/**
 * Writes the targets `work.takeDue` counted `remaining` (held, then their client refused the
 * notification itself) to the history, a batch of at most 100 per call.
 */
export async function writeDropped(context: StepContext, work: Work): Promise<void> {
  const dropped = work.dropped.splice(0);
  for (const [url, batch] of batchesByUrl(dropped.map((target) => ({ ...target, attempt: 0 })))) {
    await writeBatch(context, url, (entries) => entries.add(batch, 'remaining', true));
  }
}

/** Collects a batch's entries with `fill`, then writes them to the history, if there is one (history/write-history.ts). */
function writeBatch(context: StepContext, url: string, fill: (entries: HistoryEntries) => void): Promise<void> {
  return writeHistory(context.options.history, context.notification, url, fill);
}

/**
 * `targets` by client URL, in batches of at most 100, one URL's batch after another's in turn: while
 * one URL has `concurrencyPerUrl` requests in flight, the other URLs' batches are not all behind its.
 */
function* batchesByUrl(targets: readonly StepTarget[]): Generator<[string, StepTarget[]]> {
  const byUrl = new Map<string, StepTarget[]>();
  for (const target of targets) {
    let list = byUrl.get(target.url);
    if (list === undefined) byUrl.set(target.url, (list = []));
    list.push(target);
  }
  const size = NOTIFICATION_LIMITS.tokens;
  for (let start = 0; byUrl.size > 0; start += size) {
    for (const [url, list] of byUrl) {
      if (start >= list.length) byUrl.delete(url);
      else yield [url, list.slice(start, start + size)];
    }
  }
}

/** Calls the `onBatch` hook, if given; a failure of it is logged, never thrown. */
async function onBatch(options: ResolvedNotifierOptions, result: BatchResult): Promise<void> {
  if (options.onBatch === undefined) return;
  try {
    await options.onBatch(result);
  } catch (error) {
    options.logger.error('social-webhooks: the onBatch hook threw', { code: 'hook_failed', error });
  }
}
