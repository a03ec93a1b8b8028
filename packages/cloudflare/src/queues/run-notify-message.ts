import { batchesOf, deliverBatch, targetPagesOf, type BatchResult } from '@social-webhooks/core';
import type { BatchMessage, NotifyMessage, PlanMessage } from './notify-message.js';
import { QUEUE_MAX_BATCH_MESSAGES, type QueueProducer, type QueueSendRequest } from './queue-types.js';
import { sendInBatches } from './send-messages.js';
import { settleNotifyMessage, type SettleRunner } from './settle-notify-message.js';

/** What a notifications consumer needs beside a message: what settling a batch needs, and the queue it hands on to. */
export interface NotifyRunner extends SettleRunner {
  readonly queue: QueueProducer<NotifyMessage>;
}

/** What came of one message: a plan's batches queued, or a batch's result. */
export type NotifyOutcome =
  { readonly type: 'plan'; readonly batches: number; readonly targets: number } | { readonly type: 'batch'; readonly result: BatchResult };

/**
 * Reads a plan's audience from the token store as a stream (core's `targetPagesOf`, as bullmq's plan
 * job: `exclude`, `client` and the enabled times, in milliseconds, narrow it) and queues one batch
 * message per client URL and at most 100 targets, 100 messages a `sendBatch`. A plan retried after a failure queues its
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
 * outcome), queues what is not settled (settle-notify-message.ts: rate-limited targets in a message
 * delayed until their window ends, a failed request's targets in one delayed by the retry backoff,
 * both under the same `notificationId`), then writes each target's outcome to the `history`, in one
 * call. Throws only when the store, the limiter or Queues fails: the message is then retried.
 */
export async function runBatch(runner: NotifyRunner, message: BatchMessage): Promise<NotifyOutcome> {
  const { options } = runner;
  const { notification, url, targets } = message;
  const result = await deliverBatch(runner.context, notification, url, targets);
  const { followUps, entries } = settleNotifyMessage(runner, message, result);
  await sendInBatches(runner.queue, followUps);
  // Written once what the message hands on is queued: a message retried after a failure before this
  // point writes its targets once, in its last run. A failure to write is logged, never thrown.
  await options.history?.write(notification, entries);
  if (options.onBatch !== undefined) {
    try {
      await options.onBatch(result);
    } catch (error) {
      options.logger.error('social-webhooks: the onBatch hook threw', { code: 'hook_failed', error });
    }
  }
  return { type: 'batch', result };
}
