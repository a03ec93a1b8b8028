import type { Job, Queue } from 'bullmq';
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
export async function listFailedJobs(
  queue: FailedJobsQueue,
  options: ListFailedOptions = {},
): Promise<{ total: number; jobs: FailedJob[] }> {
  const limit = options.limit ?? 100;
  const [total, jobs] = await Promise.all([queue.getFailedCount(), queue.getFailed(0, limit - 1)]);
  return { total, jobs: jobs.filter((job): job is Job => job !== undefined).map(describeFailedJob) };
}

/** A failed job's description, from the job BullMQ answers. */
export function describeFailedJob(job: Job): FailedJob {
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
