import { HISTORY_OUTCOMES, type HistoryBatch, type HistoryEntry, type HistoryPage, type NotificationHistory } from '@social-webhooks/core';
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

/**
 * Outcomes, reasons and clients spread over 180 users and 4 notifications (`n-0` to `n-3`), in
 * batches of at most 100: some attempts tried again (not final) before their last, some failed
 * without a reason. Their times are `base` and after, 7 ms apart.
 */
export function spreadBatches(base: number): HistoryBatch[] {
  const out: HistoryBatch[] = [];
  let at = base;
  for (let n = 0; n < 4; n++) {
    const notification = { notificationId: `n-${n}`, title: `T${n}`, body: `B${n}`, targetUrl: 'https://app.example.com/' };
    for (let round = 0; round < 3; round++) {
      const entries: HistoryEntry[] = [];
      for (let fid = 1 + round * 60; fid <= Math.min(180, 100 + round * 60); fid++) {
        const client = fid % 3 === 0 ? 'client.example' : fid % 3 === 1 ? '9152' : '309857';
        const outcome = HISTORY_OUTCOMES[(fid + n + round) % HISTORY_OUTCOMES.length]!;
        const final = (fid + round) % 4 !== 0;
        const reason = outcome === 'failed' ? (fid % 5 === 0 ? undefined : `reason-${fid % 3}`) : final ? undefined : 'retry';
        entries.push(reason === undefined ? { fid, client, outcome, final } : { fid, client, outcome, final, reason });
      }
      out.push({ notification, at: (at += 7), entries });
    }
  }
  return out;
}

/** Every page of `history.list()`, `limit` a page, following each cursor to the end. */
export async function historyPages(history: NotificationHistory, limit: number): Promise<HistoryPage[]> {
  const pages: HistoryPage[] = [];
  let cursor: string | undefined;
  do {
    const page = await history.list({ limit, ...(cursor !== undefined && { cursor }) });
    pages.push(page);
    cursor = page.cursor;
  } while (cursor !== undefined);
  return pages;
}
