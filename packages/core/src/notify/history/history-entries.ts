import type { BatchResult } from '../deliver-batch.js';
import type { BatchTarget } from '../notification.js';
import { historyClient, type HistoryEntry, type HistoryOutcome } from './history.js';

/**
 * A batch's entries, collected as its sender decides each target's fate, then written in one call.
 * Every target of a notification gets exactly one `final` entry over its batches, so the history's
 * counts are the report's.
 */
export class HistoryEntries {
  readonly list: HistoryEntry[] = [];

  constructor(readonly url: string) {}

  add(targets: Iterable<BatchTarget>, outcome: HistoryOutcome, final: boolean, reason?: string): void {
    for (const { fid, appFid } of targets) {
      const client = historyClient(appFid, this.url);
      this.list.push(reason === undefined ? { fid, client, outcome, final } : { fid, client, outcome, final, reason });
    }
  }

  /** The outcomes `deliverBatch` settled: successful, already sent, invalid, failed, cancelled (the caller adds the rate-limited and the retry). */
  addSettled(result: BatchResult): void {
    this.add(result.successful, 'successful', true);
    this.add(result.alreadySent, 'alreadySent', true);
    this.add(result.invalid, 'invalid', true);
    for (const { target, reason } of result.failed) this.add([target], 'failed', true, reason);
    this.add(result.cancelled, 'cancelled', true);
  }
}
