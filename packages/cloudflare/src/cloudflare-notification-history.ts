import {
  cursorAfter,
  DEFAULT_HISTORY_KEEP_MS,
  emptyCounts,
  HISTORY_OUTCOMES,
  listOptions,
  resolveHistoryKeepMs,
  TIMELINE_ATTEMPTS,
  TIMELINE_LIMIT,
  timelineOptions,
  type BroadcastHistory,
  type HistoryCounts,
  type HistoryOutcome,
  type NotificationHistory,
  type TimelineAttempt,
  type TimelineEntry,
} from '@social-webhooks/core';
import { optionsError } from './errors.js';
import { historySql } from './history-sql.js';
import type { Row, Statement } from './sql-runner.js';
import { storageOf, type CloudflareStoreOptions } from './storage.js';

/** Options of {@link cloudflareNotificationHistory}: the storage, the tables' prefix, and how long a notification is kept. */
export type CloudflareNotificationHistoryOptions = CloudflareStoreOptions & {
  /** How long a notification and a user's timeline entry are kept after their last change, in milliseconds. Default 2,592,000,000 (30 days). */
  readonly keepMs?: number;
};

const OUTCOMES: ReadonlySet<string> = new Set(HISTORY_OUTCOMES);

/**
 * A notification history (`history` of `createNotifier`, `createBroadcasts` and the Queues
 * `notificationConsumer`) in D1 or a Durable Object, shared by every instance of a Worker: each
 * batch's outcomes are one call to the storage (a D1 `batch()`, a transaction; one request to the
 * object, run in `transactionSync`), so two writers of one notification add up exactly. Tables
 * `<prefix>history` (a notification), `<prefix>history_counts` (its counters by outcome, reason and
 * client) and `<prefix>history_timeline` (each user's last 100 notifications, 20 attempts each);
 * each row lapses `keepMs` after its last write, and `cleanup()` deletes it.
 *
 * @param options `d1` or `durableObject` (and `name`), `prefix` (default `social_webhooks_`), `keepMs` (default 30 days).
 * @throws {WebhookError} `invalid_options` when neither binding is given, the binding is not of its kind, `prefix` is not a plain lower-case name, or `keepMs` is not a positive integer.
 * @example
 * const history = cloudflareNotificationHistory({ d1: env.DB });
 * const notifier = createNotifier({ store: cloudflareTokenStore({ d1: env.DB }), history });
 * const { broadcasts } = await history.list({ limit: 20 });
 */
export function cloudflareNotificationHistory(options: CloudflareNotificationHistoryOptions): NotificationHistory {
  const name = 'cloudflareNotificationHistory()';
  const { runner, tables } = storageOf(options, name);
  const keepMs = resolveHistoryKeepMs(options.keepMs, DEFAULT_HISTORY_KEEP_MS, (message) => {
    throw optionsError(`${name}: ${message}`);
  });
  const sql = historySql(tables);
  const source = '@social-webhooks/cloudflare: history';

  return {
    async record({ notification, at, entries }) {
      const { notificationId: id, title, body, targetUrl } = notification;
      const counters = new Map<string, [string, string, string, number]>();
      const count = (kind: string, outcome: string, key: string) => {
        const field = JSON.stringify([kind, outcome, key]);
        const counter = counters.get(field);
        if (counter === undefined) counters.set(field, [kind, outcome, key, 1]);
        else counter[3] += 1;
      };
      const users = new Map<number, TimelineAttempt[]>();
      for (const { fid, client, outcome, reason, final } of entries) {
        if (final) {
          count('c', outcome, '');
          count('k', outcome, client);
          if (outcome === 'failed') count('r', outcome, reason ?? 'unknown');
        }
        let attempts = users.get(fid);
        if (attempts === undefined) users.set(fid, (attempts = []));
        attempts.push(reason === undefined ? { at, client, outcome, final } : { at, client, outcome, reason, final });
      }
      const timelines = JSON.stringify([...users].map(([fid, attempts]) => ({ fid, attempts: attempts.slice(-TIMELINE_ATTEMPTS) })));
      const statements: Statement[] = [
        { sql: sql.clearLapsed, params: [id] },
        { sql: sql.upsert, params: [id, title, body, targetUrl, at, keepMs] },
      ];
      if (counters.size > 0) statements.push({ sql: sql.count, params: [id, JSON.stringify([...counters.values()])] });
      if (users.size > 0) {
        statements.push(
          { sql: sql.timeline, params: [id, title, at, keepMs, timelines, TIMELINE_ATTEMPTS] },
          { sql: sql.bound, params: [timelines, TIMELINE_LIMIT] },
        );
      }
      await runner.run(statements);
    },
    async list(listing) {
      const { limit, cursor } = listOptions(listing, `${source}.list()`);
      const params = [cursor?.startedAt ?? null, cursor?.notificationId ?? '', limit + 1];
      const [rows = [], counts = []] = await runner.run([
        { sql: sql.page, params },
        { sql: sql.pageCounts, params },
      ]);
      const broadcasts = rows.map((row) => toHistory(row, counts));
      const page = broadcasts.slice(0, limit);
      const last = page.at(-1);
      return { broadcasts: page, cursor: broadcasts.length > limit && last ? cursorAfter(last.startedAt, last.notificationId) : undefined };
    },
    async get(notificationId) {
      const [[row] = [], counts = []] = await runner.run([
        { sql: sql.get, params: [notificationId] },
        { sql: sql.getCounts, params: [notificationId] },
      ]);
      return row === undefined ? undefined : toHistory(row, counts);
    },
    async timeline(fid, timelineOptionsIn) {
      const limit = timelineOptions(fid, timelineOptionsIn, `${source}.timeline()`);
      const [rows = []] = await runner.run([{ sql: sql.read, params: [fid, Date.now() - keepMs, limit] }]);
      return rows.map((row): TimelineEntry => ({
        notificationId: String(row['notification_id']),
        title: String(row['title']),
        firstAt: Number(row['first_at']),
        lastAt: Number(row['last_at']),
        attempts: JSON.parse(String(row['attempts'])) as TimelineAttempt[],
      }));
    },
  };
}

/** A notification from its row and the counters read with it (those of other notifications left out). */
function toHistory(row: Row, counters: readonly Row[]): BroadcastHistory {
  const notificationId = String(row['notification_id']);
  const counts = emptyCounts();
  const byReason: Record<string, number> = {};
  const byClient: Record<string, HistoryCounts> = {};
  for (const counter of counters) {
    if (String(counter['notification_id']) !== notificationId) continue;
    const [kind, outcome, name, n] = [counter['kind'], String(counter['outcome']), String(counter['name']), Number(counter['n'])];
    if (!OUTCOMES.has(outcome)) continue;
    if (kind === 'c') counts[outcome as HistoryOutcome] = n;
    else if (kind === 'k') (byClient[name] ??= emptyCounts())[outcome as HistoryOutcome] = n;
    else if (kind === 'r') byReason[name] = n;
  }
  return {
    notificationId,
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
