import { metrics, type MeterProvider, type ObservableResult } from '@opentelemetry/api';
import { WebhookError } from '@social-webhooks/core';
import * as A from './attributes.js';
import { INSTRUMENTATION_SCOPE } from './scope.js';

/** A queue whose failed list is counted: a BullMQ `Queue` fits as is. */
export interface DeadLetterQueue {
  readonly name: string;
  getFailedCount(): Promise<number>;
}

/** Options of {@link observeDeadLetters}. */
export interface ObserveDeadLettersOptions {
  /** The queues whose failed jobs are counted: the webhook queue, the notification queue. Required. */
  readonly queues: readonly DeadLetterQueue[];
  /** Where the gauge goes. Default: the global provider. */
  readonly meterProvider?: MeterProvider;
}

/** The gauge's name. */
export const DEAD_LETTERS_HELD = 'social_webhooks.dead_letters.held';

/**
 * A gauge of the dead letters each queue holds now, `social_webhooks.dead_letters.held` by
 * `messaging.destination.name`, read from Redis (one `ZCARD` per queue) each time the SDK collects
 * metrics. A queue that cannot be read is left out of that collection rather than reported as 0.
 * Call `stop()` before closing the queues.
 *
 * @throws {WebhookError} `invalid_options` when `queues` is not a list of queues.
 * @example
 * const gauge = observeDeadLetters({ queues: [webhookQueue, notificationQueue] });
 * process.once('SIGTERM', () => { gauge.stop(); void webhookQueue.close(); });
 */
export function observeDeadLetters(options: ObserveDeadLettersOptions): { stop(): void } {
  const queues = options?.queues;
  if (!Array.isArray(queues) || queues.length === 0 || queues.some((queue) => typeof queue?.getFailedCount !== 'function')) {
    throw new WebhookError(
      'invalid_options',
      "@social-webhooks/otel: observeDeadLetters() takes `queues`, a list of BullMQ queues: observeDeadLetters({ queues: [new Queue('webhooks', { connection })] }).",
    );
  }
  const list = [...queues];
  const meter = (options.meterProvider ?? metrics.getMeterProvider()).getMeter(INSTRUMENTATION_SCOPE);
  const gauge = meter.createObservableGauge(DEAD_LETTERS_HELD, {
    unit: '{job}',
    description: "Jobs in a queue's failed list now: dead letters waiting to be looked at or retried.",
  });
  const observe = async (result: ObservableResult): Promise<void> => {
    const counts = await Promise.allSettled(list.map((queue) => queue.getFailedCount()));
    counts.forEach((count, index) => {
      if (count.status === 'fulfilled') {
        result.observe(count.value, { [A.MESSAGING_SYSTEM]: A.BULLMQ_SYSTEM, [A.MESSAGING_DESTINATION_NAME]: list[index]!.name });
      }
    });
  };
  gauge.addCallback(observe);
  return { stop: () => gauge.removeCallback(observe) };
}
