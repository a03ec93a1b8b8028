import { WebhookError } from '../../errors.js';
import { HistoryEntries } from '../history/history-entries.js';
import type { Notification } from '../notification.js';
import type { ResolvedNotifierOptions } from '../notifier-options.js';
import type { ResolvedBroadcastsOptions } from './broadcasts-options.js';
import { Work } from './work.js';

/**
 * What `cancel()` did, as the BullMQ broadcaster's `cancel()` answers: `not-started` (no run had
 * worked on it: nothing was sent), `stopped` (a run had: what was sent stays sent, the rest is counted
 * `cancelled`), `cancelled-already` (an earlier cancel did), `finished-already` (every target had its
 * outcome: nothing to stop), `unknown` (no broadcast of this id, or its record lapsed).
 */
export type BroadcastCancelOutcome = 'not-started' | 'stopped' | 'cancelled-already' | 'finished-already' | 'unknown';

/** What `broadcasts.cancel()` answers. */
export interface BroadcastCancel {
  readonly id: string;
  readonly cancelled: BroadcastCancelOutcome;
}

/** How often `cancel()` reads whether a batch of the broadcast is still live. */
const LIVE_POLL_MS = 25;

/**
 * Cancels the broadcast `id`: sets its flag in the record store (every batch reads it right before its
 * request, batch-gate.ts), waits until none of its batches is live (a request that had left is
 * answered or times out: at most `timeoutMs` and the step margin), then, when no other run holds the
 * lease, counts what the record held `cancelled` and marks it done; a run that holds it does so at
 * its next batch.
 */
export async function cancelBroadcast(options: ResolvedBroadcastsOptions, id: string): Promise<BroadcastCancel> {
  if (typeof id !== 'string' || id === '') {
    throw new WebhookError('invalid_options', '@social-webhooks/core: broadcasts.cancel(id): `id` is the id start() answered.');
  }
  const { records } = options;
  const flagged = await records.cancel(id);
  if (flagged === 'unknown' || flagged === 'finished-already') return { id, cancelled: flagged };
  while ((await records.live(id)) > 0) await new Promise((resolve) => setTimeout(resolve, LIVE_POLL_MS));
  if (flagged === 'cancelled-already') return { id, cancelled: flagged };
  const owner = crypto.randomUUID();
  // Another run holds the lease (it stops at its next batch), or one finished it meanwhile.
  if (!(await records.acquire(id, owner, options.leaseMs))) return { id, cancelled: 'stopped' };
  try {
    const record = await records.get(id);
    if (record === undefined || record.state.done) return { id, cancelled: 'stopped' };
    const work = new Work(record.state);
    const started = work.runs > 0;
    await closeCancelled(options.notifier, record.plan.notification, work);
    await records.save(id, owner, work.toState(), options.leaseMs);
    return { id, cancelled: started ? 'stopped' : 'not-started' };
  } finally {
    await records.release(id, owner);
  }
}

/**
 * Ends a cancelled broadcast's work: every target it still held is counted `cancelled` (and written
 * so to the history, a batch per client URL), and it is done. What it never read is not counted.
 */
export async function closeCancelled(options: ResolvedNotifierOptions, notification: Notification, work: Work): Promise<void> {
  const byUrl = new Map<string, HistoryEntries>();
  for (const target of work.held) {
    let entries = byUrl.get(target.url);
    if (entries === undefined) byUrl.set(target.url, (entries = new HistoryEntries(target.url)));
    entries.add([target], 'cancelled', true);
  }
  work.cancelled += work.held.length;
  work.held = [];
  work.done = true;
  for (const entries of byUrl.values()) await options.history?.write(notification, entries);
}
