import {
  HistoryEntries,
  logGaveUp,
  logRefusal,
  retryDelay,
  type BatchContext,
  type BatchResult,
  type ResolvedNotifierOptions,
} from '@social-webhooks/core';
import type { BatchMessage, NotifyMessage } from './notify-message.js';
import { QUEUE_MAX_DELAY_SECONDS, type QueueSendRequest } from './queue-types.js';

/** What settling a batch message needs of its consumer. */
export interface SettleRunner {
  readonly options: ResolvedNotifierOptions;
  readonly context: BatchContext;
  /** Rate-limit rounds before a target still limited is counted failed (`rate_limited`). */
  readonly rateLimitRounds: number;
}

/** What a batch message hands on (messages to queue, delayed), and its targets' entries for the history. */
export interface SettledMessage {
  readonly followUps: QueueSendRequest<NotifyMessage>[];
  readonly entries: HistoryEntries;
}

/**
 * Settles one batch message's result as the BullMQ worker settles a batch job's, and notes each
 * target's fate in `entries`, final or not, so that every target of a notification gets exactly one
 * final entry over its messages (docs/notifications.md, "What happened: history"):
 * - what `deliverBatch` settled (successful, already sent, invalid, failed, among them a client's
 *   refusal of the notification itself, which is logged): final;
 * - rate-limited targets: queued again in one message delayed until the last of their windows ends,
 *   `rateLimited` not final; after `rateLimitRounds` rounds, `failed` final (`rate_limited`), as
 *   the consumer counts them;
 * - a failed request's targets: queued again after the retry backoff, `failed` not final with the
 *   reason; after `retries` retries, `failed` final (gave up, logged).
 */
export function settleNotifyMessage(runner: SettleRunner, message: BatchMessage, result: BatchResult): SettledMessage {
  const { options, context } = runner;
  const { notification, url, round, attempt } = message;
  const entries = new HistoryEntries(url);
  const followUps: QueueSendRequest<NotifyMessage>[] = [];
  entries.addSettled(result);
  const limited = result.rateLimited.map((entry) => entry.target);
  if (limited.length > 0 && round < runner.rateLimitRounds) {
    const retryAt = result.rateLimited.reduce((latest, entry) => Math.max(latest, entry.retryAt), 0);
    const body: BatchMessage = { ...message, targets: limited, kind: 'limited', round: round + 1, attempt: 0 };
    followUps.push({ body, delaySeconds: seconds(retryAt - context.now()) });
    entries.add(limited, 'rateLimited', false);
  } else {
    entries.add(limited, 'failed', true, 'rate_limited');
  }
  const { retry } = result;
  if (retry !== undefined && attempt < options.retries) {
    const body: BatchMessage = { ...message, targets: retry.targets, kind: 'retry', attempt: attempt + 1 };
    followUps.push({ body, delaySeconds: seconds(retryDelay(options.retryDelayMs, attempt, retry.retryAfterMs)) });
    entries.add(retry.targets, 'failed', false, retry.reason);
  } else if (retry !== undefined) {
    entries.add(retry.targets, 'failed', true, retry.reason);
    logGaveUp(options.logger, url, retry.targets.length, attempt + 1, retry.reason);
  }
  if (result.stop !== undefined) logRefusal(options.logger, url, notification.notificationId, result.stop);
  return { followUps, entries };
}

/** A delay in whole seconds as Queues takes it: rounded up, at most 12 hours. */
function seconds(ms: number): number {
  return Math.min(Math.max(0, Math.ceil(ms / 1000)), QUEUE_MAX_DELAY_SECONDS);
}
