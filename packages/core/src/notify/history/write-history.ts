import type { Notification } from '../notification.js';
import { HistoryEntries } from './history-entries.js';
import type { HistoryWriter } from './history-writer.js';

/**
 * Collects one batch's entries (one client URL) with `fill`, then writes them to `history` in one
 * call, if there is one (`fill` runs either way: a sender may count as it fills). What every sender
 * does with a batch it skips or settles.
 */
export async function writeHistory(
  history: HistoryWriter | undefined,
  notification: Notification,
  url: string,
  fill: (entries: HistoryEntries) => void,
): Promise<void> {
  const entries = new HistoryEntries(url);
  fill(entries);
  await history?.write(notification, entries);
}
