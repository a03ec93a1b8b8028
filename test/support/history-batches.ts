import { HISTORY_OUTCOMES, type HistoryBatch, type HistoryEntry } from '@social-webhooks/core';
import { digest } from './history-scenario.js';

/**
 * Batches that reach every bound and branch of a history, the same on each run: 105 notifications
 * to user 1 (the timeline keeps the last 100), 26 attempts of user 2 at one notification (20 kept),
 * three notifications started in the same millisecond (the list's ties), every outcome, reasons
 * with a `|` in them, one user reached through two clients in one batch, and attempts tried again
 * (`final: false`) before their last one. Their times are `base` and after, in order.
 */
export function historyBatches(base: number): HistoryBatch[] {
  const batches: HistoryBatch[] = [];
  const clients = ['9152', 'x.example', '309857'];
  for (let index = 0; index < 105; index++) {
    const entries: HistoryEntry[] = [];
    for (let fid = 1; fid <= 12; fid++) {
      if (fid > 1 && (index + fid) % 3 === 0) continue;
      const outcome = HISTORY_OUTCOMES[(index + fid) % HISTORY_OUTCOMES.length]!;
      const reason = outcome === 'failed' ? (fid % 2 === 0 ? 'client_error|410' : 'timeout') : undefined;
      entries.push({ fid, client: clients[(index * fid) % 3]!, outcome, final: true, ...(reason !== undefined && { reason }) });
    }
    if (index % 10 === 0) entries.push({ fid: 3, client: 'x.example', outcome: 'successful', final: true });
    const notification = { ...digest, notificationId: `n-${index}`, title: `Digest ${index}` };
    batches.push({ notification, at: base + index * 10, entries });
  }
  const retried = { ...digest, notificationId: 'n-retried' };
  for (let attempt = 0; attempt < 25; attempt++) {
    const entry: HistoryEntry = { fid: 2, client: '9152', outcome: 'rateLimited', reason: 'rate_limited', final: false };
    batches.push({ notification: retried, at: base + 1_100 + attempt, entries: [entry] });
  }
  batches.push({ notification: retried, at: base + 1_200, entries: [{ fid: 2, client: '9152', outcome: 'successful', final: true }] });
  for (const id of ['tie-b', 'tie-a', 'tie-c']) {
    const entries: HistoryEntry[] = [{ fid: 4, client: '9152', outcome: 'invalid', final: true }];
    batches.push({ notification: { ...digest, notificationId: id }, at: base + 1_300, entries });
  }
  return batches;
}
