import type { Job, JobsOptions, Queue } from 'bullmq';
import {
  deliverBatch,
  HistoryEntries,
  expired,
  logGaveUp,
  logRefusal,
  retryDelay,
  type BatchContext,
  type BatchResult,
  type BatchScope,
  type NotifyInstrumentation,
  type ResolvedNotifierOptions,
  type UrlSlots,
  writeHistory,
} from '@social-webhooks/core';
import { emptyOutcome, type BatchOutcome } from './batch-outcome.js';
import type { BroadcastRecord } from './broadcast-record.js';
import { followUpJobId, type BatchJobData, type NotifyJobData } from './broadcast-data.js';
import type { CancelFlag } from './cancel-flag.js';

/** What a batch job needs beside its data. */
export interface BatchRunner {
  readonly options: ResolvedNotifierOptions;
  readonly context: BatchContext;
  readonly queue: Queue<NotifyJobData>;
  readonly queueName: string;
  readonly record: BroadcastRecord;
  readonly flag: CancelFlag;
  readonly jobOptions: JobsOptions;
  /** Rate-limit rounds before a target still limited is counted failed (`rate_limited`). */
  readonly rateLimitRounds: number;
  readonly instrumentation: NotifyInstrumentation | undefined;
  /** This process's requests in flight per client URL (`concurrencyPerUrl`). */
  readonly slots: UrlSlots;
}

/**
 * Sends one batch job's targets (`deliverBatch`), records its outcome in its own field of the
 * broadcast's record, and hands on what is not settled: rate-limited targets to a job delayed until
 * their window ends, a failed request's targets to a job delayed by the retry backoff, both under the
 * same `notificationId`. Skips the batch, counting it remaining, when its client already refused the
 * notification (a flag in Redis that every worker reads), and counting it expired once the
 * broadcast's `expiresAt` has passed: a delayed job that comes due late sends nothing. Throws only when the store, the limiter or
 * Redis fails: BullMQ then runs the job again, and the limiter's record keeps the targets already
 * delivered from being sent again.
 */
export async function runBatch(runner: BatchRunner, job: Job<BatchJobData>): Promise<BatchOutcome> {
  const { id, notification, url, targets, kind } = job.data;
  const jobId = job.id ?? '';
  const scope = runner.instrumentation?.startBatch({
    notificationId: notification.notificationId,
    url,
    targets: targets.length,
    queueName: runner.queueName,
    attempt: job.data.attempt + job.attemptsMade + 1,
  });
  try {
    const stoppedFor = await runner.record.stopped(id, url);
    if (stoppedFor !== undefined) {
      const outcome = emptyOutcome(kind, targets.length, { remaining: targets.length });
      await runner.record.batch(id, jobId, outcome);
      await writeHistory(runner.options.history, job.data.notification, job.data.url, (entries) => entries.add(targets, 'remaining', true));
      safeEnd(scope, { skipped: stoppedFor });
      return outcome;
    }
    if (expired(job.data.expiresAt, Date.now())) {
      const outcome = emptyOutcome(kind, targets.length, { expired: targets.length });
      await runner.record.batch(id, jobId, outcome);
      await writeHistory(runner.options.history, job.data.notification, job.data.url, (entries) => entries.add(targets, 'expired', true));
      safeEnd(scope, { expired: targets.length });
      return outcome;
    }
    if ((await runner.flag.at(id)) !== undefined) {
      const outcome = emptyOutcome(kind, targets.length, { cancelled: targets.length });
      await runner.record.batch(id, jobId, outcome);
      await writeHistory(runner.options.history, job.data.notification, job.data.url, (entries) => entries.add(targets, 'cancelled', true));
      safeEnd(scope, { skipped: 'cancelled' });
      return outcome;
    }
    // Live from right before the request (after the limiter's claims) until its outcome is recorded:
    // a cancel waits for it, and one that came first stops it (cancel-flag.ts).
    let live = false;
    const deadline = () => Date.now() + runner.options.timeoutMs + LIVE_MARGIN_MS;
    const context = { ...runner.context, beforeRequest: async () => (live = await runner.flag.goLive(id, jobId, deadline())) };
    try {
      const result = await runner.slots.run(url, () => deliverBatch(context, notification, url, targets));
      const entries = new HistoryEntries(url);
      const outcome = await settle(runner, job, result, entries);
      // Written once the batch's outcome and what it hands on are recorded: a job run again after a
      // failure before this point writes its targets once.
      await runner.options.history?.write(notification, entries);
      safeEnd(scope, { result });
      await report(runner, result);
      return outcome;
    } finally {
      if (live) await runner.flag.leave(id, jobId);
    }
  } catch (error) {
    // The last attempt's failure leaves the job in the failed list: a dead letter.
    safeEnd(scope, { error, willRetry: job.attemptsMade + 1 < (job.opts.attempts ?? 1) });
    throw error;
  }
}

