import { HISTORY_OUTCOMES, type BroadcastHistory, type HistoryCounts, type TimelineEntry } from '@social-webhooks/core';

const SHORT: Record<keyof HistoryCounts, string> = {
  successful: 'sent',
  alreadySent: 'already',
  invalid: 'invalid',
  rateLimited: 'limited',
  failed: 'failed',
  expired: 'expired',
  remaining: 'remaining',
  cancelled: 'cancelled',
};

const time = (ms: number) => new Date(ms).toISOString().replace(/\.\d+Z$/, 'Z');

/** Columns padded to their widest cell. */
export function table(rows: readonly (readonly string[])[]): string[] {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows.map((row) =>
    row
      .map((cell, column) => cell.padEnd(widths[column]!))
      .join('  ')
      .trimEnd(),
  );
}

/** One row per notification: when, its id, its title, and its counts. */
export function describeList(broadcasts: readonly BroadcastHistory[]): string[] {
  const header = ['STARTED', 'NOTIFICATION', 'TITLE', ...HISTORY_OUTCOMES.map((outcome) => SHORT[outcome].toUpperCase())];
  const rows = broadcasts.map((kept) => [
    time(kept.startedAt),
    kept.notificationId,
    kept.title,
    ...HISTORY_OUTCOMES.map((outcome) => String(kept.counts[outcome])),
  ]);
  return table([header, ...rows]);
}

/** A notification: what it said, its counts, its failures by reason, and a row per client. */
export function describeOne(kept: BroadcastHistory): string[] {
  const counts = (of: HistoryCounts) => HISTORY_OUTCOMES.map((outcome) => String(of[outcome]));
  const header = ['CLIENT', ...HISTORY_OUTCOMES.map((outcome) => SHORT[outcome].toUpperCase())];
  const clients = Object.entries(kept.byClient).map(([client, of]) => [client, ...counts(of)]);
  const reasons = Object.entries(kept.byReason).map(([reason, count]) => `  ${reason}: ${count}`);
  return [
    `${kept.notificationId}: "${kept.title}" (${kept.body}) -> ${kept.targetUrl}`,
    `started ${time(kept.startedAt)}, last change ${time(kept.updatedAt)}`,
    '',
    ...table([header, ['all', ...counts(kept.counts)], ...clients]),
    ...(reasons.length > 0 ? ['', 'failed by reason:', ...reasons] : []),
  ];
}

/** A user's timeline: a row per notification with its attempts, oldest first. */
export function describeTimeline(fid: number, entries: readonly TimelineEntry[]): string[] {
  if (entries.length === 0) return [`No notification recorded for FID ${fid}.`];
  const rows = entries.map((entry) => [
    time(entry.firstAt),
    entry.notificationId,
    entry.title,
    entry.attempts
      .map((attempt) => `${attempt.outcome}${attempt.reason === undefined ? '' : ` (${attempt.reason})`}@${attempt.client}`)
      .join(', then '),
  ]);
  return [
    `FID ${fid}: ${entries.length} notification(s), newest first`,
    ...table([['FIRST SENT', 'NOTIFICATION', 'TITLE', 'ATTEMPTS'], ...rows]),
  ];
}
