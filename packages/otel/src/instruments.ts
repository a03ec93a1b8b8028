import type { Counter, Histogram, Meter } from '@opentelemetry/api';

/** The metrics, created from the meter on first use. */
export interface Instruments {
  /** `social_webhooks.deliveries`: deliveries answered, by outcome code and status. */
  readonly deliveries: Counter;
  /** `social_webhooks.delivery.duration`: from the request to the answer, in seconds. */
  readonly deliveryDuration: Histogram;
  /** `messaging.process.duration`: a job attempt's handler, in seconds (messaging conventions). */
  readonly processDuration: Histogram;
  /** `social_webhooks.queue.wait_time`: from the job's add to its first attempt's start, in seconds. */
  readonly queueWait: Histogram;
  /** `social_webhooks.notifications`: notification targets by outcome and client host. */
  readonly notifications: Counter;
  /** `social_webhooks.notify.batch.duration`: one notification batch, from its start to its outcome, in seconds. */
  readonly batchDuration: Histogram;
  /** `social_webhooks.dead_letters`: jobs that failed their last attempt and stay in the failed list. */
  readonly deadLetters: Counter;
}

// Seconds, as OpenTelemetry's duration metrics are; buckets from 1 ms to a minute.
/** The dead-letter counter's name. */
export const DEAD_LETTERS = 'social_webhooks.dead_letters';

const SECONDS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

export function createInstruments(meter: Meter): Instruments {
  return {
    deliveries: meter.createCounter('social_webhooks.deliveries', {
      unit: '{delivery}',
      description: 'Webhook deliveries answered, by outcome code (handled, queued, duplicate, header_mismatch, queue_unavailable, ...).',
    }),
    deliveryDuration: meter.createHistogram('social_webhooks.delivery.duration', {
      unit: 's',
      description: 'Time from a delivery arriving to its answer.',
      advice: { explicitBucketBoundaries: SECONDS },
    }),
    processDuration: meter.createHistogram('messaging.process.duration', {
      unit: 's',
      description: "Duration of one attempt of a queued delivery's handler.",
      advice: { explicitBucketBoundaries: SECONDS },
    }),
    queueWait: meter.createHistogram('social_webhooks.queue.wait_time', {
      unit: 's',
      description: 'Time a queued delivery waited from being stored to its first attempt starting.',
      advice: { explicitBucketBoundaries: SECONDS },
    }),
    notifications: meter.createCounter('social_webhooks.notifications', {
      unit: '{token}',
      description:
        'Mini App notification targets by outcome (successful, already_sent, invalid, rate_limited, failed, retry, remaining, expired) and client host.',
    }),
    batchDuration: meter.createHistogram('social_webhooks.notify.batch.duration', {
      unit: 's',
      description: 'Time one notification batch took: the limiter claim, the request to the client and the handling of its answer.',
      advice: { explicitBucketBoundaries: SECONDS },
    }),
    deadLetters: meter.createCounter(DEAD_LETTERS, {
      unit: '{job}',
      description: "Queued jobs that failed their last attempt (a delivery's handler, a notification batch) and stay in the failed list.",
    }),
  };
}
