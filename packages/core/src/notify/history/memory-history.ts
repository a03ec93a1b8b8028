import { WebhookError } from '../../errors.js';
import {
  DEFAULT_HISTORY_KEEP_MS,
  emptyCounts,
  TIMELINE_ATTEMPTS,
  TIMELINE_LIMIT,
  type BroadcastHistory,
  type HistoryCounts,
  type NotificationHistory,
  type TimelineAttempt,
  type TimelineEntry,
} from './history.js';
import { cursorAfter, isAfter, listOptions, resolveHistoryKeepMs, timelineOptions } from './history-page.js';

/** Options of {@link memoryNotificationHistory}. */
export interface MemoryNotificationHistoryOptions {
  /** How long a notification and a user's timeline are kept after their last change, in milliseconds. Default 2,592,000,000 (30 days). */
  readonly keepMs?: number;
  /** The clock, in milliseconds since the epoch. Default `Date.now`. */
  readonly now?: () => number;
}

interface Kept {
  notificationId: string;
  title: string;
  body: string;
  targetUrl: string;
  startedAt: number;
  updatedAt: number;
  counts: HistoryCounts;
  byReason: Record<string, number>;
  byClient: Record<string, HistoryCounts>;
}

interface KeptEntry {
  notificationId: string;
  title: string;
  firstAt: number;
  lastAt: number;
  attempts: TimelineAttempt[];
}

/**
 * A {@link NotificationHistory} in this process's memory: for tests, development, and one process
 * whose history may be lost with it. Each notification and each user's timeline (the last 100
 * notifications, 20 attempts each) lapse `keepMs` after their last change. Several processes need a
 * shared one: `redisNotificationHistory({ client })` from `@social-webhooks/redis`.
 *
 * @param options `keepMs` (default 30 days), `now` (default `Date.now`).
 * @throws {WebhookError} `invalid_options` when `keepMs` is not a positive integer or `now` not a function.
 * @example
 * const history = memoryNotificationHistory();
 * const notifier = createNotifier({ store: tokens, history });
 * const sent = await history.get('digest-2026-11-27'); // counts, byReason, byClient
 */
export function memoryNotificationHistory(options: MemoryNotificationHistoryOptions = {}): NotificationHistory {
  const source = '@social-webhooks/core: memoryNotificationHistory()';
  const fail = (message: string): never => {
    throw new WebhookError('invalid_options', `${source}: ${message}`);
  };
  if (typeof options !== 'object' || options === null) fail('takes an options object, or nothing: memoryNotificationHistory().');
  const keepMs = resolveHistoryKeepMs(options.keepMs, DEFAULT_HISTORY_KEEP_MS, fail);
  const now = options.now ?? Date.now;
  if (typeof now !== 'function') fail('`now` must be a function answering milliseconds since the epoch.');
  const broadcasts = new Map<string, Kept>();
  const timelines = new Map<number, { lastAt: number; entries: Map<string, KeptEntry> }>();
  const copy = <T>(value: T): T => structuredClone(value);
  const live = (lastAt: number) => lastAt > now() - keepMs;

  return {
    async record({ notification, at, entries }) {
      const { notificationId, title, body, targetUrl } = notification;
      let kept = broadcasts.get(notificationId);
      if (kept === undefined || !live(kept.updatedAt)) {
        kept = { notificationId, title, body, targetUrl, startedAt: at, updatedAt: at, counts: emptyCounts(), byReason: {}, byClient: {} };
        broadcasts.set(notificationId, kept);
      }
      kept.updatedAt = Math.max(kept.updatedAt, at);
      for (const { fid, client, outcome, reason, final } of entries) {
        if (final) {
          kept.counts[outcome] += 1;
          (kept.byClient[client] ??= emptyCounts())[outcome] += 1;
          if (outcome === 'failed') kept.byReason[reason ?? 'unknown'] = (kept.byReason[reason ?? 'unknown'] ?? 0) + 1;
        }
        let timeline = timelines.get(fid);
        if (timeline === undefined || !live(timeline.lastAt)) timelines.set(fid, (timeline = { lastAt: at, entries: new Map() }));
        timeline.lastAt = at;
        let entry = timeline.entries.get(notificationId);
        if (entry === undefined) {
          entry = { notificationId, title, firstAt: at, lastAt: at, attempts: [] };
          timeline.entries.set(notificationId, entry);
          // The oldest by first attempt (ties by id), as the other stores rank them, dropped past the limit.
          if (timeline.entries.size > TIMELINE_LIMIT)
            timeline.entries.delete([...timeline.entries.values()].sort(newestFirst).at(-1)!.notificationId);
        }
        entry.lastAt = at;
        entry.attempts.push(reason === undefined ? { at, client, outcome, final } : { at, client, outcome, reason, final });
        if (entry.attempts.length > TIMELINE_ATTEMPTS) entry.attempts.shift();
      }
      if (broadcasts.size % 1000 === 0) prune();
    },
    async list(listing) {
      const { limit, cursor } = listOptions(listing, '@social-webhooks/core: history.list()');
      prune();
      const sorted = [...broadcasts.values()]
        .filter((kept) => isAfter(cursor, kept.startedAt, kept.notificationId))
        .sort((a, b) => b.startedAt - a.startedAt || (a.notificationId < b.notificationId ? 1 : -1));
      const page = sorted.slice(0, limit);
      const last = page.at(-1);
      return {
        broadcasts: page.map((kept) => copy(kept) as BroadcastHistory),
        cursor: sorted.length > limit && last !== undefined ? cursorAfter(last.startedAt, last.notificationId) : undefined,
      };
    },
    async get(notificationId) {
      const kept = broadcasts.get(notificationId);
      return kept === undefined || !live(kept.updatedAt) ? undefined : (copy(kept) as BroadcastHistory);
    },
    async timeline(fid, timelineOptionsIn) {
      const limit = timelineOptions(fid, timelineOptionsIn, '@social-webhooks/core: history.timeline()');
      const timeline = timelines.get(fid);
      if (timeline === undefined || !live(timeline.lastAt)) return [];
      return [...timeline.entries.values()]
        .filter((entry) => live(entry.firstAt))
        .sort(newestFirst)
        .slice(0, limit)
        .map((entry) => copy(entry) as TimelineEntry);
    },
  };

  /** Newest first by the first attempt, ties on the same millisecond by id, descending: list()'s order, and Redis's, PostgreSQL's and SQLite's. */
  function newestFirst(a: KeptEntry, b: KeptEntry): number {
    return b.firstAt - a.firstAt || (a.notificationId < b.notificationId ? 1 : a.notificationId > b.notificationId ? -1 : 0);
  }

  function prune(): void {
    for (const [id, kept] of broadcasts) if (!live(kept.updatedAt)) broadcasts.delete(id);
    for (const [fid, timeline] of timelines) if (!live(timeline.lastAt)) timelines.delete(fid);
  }
}
