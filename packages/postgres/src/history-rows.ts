import { emptyCounts, HISTORY_OUTCOMES, type BroadcastHistory, type HistoryCounts, type HistoryOutcome } from '@social-webhooks/core';
import type { PostgresRow } from './query.js';

const OUTCOMES: ReadonlySet<string> = new Set(HISTORY_OUTCOMES);

/**
 * A notification's history from its row: the counters' fields are the Redis hash's (`c|<outcome>`,
 * `k|<outcome>|<client>`, `r|<reason>`), read the same way, so both stores answer alike.
 */
export function toHistory(row: PostgresRow): BroadcastHistory {
  const counts = emptyCounts();
  const byReason: Record<string, number> = {};
  const byClient: Record<string, HistoryCounts> = {};
  for (const [field, value] of Object.entries(JSON.parse(String(row['counts'])) as Record<string, number>)) {
    const [kind, outcome, ...rest] = field.split('|');
    if (kind === 'c' && OUTCOMES.has(outcome!)) counts[outcome as HistoryOutcome] = Number(value);
    else if (kind === 'r') byReason[[outcome, ...rest].join('|')] = Number(value);
    else if (kind === 'k' && OUTCOMES.has(outcome!))
      (byClient[rest.join('|')] ??= emptyCounts())[outcome as HistoryOutcome] = Number(value);
  }
  return {
    notificationId: String(row['notification_id']),
    title: String(row['title']),
    body: String(row['body']),
    targetUrl: String(row['target_url']),
    startedAt: Number(row['started_at']),
    updatedAt: Number(row['updated_at']),
    counts,
    byReason,
    byClient,
  };
}
