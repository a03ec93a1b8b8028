import { describe, expect, it } from 'vitest';
import { sumProgress } from './broadcast-progress.js';
import { emptyOutcome, type BatchOutcome, type RecordRead } from './batch-outcome.js';

const record = (planned: number, planDone: boolean, jobs: BatchOutcome[], stopped: Record<string, string> = {}): RecordRead => ({
  meta: {
    createdAt: '1000',
    notification: JSON.stringify({ notificationId: 'n', title: 't', body: 'b', targetUrl: 'https://a.example.com/' }),
    planDone: planDone ? '1' : '0',
  },
  planned,
  jobs,
  stopped,
});
const outcome = (counts: Partial<BatchOutcome>): BatchOutcome =>
  emptyOutcome(counts.kind ?? 'batch', counts.targets ?? 100, { requests: 1, ...counts });

describe('sumProgress', () => {
  it('counts the batches not yet run as pending, and is not done while the plan reads', () => {
    const progress = sumProgress('n', record(250, false, [outcome({ successful: 98, invalid: 2 })]));
    expect(progress).toMatchObject({ planned: 250, planning: true, successful: 98, invalid: 2, pending: 150, done: false });
  });

  it('counts handed-on targets as waiting until the job they went to has run, then by its outcome', () => {
    const parent = outcome({ successful: 60, limited: 30, retrying: 10, retryAt: 5000 });
    const waiting = sumProgress('n', record(100, true, [parent]));
    expect(waiting).toMatchObject({ rateLimited: 30, retryAt: 5000, retrying: 10, pending: 0, done: false });
    const limited = outcome({ kind: 'limited', targets: 30, successful: 30 });
    const retried = outcome({ kind: 'retry', targets: 10, failed: { 'the client answered 503': 10 } });
    const settled = sumProgress('n', record(100, true, [parent, limited, retried]));
    expect(settled).toMatchObject({ successful: 90, failed: { 'the client answered 503': 10 }, rateLimited: 0, retryAt: undefined });
    expect(settled).toMatchObject({ retrying: 0, pending: 0, requests: 3, done: true });
  });

  it('lists the clients that refused the notification, and counts their skipped targets remaining', () => {
    const jobs = [outcome({ failed: { domain_mismatch: 100 } }), outcome({ requests: 0, remaining: 100 })];
    const progress = sumProgress('n', record(200, true, jobs, { 'https://client.example/notify': 'domain_mismatch' }));
    expect(progress).toMatchObject({
      remaining: 100,
      done: true,
      stopped: [{ url: 'https://client.example/notify', reason: 'domain_mismatch' }],
    });
  });

  it('is done for a cancelled broadcast once its plan stopped and no request is on the wire, counting what waits cancelled', () => {
    const read = record(300, true, [
      outcome({ successful: 100 }),
      outcome({ requests: 0, cancelled: 100 }),
      outcome({ successful: 50, limited: 50 }),
    ]);
    const cancelled = { ...read, meta: { ...read.meta, cancelledAt: '2000' } };
    expect(sumProgress('n', cancelled, 1)).toMatchObject({ successful: 150, cancelled: 100, rateLimited: 50, done: false });
    const stopped = sumProgress('n', cancelled, 0);
    expect(stopped).toMatchObject({ successful: 150, cancelled: 150, pending: 0, rateLimited: 0, cancelledAt: 2000, done: true });
    expect(stopped.successful + stopped.cancelled).toBe(stopped.planned);
    const planning = { ...cancelled, meta: { ...cancelled.meta, planDone: '0' } };
    expect(sumProgress('n', planning, 0)).toMatchObject({ cancelled: 100, done: false });
  });

  it('reads a broadcast not cancelled as such: cancelled 0, cancelledAt undefined', () => {
    expect(sumProgress('n', record(100, true, [outcome({ successful: 100 })]))).toMatchObject({
      cancelled: 0,
      cancelledAt: undefined,
      done: true,
    });
  });
});
