import type { Job, Queue } from 'bullmq';
import { WebhookError } from '@social-webhooks/core';
import { isWebhookJobData } from '../job-data.js';

/** A failed job as `listFailedJobs` describes it: enough to decide whether to retry it. */
export interface FailedJob {
  readonly id: string;
  readonly eventName: string;
  /** Attempts made before it failed for good. */
  readonly attemptsMade: number;
  /** The last error's message. */
  readonly failedReason: string;
  /** When it failed, in ms since the epoch. */
  readonly failedAt: number | undefined;
  /** When the delivery arrived, in ms since the epoch. */
  readonly receivedAt: number | undefined;
}

/** The queue methods the failed-job commands use. */
export type FailedJobsQueue = Pick<Queue, 'getFailed' | 'getFailedCount' | 'getJob'>;

/** Options of {@link listFailedJobs}. */
export interface ListFailedOptions {
  /** The most jobs listed, newest first. Default 100. */
  readonly limit?: number;
}

/** The failed jobs of a queue, newest first, and how many there are in all. */
export async function listFailedJobs(queue: FailedJobsQueue, options: ListFailedOptions = {}): Promise<{ total: number; jobs: FailedJob[] }> {
  const limit = options.limit ?? 100;
  const [total, jobs] = await Promise.all([queue.getFailedCount(), queue.getFailed(0, limit - 1)]);
  return { total, jobs: jobs.filter((job): job is Job => job !== undefined).map(describe) };
}

/**
 * Moves failed jobs back to the queue with their attempts reset, so each gets its full retries
 * again: one job by id, or every failed job with `'all'`. Answers the ids it moved.
 * @throws {WebhookError} `invalid_options` when the id names no failed job.
 */
export async function retryFailedJobs(queue: FailedJobsQueue, which: string | 'all'): Promise<string[]> {
  if (which !== 'all') {
    const job = await queue.getJob(which);
    if (job === undefined || !(await job.isFailed())) {
      throw new WebhookError('invalid_options', `@social-webhooks/bullmq: no failed job has the id ${JSON.stringify(which)}. List them with \`social-webhooks failed\`.`);
    }
    await job.retry('failed', { resetAttemptsMade: true });
    return [which];
  }
  const retried: string[] = [];
  // Each retried job leaves the failed list, so the first page is always the next one.
  for (;;) {
    const page = (await queue.getFailed(0, 499)).filter((job): job is Job => job !== undefined);
    if (page.length === 0) return retried;
    for (const job of page) {
      await job.retry('failed', { resetAttemptsMade: true });
      retried.push(job.id ?? '');
    }
  }
}

function describe(job: Job): FailedJob {
  const data: unknown = job.data;
  return {
    id: job.id ?? '',
    eventName: isWebhookJobData(data) ? data.eventName : job.name,
    attemptsMade: job.attemptsMade,
    failedReason: job.failedReason ?? '',
    failedAt: job.finishedOn,
    receivedAt: isWebhookJobData(data) ? data.receivedAt : undefined,
  };
}
