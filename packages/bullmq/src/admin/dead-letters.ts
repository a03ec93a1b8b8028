import type { Queue } from 'bullmq';
import { WebhookError } from '@social-webhooks/core';
import { listFailedJobs, type FailedJob } from './failed-jobs.js';
import { retryFailedJobs } from './retry-failed-jobs.js';

/**
 * A queue's dead letters, the jobs that failed all their attempts, as a page or a script reads and
 * retries them: what `productionPage({ deadLetters })` of `@social-webhooks/dashboard` takes.
 */
export interface DeadLetters {
  /** The queue's name. */
  readonly name: string;
  /** The newest `limit` dead letters (default 100) and how many there are in all. */
  list(options?: { readonly limit?: number }): Promise<{ readonly total: number; readonly jobs: readonly FailedJob[] }>;
  /** Moves these jobs back to the queue with their attempts reset; answers the ids moved. */
  retry(ids: readonly string[]): Promise<readonly string[]>;
}

/**
 * The dead letters of a queue: the webhook queue of `bullmqHandoff()`, or the notification queue of
 * `notificationBroadcaster()`. They stay in BullMQ's failed list for `keepFailedMs` (7 days by default).
 * @throws {WebhookError} `invalid_options` when `queue` is not a BullMQ queue.
 * @example
 * const webhooks = deadLetters(new Queue('webhooks', { connection }));
 * const { total, jobs } = await webhooks.list({ limit: 20 });
 */
export function deadLetters(queue: Pick<Queue, 'name' | 'getFailed' | 'getFailedCount' | 'getJob'>): DeadLetters {
  if (typeof queue?.getFailed !== 'function' || typeof queue.name !== 'string') {
    throw new WebhookError(
      'invalid_options',
      "@social-webhooks/bullmq: deadLetters() takes a BullMQ queue: deadLetters(new Queue('webhooks', { connection })).",
    );
  }
  return {
    name: queue.name,
    list: (options = {}) => listFailedJobs(queue, options),
    retry: (ids) => retryFailedJobs(queue, { ids }),
  };
}