async function settle(runner: BatchRunner, job: Job<BatchJobData>, result: BatchResult, entries: HistoryEntries): Promise<BatchOutcome> {
  const { options } = runner;
  const { id, notification, url, round, attempt, expiresAt } = job.data;
  const failed: Record<string, number> = {};
  const fail = (reason: string, count: number) => (failed[reason] = (failed[reason] ?? 0) + count);
  for (const { reason } of result.failed) fail(reason, 1);

  // What could only be sent past the expiry, after its window or its retry's delay, is dropped now.
  const inTime = result.rateLimited.filter((entry) => !expired(expiresAt, entry.retryAt));
  let lapsed = result.rateLimited.length - inTime.length;
  const limited = round < runner.rateLimitRounds ? inTime : [];
  if (limited.length < inTime.length) fail('rate_limited', inTime.length);
  const delay = result.retry === undefined ? 0 : retryDelay(options.retryDelayMs, attempt, result.retry.retryAfterMs);
  const late = result.retry !== undefined && expired(expiresAt, Date.now() + delay);
  if (late) lapsed += result.retry!.targets.length;
  const retry = result.retry !== undefined && !late && attempt < options.retries ? result.retry : undefined;
  entries.addSettled(result);
  const inTimeTargets = new Set(inTime.map(({ target }) => target));
  for (const { target } of result.rateLimited) {
    if (!inTimeTargets.has(target)) entries.add([target], 'expired', true);
    else if (limited.length > 0) entries.add([target], 'rateLimited', false);
    else entries.add([target], 'failed', true, 'rate_limited');
  }
  if (late) entries.add(result.retry!.targets, 'expired', true);
  if (retry !== undefined) entries.add(retry.targets, 'failed', false, retry.reason);
  if (result.retry !== undefined && !late && retry === undefined) {
    entries.add(result.retry.targets, 'failed', true, result.retry.reason);
    fail(result.retry.reason, result.retry.targets.length);
    logGaveUp(options.logger, url, result.retry.targets.length, attempt + 1, result.retry.reason);
  }
  // Nothing is handed on for a broadcast cancelled meanwhile: those targets are counted cancelled.
  const handing = limited.length + (retry?.targets.length ?? 0);
  const stopping = handing > 0 && (await runner.flag.at(id)) !== undefined;
  const retryAt = limited.reduce((latest, entry) => Math.max(latest, entry.retryAt), 0);
  const outcome = outcomeOf(
    job,
    result,
    failed,
    lapsed,
    stopping
      ? { cancelled: result.cancelled.length + handing }
      : {
          cancelled: result.cancelled.length,
          limited: limited.length,
          retrying: retry?.targets.length ?? 0,
          ...(limited.length > 0 && { retryAt }),
        },
  );
  // The outcome first, then what it hands on: a job handed on that ran before its parent recorded
  // would count as settled targets nobody had counted as waiting.
  await runner.record.batch(id, job.id ?? '', outcome);

  if (result.stop !== undefined && (await runner.record.stop(id, url, result.stop))) {
    logRefusal(options.logger, url, notification.notificationId, result.stop);
  }
  if (stopping) return outcome;
  const parent = job.id ?? '';
  if (limited.length > 0) {
    const data: BatchJobData = {
      ...job.data,
      targets: limited.map((entry) => entry.target),
      kind: 'limited',
      round: round + 1,
      attempt: 0,
    };
    const delay = Math.max(0, retryAt - Date.now());
    await runner.queue.add('batch', data, { ...runner.jobOptions, jobId: followUpJobId(parent, 'limited'), delay });
  }
  if (retry !== undefined) {
    const data: BatchJobData = { ...job.data, targets: retry.targets, kind: 'retry', attempt: attempt + 1 };
    await runner.queue.add('batch', data, { ...runner.jobOptions, jobId: followUpJobId(parent, 'retry'), delay });
  }
  return outcome;
}

/** How long past its timeout a batch counts as live when its worker died before taking itself out. */
const LIVE_MARGIN_MS = 1_000;

function outcomeOf(
  job: Job<BatchJobData>,
  result: BatchResult,
  failed: Readonly<Record<string, number>>,
  lapsed: number,
  counts: Partial<BatchOutcome>,
): BatchOutcome {
  return emptyOutcome(job.data.kind, job.data.targets.length, {
    requests: result.requested ? 1 : 0,
    successful: result.successful.length,
    alreadySent: result.alreadySent.length,
    invalid: result.invalid.length,
    failed,
    ...(lapsed > 0 && { expired: lapsed }),
    ...counts,
  });
}

function safeEnd(scope: BatchScope | undefined, end: Parameters<BatchScope['end']>[0]): void {
  try {
    scope?.end(end);
  } catch {
    // Instrumentation never fails a batch.
  }
}

async function report(runner: BatchRunner, result: BatchResult): Promise<void> {
  if (runner.options.onBatch === undefined) return;
  try {
    await runner.options.onBatch(result);
  } catch (error) {
    runner.options.logger.error('social-webhooks: the onBatch hook threw', { code: 'hook_failed', error });
  }
}
