import type { ArchivedDelivery, DeliveryArchiveReader } from '../types.js';

/** At most this many deliveries are read for one overview, newest first; the page says when it stopped there. */
export const MAX_SCANNED = 20_000;
const PAGE = 500;
const HOUR = 60 * 60 * 1000;

/** Deliveries counted by hour (its start, in ms), sender and outcome code. */
export interface HourlyCounts {
  /** `sender code` pairs seen, sorted. */
  readonly columns: readonly (readonly [sender: string, code: string])[];
  /** Hours, newest first, each with a count per column. */
  readonly rows: readonly { readonly hour: number; readonly counts: readonly number[] }[];
  readonly scanned: number;
  /** Whether more deliveries were in the window than {@link MAX_SCANNED}. */
  readonly truncated: boolean;
}

/** Reads the archive from `since` on, a page at a time, and counts what it read. */
export async function hourlyCounts(archive: DeliveryArchiveReader, since: number): Promise<HourlyCounts> {
  const seen: ArchivedDelivery[] = [];
  let cursor: string | undefined;
  do {
    const page = await archive.list({ since, limit: PAGE, ...(cursor !== undefined && { cursor }) });
    seen.push(...page.deliveries);
    cursor = page.cursor;
  } while (cursor !== undefined && seen.length < MAX_SCANNED);
  const keyed = new Map<string, readonly [string, string]>();
  const byHour = new Map<number, Map<string, number>>();
  for (const delivery of seen.slice(0, MAX_SCANNED)) {
    const column = `${delivery.sender}\u0000${delivery.code}`;
    keyed.set(column, [delivery.sender, delivery.code]);
    const hour = Math.floor(delivery.receivedAt / HOUR) * HOUR;
    const counts = byHour.get(hour) ?? new Map<string, number>();
    counts.set(column, (counts.get(column) ?? 0) + 1);
    byHour.set(hour, counts);
  }
  const keys = [...keyed.keys()].sort();
  return {
    columns: keys.map((key) => keyed.get(key)!),
    rows: [...byHour.entries()]
      .sort(([a], [b]) => b - a)
      .map(([hour, counts]) => ({ hour, counts: keys.map((key) => counts.get(key) ?? 0) })),
    scanned: Math.min(seen.length, MAX_SCANNED),
    truncated: seen.length > MAX_SCANNED || cursor !== undefined,
  };
}
