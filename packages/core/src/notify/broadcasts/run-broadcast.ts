import type { BatchContext } from '../deliver-batch.js';
import { sleep } from '../in-flight.js';
import type { ResolvedNotifierOptions } from '../notifier-options.js';
import { audiencePages, type AudiencePage } from './audience-pages.js';
import { recordGate } from './batch-gate.js';
import { MAX_BROADCAST_HELD } from './broadcast-state.js';
import type { BroadcastRecordStore } from './record-store.js';
import { closeCancelled } from './cancel-broadcast.js';
import { sendStep, writeDropped } from './send-step.js';
import { Work, type StepTarget } from './work.js';

/** What one run of broadcasts shares: the options, the record store, this run's lease owner and its deadline. */
export interface RunContext {
  readonly options: ResolvedNotifierOptions;
  readonly records: BroadcastRecordStore;
  readonly owner: string;
  readonly leaseMs: number;
  readonly deadline: number;
  /** Time kept free after a request's timeout, for the limiter's claim and confirm and the record's save. */
  readonly marginMs: number;
}

/** What came of working one broadcast: worked on (saved), another run holds it, or it is gone or done. */
export type RunOutcome = 'worked' | 'busy' | 'lost' | 'idle';

/**
 * Works one broadcast under its lease until it is done or the deadline is near: step by step, each
 * step the held targets whose time has come and the next pages of the audience (about `concurrency`
 * full batches), sent, then saved with the cursor after its last page. A run killed mid-step has
 * saved nothing of that step: the next run reads its pages again and sends them under the same
 * `notificationId` (the limiter answers `sent` for the confirmed, and the client dedupes the rest).
 */
export async function runBroadcast(context: RunContext, id: string): Promise<RunOutcome> {
  const { options, records, owner, leaseMs, deadline, marginMs } = context;
  const stepTime = options.timeoutMs + marginMs;
  if (deadline - Date.now() < stepTime) return 'idle';
  if (!(await records.acquire(id, owner, leaseMs))) return 'busy';
  let lost = false;
  let pages: AsyncGenerator<AudiencePage> | undefined;
  try {
    const record = await records.get(id);
    if (record === undefined || record.state.done) return 'idle';
    const { plan } = record;
    const work = new Work(record.state);
    /** Saves the state under the lease (held `extraMs` longer); false when another run has taken it. */
    const saved = async (extraMs = 0): Promise<boolean> => {
      lost = !(await records.save(id, owner, work.toState(), leaseMs + extraMs));
      return !lost;
    };
    // Cancelled, and not closed by cancel(): a run held the lease then (and may have been killed).
    if (record.cancelledAt !== undefined) {
      await closeCancelled(options, plan.notification, work);
      return (await saved()) ? 'worked' : 'lost';
    }
    // Scheduled for later: left for a run after `at`.
    if (record.state.notBefore !== undefined && record.state.notBefore > Date.now()) return 'idle';
    work.runs += 1;
    const batch: BatchContext = {
      fetch: options.fetch,
      store: options.store,
      limiter: options.limiter,
      timeoutMs: options.timeoutMs,
      retryLimitedAfterMs: options.rateLimitRetryMs,
      now: Date.now,
    };
    const gate = recordGate(records, id, options.timeoutMs + marginMs);
    const step = { options, batch, notification: plan.notification, deadline, marginMs, expiresAt: plan.expiresAt, gate };
    const stepSize = options.concurrency * 100;

    while (deadline - Date.now() >= stepTime) {
      const targets: StepTarget[] = work.takeDue(Date.now(), stepSize);
      await writeDropped(step, work);
      // Reads on only while the held targets fit the record: a step's rate-limited targets are held.
      while (targets.length < stepSize && !work.listed && work.held.length + targets.length < MAX_BROADCAST_HELD) {
        pages ??= audiencePages(options.store, plan, work.cursor);
        const next = await pages.next();
        if (next.done === true) {
          work.listed = true;
          work.cursor = null;
          break;
        }
        work.cursor = next.value.cursor;
        work.listed = next.value.cursor === null;
        work.targets += next.value.targets.length;
        for (const target of next.value.targets) targets.push({ ...target, attempt: 0 });
      }
      if (targets.length > 0) {
        await sendStep(step, work, targets);
        // A batch found the broadcast cancelled: nothing more is read or sent.
        if (work.cancelSeen) await closeCancelled(options, plan.notification, work);
        work.done ||= work.listed && work.held.length === 0;
        if (!(await saved())) return 'lost';
        if (work.done) break;
        continue;
      }
      const due = work.nextDue();
      if (due === undefined) {
        work.done = work.listed;
        break;
      }
      // Only targets held for later: wait for the first within the run's time and `rateLimitWaitMs`,
      // else leave them in the record for the next run.
      const wait = due - Date.now();
      if (wait > options.rateLimitWaitMs || due + stepTime > deadline) break;
      if (!(await saved(wait))) return 'lost';
      if (options.onWait !== undefined) await hookWait(options, { ms: wait, tokens: work.held.length, until: due });
      await sleep(wait);
    }
    return (await saved()) ? 'worked' : 'lost';
  } finally {
    await pages?.return(undefined);
    if (!lost) await records.release(id, owner);
  }
}

async function hookWait(options: ResolvedNotifierOptions, wait: { ms: number; tokens: number; until: number }): Promise<void> {
  try {
    await options.onWait?.(wait);
  } catch (error) {
    options.logger.error('social-webhooks: the onWait hook threw', { code: 'hook_failed', error });
  }
}
