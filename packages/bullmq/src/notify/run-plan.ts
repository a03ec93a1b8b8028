import type { Job, Queue } from 'bullmq';
import { batchesOf, expired, targetPagesOf, type NotificationTokenStore } from '@social-webhooks/core';
import { emptyOutcome } from './batch-outcome.js';
import type { BroadcastRecord } from './broadcast-record.js';
import { batchJobId, type BatchJobData, type NotifyJobData, type PlanJobData } from './broadcast-data.js';
import type { CancelFlag } from './cancel-flag.js';

/** Batch jobs added to Redis in one round trip; what the plan holds at once besides `batchesOf`'s partial batches. */
const ADD_AT_ONCE = 50;

/**
 * Reads the audience from the store as a stream and adds one batch job per client URL and at most 100
 * targets. Each batch job's id comes from its content, so a plan that runs again after its worker
 * died adds no second job for a batch it forms again. It may form others: the store's listing can
 * change order between runs (SCAN, while Redis resizes), so a user can be in a batch of each run;
 * our limiter's record then sends to them once and counts the other `alreadySent`. Every batch is
 * counted as planned in the record before its job is added, once however many runs add it, so the
 * progress counts each batch that runs, and is done only when all have. Once the broadcast's
 * `expiresAt` has passed, a batch is recorded `expired` with no job: the store is still read to the
 * end, so that every target is counted, but nothing more is queued. Once the broadcast is cancelled,
 * the batches formed are recorded `cancelled` with no job and the store is read no further.
 */
export async function runPlan(
  job: Job<PlanJobData>,
  store: NotificationTokenStore,
  queue: Queue<NotifyJobData>,
  record: BroadcastRecord,
  jobOptions: Parameters<Queue['add']>[2],
  flag: CancelFlag,
): Promise<{ planned: number; batches: number }> {
  const { id, notification, to, expiresAt } = job.data;
  await record.reconcile(id, async (jobId) => (await queue.getJob(jobId)) !== undefined);
  let planned = 0;
  let batches = 0;
  let cancelled = (await flag.at(id)) !== undefined;
  let pending: { name: string; data: BatchJobData; opts: NonNullable<typeof jobOptions> }[] = [];
  const flush = async () => {
    if (pending.length === 0) return;
    await record.adding(
      id,
      pending.map(({ data, opts }) => ({ jobId: opts.jobId ?? '', targets: data.targets.length })),
    );
    // Batches formed past the expiry or after a cancel: counted planned, then expired or cancelled, never queued.
    cancelled ||= (await flag.at(id)) !== undefined;
    const dropped = cancelled ? 'cancelled' : expired(expiresAt, Date.now()) ? 'expired' : undefined;
    if (dropped !== undefined)
      await record.batches(
        id,
        pending.map(({ data, opts }) => [opts.jobId ?? '', emptyOutcome('batch', data.targets.length, { [dropped]: data.targets.length })]),
      );
    else await queue.addBulk(pending);
    pending = [];
    await record.added(id, { done: false });
  };
  for await (const { url, targets } of cancelled ? [] : batchesOf(targetPagesOf(store, to))) {
    planned += targets.length;
    batches += 1;
    const data: BatchJobData = {
      type: 'batch',
      id,
      notification,
      url,
      targets,
      kind: 'batch',
      round: 0,
      attempt: 0,
      ...(expiresAt !== undefined && { expiresAt }),
    };
    pending.push({ name: 'batch', data, opts: { ...jobOptions, jobId: batchJobId(id, url, targets) } });
    if (pending.length >= ADD_AT_ONCE) await flush();
    if (cancelled) break;
  }
  await flush();
  await record.added(id, { done: true });
  return { planned, batches };
}
