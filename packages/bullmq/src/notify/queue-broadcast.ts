import type { JobsOptions, Queue } from 'bullmq';
import type { BroadcastRecord } from './broadcast-record.js';
import { planJobId, type NotifyJobData, type PlanJobData } from './broadcast-data.js';

/** Where a broadcast is queued: its record, the queue, the jobs' options. */
export interface BroadcastQueueing {
  readonly record: BroadcastRecord;
  readonly queue: Queue<NotifyJobData>;
  readonly jobOptions: JobsOptions;
}

/**
 * Records the broadcast `plan.id` (or finds it recorded) and adds its plan job, delayed until `at`
 * when that is ahead of `now`. Added even when the record existed: a broadcast whose plan job was
 * never stored (a crash between the two writes) is queued now, and an existing job id makes this a no-op.
 */
export async function queueBroadcast(
  { record, queue, jobOptions }: BroadcastQueueing,
  plan: PlanJobData,
  at: number | undefined,
  now: number,
): Promise<{ added: boolean; createdAt: number }> {
  const delay = at === undefined ? 0 : Math.max(0, at - now);
  const { id, notification, to, expiresAt } = plan;
  const started = await record.start(id, notification, to, now, expiresAt, delay > 0 ? at : undefined);
  await queue.add('plan', plan, { ...jobOptions, jobId: planJobId(id), ...(delay > 0 && { delay }) });
  return started;
}
