import type { Job } from 'bullmq';
import type { WebhookJobData } from '../job-data.js';

/** What a worker's handler gets second, where a receiver's gets the request. */
export interface JobContext {
  /** The BullMQ job: `id`, `attemptsMade`, `log()`, `updateProgress()`, … */
  readonly job: Job<WebhookJobData>;
  /** 1 on the first attempt, 2 on the first retry, … */
  readonly attempt: number;
  /**
   * Aborted when the worker shuts down and this job outlasted the grace period: the job has been
   * returned to the queue for another worker, so stop work that would be done twice.
   */
  readonly signal: AbortSignal;
}
