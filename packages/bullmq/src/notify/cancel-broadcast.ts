import type { Queue } from 'bullmq';
import { sumProgress } from './broadcast-progress.js';
import type { BroadcastRecord } from './broadcast-record.js';
import { planJobId, type NotifyJobData } from './broadcast-data.js';
import type { CancelledBroadcast } from './broadcaster-types.js';
import type { CancelFlag } from './cancel-flag.js';

/** How often `cancel()` looks whether a request of the broadcast is still on the wire. */
const WIRE_POLL_MS = 25;
/** States of a plan job no worker has taken: it can be removed. */
const NOT_STARTED = new Set(['waiting', 'delayed', 'prioritized', 'waiting-children']);

/**
 * Cancels the broadcast `id`: sets its flag first (every batch reads it right before its request,
 * cancel-flag.ts), removes its plan job if no worker has taken it, then waits until none of its
 * requests is on the wire.
 */
export async function cancelBroadcast(
  { record, flag, queue }: { readonly record: BroadcastRecord; readonly flag: CancelFlag; readonly queue: Queue<NotifyJobData> },
  id: string,
): Promise<CancelledBroadcast> {
  const read = await record.read(id);
  if (read === undefined) return { id, cancelled: 'unknown' };
  const earlier = read.meta['cancelledAt'] !== undefined;
  if (!earlier && sumProgress(id, read).done) return { id, cancelled: 'finished-already' };
  await flag.set(id, Date.now());
  let removed = false;
  const plan = await queue.getJob(planJobId(id));
  if (plan !== undefined && NOT_STARTED.has(await plan.getState())) {
    try {
      await plan.remove();
      removed = true;
    } catch {
      // A worker took it meanwhile: its plan reads the flag and queues nothing.
    }
  }
  // No plan will run: the broadcast is planned as far as it goes.
  if (removed) await record.added(id, { done: true });
  while ((await flag.onWire(id, Date.now())) > 0) await new Promise((resolve) => setTimeout(resolve, WIRE_POLL_MS));
  if (earlier) return { id, cancelled: 'cancelled-already' };
  return { id, cancelled: removed && read.jobs.length === 0 && read.planned === 0 ? 'not-started' : 'stopped' };
}
