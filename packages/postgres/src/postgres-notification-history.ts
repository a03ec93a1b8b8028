import {
  cursorAfter,
  DEFAULT_HISTORY_KEEP_MS,
  listOptions,
  resolveHistoryKeepMs,
  TIMELINE_ATTEMPTS,
  TIMELINE_LIMIT,
  timelineOptions,
  type NotificationHistory,
  type TimelineAttempt,
} from '@social-webhooks/core';
import { toHistory } from './history-rows.js';
import { getHistorySql, listHistorySql, recordHistorySql, timelineSql } from './history-sql.js';
import { checkClient, optionsError, run, type PostgresQueryable } from './query.js';
import { runRetried } from './run-retried.js';
import { tablesOf } from './tables.js';

/** Options of {@link postgresNotificationHistory}. */
export interface PostgresNotificationHistoryOptions {
  /** A `pg` Pool or Client, Neon's Pool, `fromPostgresJs(sql)`, or any {@link PostgresQueryable}. Required. */
  readonly client: PostgresQueryable;
  /** The tables' prefix, as given to `migrate()`. Default `social_webhooks_`. */
  readonly prefix?: string;
  /** How long a notification and a user's timeline entry are kept after their last change (an entry: after its first attempt), in milliseconds. Default 2,592,000,000 (30 days). */
  readonly keepMs?: number;
}

/**
 * A notification history (`history` of `createNotifier`, `createBroadcasts` and the BullMQ
 * `notificationWorker`) in PostgreSQL, shared by every instance, with the Redis history's answers:
 * a row per notification in `<prefix>history` (its counters by outcome, reason and client in one
 * `jsonb`), a row per user and notification in `<prefix>timelines` (the last 100 notifications per
 * user, 20 attempts each). Each batch is one statement: both upserts and the timelines' trimming,
 * so two instances writing batches of one notification at once add up. A notification lapses
 * `keepMs` after its last batch (the server's clock); `cleanup()` deletes the rows past it.
 *
 * @param options `client` (required), `prefix` (default `social_webhooks_`), `keepMs` (default 30 days).
 * @throws {WebhookError} `invalid_options` when `client` has no `query` method, `prefix` is not a plain lower-case name, or `keepMs` not a positive integer.
 * @example
 * const history = postgresNotificationHistory({ client: pool });
 * const notifier = createNotifier({ store: postgresTokenStore({ client: pool }), history });
 * const { broadcasts } = await history.list({ limit: 20 });
 */
export function postgresNotificationHistory(options: PostgresNotificationHistoryOptions): NotificationHistory {
  const name = 'postgresNotificationHistory()';
  const fail = (message: string): never => {
    throw optionsError(`${name}: ${message}`);
  };
  if (typeof options !== 'object' || options === null)
    throw optionsError(`${name} takes an options object: postgresNotificationHistory({ client }).`);
  const client = checkClient(options.client, name);
  const tables = tablesOf(options.prefix, name);
  const keepMs = resolveHistoryKeepMs(options.keepMs, DEFAULT_HISTORY_KEEP_MS, fail);
  const RECORD = recordHistorySql(tables);
  const GET = getHistorySql(tables);
  const LIST = listHistorySql(tables);
  const TIMELINE = timelineSql(tables);

  return {
    async record({ notification, at, entries }) {
      const { notificationId, title, body, targetUrl } = notification;
      const rows = entries.map(({ fid, client: app, outcome, final, reason }) => [fid, app, outcome, final ? 1 : 0, reason ?? '']);
      const values = [notificationId, title, body, targetUrl, String(at), String(keepMs), JSON.stringify(rows)];
      await runRetried(client, RECORD, [...values, String(TIMELINE_LIMIT), String(TIMELINE_ATTEMPTS)]);
    },
    async list(listing) {
      const { limit, cursor } = listOptions(listing, '@social-webhooks/postgres: history.list()');
      const values = [cursor === undefined ? null : String(cursor.startedAt), cursor?.notificationId ?? null, String(limit + 1)];
      const broadcasts = (await run(client, LIST, values)).map(toHistory);
      const page = broadcasts.slice(0, limit);
      const last = page.at(-1);
      return { broadcasts: page, cursor: broadcasts.length > limit && last ? cursorAfter(last.startedAt, last.notificationId) : undefined };
    },
    async get(notificationId) {
      const [row] = await run(client, GET, [notificationId]);
      return row === undefined ? undefined : toHistory(row);
    },
    async timeline(fid, timelineOptionsIn) {
      const limit = timelineOptions(fid, timelineOptionsIn, '@social-webhooks/postgres: history.timeline()');
      const rows = await run(client, TIMELINE, [String(fid), String(Date.now() - keepMs), String(limit)]);
      return rows.map((row) => ({
        notificationId: String(row['notification_id']),
        title: String(row['title']),
        firstAt: Number(row['first_at']),
        lastAt: Number(row['last_at']),
        attempts: JSON.parse(String(row['attempts'])) as TimelineAttempt[],
      }));
    },
  };
}
