import { DEFAULT_NOTIFY_RETRY_DELAY_MS, resolveNotifierOptions, type NotifierOptions } from '@social-webhooks/core';
import { optionsError } from '../errors.js';
import { isNotifyMessage, type NotifyMessage } from './notify-message.js';
import { QUEUE_MAX_DELAY_SECONDS, type QueueBatch, type QueueProducer, type WorkerContext } from './queue-types.js';
import { runBatch, runPlan, type NotifyOutcome, type NotifyRunner } from './run-notify-message.js';

/**
 * Options of {@link notificationConsumer}: the notifications queue's producer binding, and the
 * notifier's own options (`store`, `limiter`, `fetch`, `timeoutMs`, `retries`, `retryDelayMs`,
 * `rateLimitRetryMs`, `logger`, `onBatch`, `history`) with their defaults.
 */
export interface NotificationConsumerOptions extends Omit<
  NotifierOptions,
  'domain' | 'rateLimitWaitMs' | 'concurrency' | 'concurrencyPerUrl' | 'onWait'
> {
  /** The producer binding of the queue this consumer reads (`env.NOTIFICATIONS`): batches and their follow-ups are sent to it. Required. */
  readonly queue: QueueProducer<NotifyMessage>;
  /**
   * How many times targets a rate limit holds back are queued again, delayed until their window
   * ends, before they are counted failed (`rate_limited`). Default 10.
   */
  readonly rateLimitRounds?: number;
}

/** The Worker's `queue(batch, env, ctx)` export for the notifications queue; resolves with each message's outcome (`undefined` for one retried). */
export type NotificationConsumer = (
  batch: QueueBatch<NotifyMessage>,
  env: unknown,
  ctx: WorkerContext,
) => Promise<(NotifyOutcome | undefined)[]>;

export const DEFAULT_QUEUE_RATE_LIMIT_ROUNDS = 10;

/**
 * Sends the broadcasts a {@link queueBroadcaster} queues, in a Worker's `queue()` export: a plan
 * message reads the token store into batch messages; each batch message claims its targets in the
 * limiter, sends one request, handles every token's outcome as `createNotifier` does (an invalid
 * token removed, a rate-limited one queued again after its window, a failed request queued again
 * with backoff under the same `notificationId`), writes its targets' outcomes to the `history` in one
 * call (a failure to write it logged once, `history_failed`, never failing the message), and is
 * acked. A message whose store, limiter or queue call failed is retried with backoff; after the
 * queue's `max_retries` it goes to its dead-letter queue.
 * Give it the Worker's shared limiter (a D1 or Durable Object one of this package): the memory
 * default is one isolate's.
 *
 * @param options `queue` and `store` (required), `limiter`, `fetch`, `timeoutMs` (10,000), `retries`
 *   (4), `retryDelayMs` (1,000), `rateLimitRetryMs` (30,000), `rateLimitRounds` (10), `logger`, `onBatch`,
 *   `history` (none: `cloudflareNotificationHistory({ d1: env.DB })`).
 * @throws {WebhookError} `invalid_options` when an option is missing or malformed.
 * @example
 * const consume = notificationConsumer({ queue: env.NOTIFICATIONS, store: tokens, limiter });
 * export default { queue: (batch: MessageBatch, env: Env, ctx: ExecutionContext) => consume(batch, env, ctx) };
 */
export function notificationConsumer(options: NotificationConsumerOptions): NotificationConsumer {
  const source = '@social-webhooks/cloudflare: notificationConsumer()';
  if (typeof options !== 'object' || options === null)
    throw optionsError('notificationConsumer() takes an options object: { queue, store, limiter }.');
  const { queue, rateLimitRounds = DEFAULT_QUEUE_RATE_LIMIT_ROUNDS, ...notifierOptions } = options;
  if (typeof queue?.send !== 'function' || typeof queue.sendBatch !== 'function') {
    throw optionsError('notificationConsumer(): `queue` must be the producer binding of the queue it consumes, such as env.NOTIFICATIONS.');
  }
  if (!Number.isSafeInteger(rateLimitRounds) || rateLimitRounds < 0) {
    throw optionsError(
      `notificationConsumer(): \`rateLimitRounds\` must be an integer of at least 0 (default ${DEFAULT_QUEUE_RATE_LIMIT_ROUNDS}); got ${String(rateLimitRounds)}.`,
    );
  }
  const resolved = resolveNotifierOptions(notifierOptions as NotifierOptions, source);
  const runner: NotifyRunner = {
    options: resolved,
    context: {
      fetch: resolved.fetch,
      store: resolved.store,
      limiter: resolved.limiter,
      timeoutMs: resolved.timeoutMs,
      retryLimitedAfterMs: resolved.rateLimitRetryMs,
      now: Date.now,
    },
    queue,
    rateLimitRounds,
  };
  return async function consume(batch) {
    return Promise.all(
      batch.messages.map(async (message) => {
        const body: unknown = message.body;
        if (!isNotifyMessage(body)) {
          resolved.logger.error(
            `${source}: message ${message.id} is no plan or batch of queueBroadcaster(); it is retried, then moved to the dead-letter queue.`,
            {
              code: 'invalid_message',
            },
          );
          message.retry();
          return undefined;
        }
        try {
          const outcome = body.type === 'plan' ? await runPlan(runner, body) : await runBatch(runner, body);
          message.ack();
          return outcome;
        } catch (error) {
          const delaySeconds = Math.min(
            Math.ceil((DEFAULT_NOTIFY_RETRY_DELAY_MS / 1000) * 2 ** (message.attempts - 1)),
            QUEUE_MAX_DELAY_SECONDS,
          );
          resolved.logger.error(
            `${source}: a ${body.type} message of "${body.notification.notificationId}" failed; it is retried in ${delaySeconds} s.`,
            {
              code: 'store_failed',
              error,
            },
          );
          message.retry({ delaySeconds });
          return undefined;
        }
      }),
    );
  };
}
