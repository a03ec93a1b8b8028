import {
  batchesOf,
  deliverBatch,
  logGaveUp,
  logRefusal,
  retryDelay,
  targetPagesOf,
  type BatchContext,
  type BatchResult,
  type ResolvedNotifierOptions,
} from '@social-webhooks/core';
import type { BatchMessage, NotifyMessage, PlanMessage } from './notify-message.js';
import { QUEUE_MAX_BATCH_MESSAGES, QUEUE_MAX_DELAY_SECONDS, type QueueProducer, type QueueSendRequest } from './queue-types.js';
import { sendInBatches } from './send-messages.js';

/** What a notifications consumer needs beside a message. */
export interface NotifyRunner {
  readonly options: ResolvedNotifierOptions;
  readonly context: BatchContext;
  readonly queue: QueueProducer<NotifyMessage>;
  /** Rate-limit rounds before a target still limited is counted failed (`rate_limited`). */
  readonly rateLimitRounds: number;
}

/** What came of one message: a plan's batches queued, or a batch's result. */
export type NotifyOutcome =
  { readonly type: 'plan'; readonly batches: number; readonly targets: number } | { readonly type: 'batch'; readonly result: BatchResult };

/**
 * Reads a plan's audience from the token store as a stream and queues one batch message per client
 * URL and at most 100 targets, 100 messages a `sendBatch`. A plan retried after a failure queues its
 * batches again from the start: the limiter's record answers `alreadySent` for each target an earlier
 * batch reached, so nobody is notified twice.
 */
export async function runPlan(runner: NotifyRunner, { notification, to }: PlanMessage): Promise<NotifyOutcome> {
  let batches = 0;
  let targets = 0;
  let pending: QueueSendRequest<NotifyMessage>[] = [];
  for await (const batch of batchesOf(targetPagesOf(runner.options.store, to))) {
    const body: BatchMessage = { type: 'batch', notification, url: batch.url, targets: batch.targets, kind: 'batch', round: 0, attempt: 0 };
    pending.push({ body });
    batches += 1;
    targets += batch.targets.length;
    if (pending.length >= QUEUE_MAX_BATCH_MESSAGES) {
      await sendInBatches(runner.queue, pending);
      pending = [];
    }
  }
  await sendInBatches(runner.queue, pending);
  return { type: 'plan', batches, targets };
}

/**
 * Sends one batch message's targets (`deliverBatch`: the limiter's claim, one request, each token's
 * outcome) and queues what is not settled: rate-limited targets in a message delayed until their
 * window ends, a failed request's targets in one delayed by the retry backoff, both under the same
 * `notificationId`. Throws only when the store or the limiter fails: the message is then retried.
 */
export async function runBatch(runner: NotifyRunner, message: BatchMessage): Promise<NotifyOutcome> {
  const { options } = runner;
  const { notification, url, targets, round, attempt } = message;
  const result = await deliverBatch(runner.context, notification, url, targets);
  const followUps: QueueSendRequest<NotifyMessage>[] = [];
  const limited = round < runner.rateLimitRounds ? result.rateLimited : [];
  if (limited.length > 0) {
    const retryAt = limited.reduce((latest, entry) => Math.max(latest, entry.retryAt), 0);
    const body: BatchMessage = { ...message, targets: limited.map((entry) => entry.target), kind: 'limited', round: round + 1, attempt: 0 };
    followUps.push({ body, delaySeconds: seconds(retryAt - runner.context.now()) });
  }
  if (result.retry !== undefined && attempt < options.retries) {
    const body: BatchMessage = { ...message, targets: result.retry.targets, kind: 'retry', attempt: attempt + 1 };
    followUps.push({ body, delaySeconds: seconds(retryDelay(options.retryDelayMs, attempt, result.retry.retryAfterMs)) });
  } else if (result.retry !== undefined) {
    logGaveUp(options.logger, url, result.retry.targets.length, attempt + 1, result.retry.reason);
  }
  if (result.stop !== undefined) logRefusal(options.logger, url, notification.notificationId, result.stop);
  await sendInBatches(runner.queue, followUps);
  if (options.onBatch !== undefined) {
    try {
      await options.onBatch(result);
    } catch (error) {
      options.logger.error('social-webhooks: the onBatch hook threw', { code: 'hook_failed', error });
    }
  }
  return { type: 'batch', result };
}

/** A delay in whole seconds as Queues takes it: rounded up, at most 12 hours. */
function seconds(ms: number): number {
  return Math.min(Math.max(0, Math.ceil(ms / 1000)), QUEUE_MAX_DELAY_SECONDS);
}
