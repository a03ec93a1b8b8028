import type { Job, JobsOptions, Queue } from 'bullmq';
import type { ReplayEnqueueOutcome } from '@social-webhooks/core';
import { toJobId, type WebhookJobData } from '../job-data.js';

/** What a replay's hand-off needs of the queue: `add`, and `getJob` to find the job kept under the key. */
export type ReplayQueue = Pick<Queue, 'add' | 'getJob'>;

// A job moves between the reads and the move (a worker took it, BullMQ removed it by age): read again.
const TRIES = 3;

/**
 * Queues a replay's job under its key's job id, or runs the job kept there once more: one that
 * failed all its attempts is retried with its attempts reset and the replay's mark in its data (so
 * the worker's handler tells it by `replayOf(event)`); one waiting, delayed or running is left
 * (`already_queued`), as is one completed (`already_handled`). BullMQ moves a job out of the failed
 * list atomically, so two replays at once move it once: the second finds it waiting or running.
 */
export async function enqueueReplay(
  queue: ReplayQueue,
  data: WebhookJobData,
  key: string,
  jobOptions: JobsOptions,
): Promise<ReplayEnqueueOutcome> {
  const jobId = toJobId(key);
  for (let attempt = 1; ; attempt++) {
    const job = (await queue.getJob(jobId)) as Job | undefined;
    // No job kept under the key: a new one (an id added meanwhile makes this add a no-op, as a redelivery's).
    if (job === undefined) {
      await queue.add(data.eventName, data, { ...jobOptions, jobId });
      return 'queued';
    }
    try {
      const state = await job.getState();
      if (state === 'unknown') throw new Error(`the job ${jobId} was removed while it was read`);
      if (state === 'completed') return 'already_handled';
      if (state !== 'failed') return 'already_queued';
      await job.updateData({ ...(job.data as WebhookJobData), ...(data.replay !== undefined && { replay: data.replay }) });
      await job.retry(state, { resetAttemptsMade: true });
      return 'requeued';
    } catch (error) {
      // The job left the list it was read in before the move (a replay beside this one moved it,
      // BullMQ removed it by age): read it again, then give up.
      if (attempt >= TRIES) throw error;
    }
  }
}
