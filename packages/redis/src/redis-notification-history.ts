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
  WebhookError,
  type BroadcastHistory,
  type HistoryCounts,
  type HistoryOutcome,
  type NotificationHistory,
  type TimelineEntry,
} from '@social-webhooks/core';
import { toEvalClient, type RedisStoreClient } from './eval-client.js';
import { GET_HISTORY, LIST_HISTORY, RECORD_HISTORY, TIMELINE_HISTORY } from './history-scripts.js';
import { asArray, unmark } from './replies.js';

/** Options of {@link redisNotificationHistory}. */
export interface RedisNotificationHistoryOptions {
  /** A connected client: `createClient({ url })` from `redis`, `Redis.fromEnv()` from `@upstash/redis`, or ioredis through the wrapper of `redisStore()`. Required. */
  readonly client: RedisStoreClient;
  /** Put before every key. Default `social-webhooks:history:`. */
  readonly prefix?: string;
  /** How long a notification and a user's timeline are kept after their last change, in milliseconds. Default 2,592,000,000 (30 days). */
  readonly keepMs?: number;
}

/** The default key prefix of the notification history. */
export const DEFAULT_HISTORY_PREFIX = 'social-webhooks:history:';

const OUTCOMES: ReadonlySet<string> = new Set(HISTORY_OUTCOMES);

/**
 * A notification history (`history` of `createNotifier`, `createBroadcasts` and the BullMQ
 * `notificationWorker`) in Redis, shared by every process: each batch's outcomes are one `EVAL`
 * (counters by outcome, reason and client in a hash per notification, `<prefix>b:<id>`; each user's
 * timeline in `<prefix>u:<fid>`, the last 100 notifications with 20 attempts each), and every key
 * lapses `keepMs` after its last write. On one server or shard (the script names the users' keys).
 *
 * @param options `client` (required), `prefix` (default `social-webhooks:history:`), `keepMs` (default 30 days).
 * @throws {WebhookError} `invalid_options` when `client` is neither a client with an `eval` method nor an `@upstash/redis` `Redis`, `prefix` is not a non-empty string, or `keepMs` not a positive integer.
 * @example
 * const history = redisNotificationHistory({ client });
 * const notifier = createNotifier({ store: redisTokenStore({ client }), history });
 * const { broadcasts } = await history.list({ limit: 20 });
 */
export function redisNotificationHistory(options: RedisNotificationHistoryOptions): NotificationHistory {
  const fail = (message: string): never => {
    throw new WebhookError('invalid_options', `@social-webhooks/redis: redisNotificationHistory(): ${message}`);
  };
  if (typeof options !== 'object' || options === null) fail('takes an options object: redisNotificationHistory({ client }).');
  const client = toEvalClient(options.client, fail);
  const prefix = options.prefix ?? DEFAULT_HISTORY_PREFIX;
  if (typeof prefix !== 'string' || prefix === '') fail(`\`prefix\` must be a non-empty string (default "${DEFAULT_HISTORY_PREFIX}").`);
  const keepMs = resolveHistoryKeepMs(options.keepMs, DEFAULT_HISTORY_KEEP_MS, fail);
  const list = `${prefix}list`;
  const call = (script: string, keys: string[], args: string[]) => client.eval(script, { keys, arguments: args });

  return {
    async record({ notification, at, entries }) {
      const { notificationId: id, title, body, targetUrl } = notification;
      const rows = entries.map(({ fid, client: app, outcome, final, reason }) => [fid, app, outcome, final ? 1 : 0, reason ?? '']);
      const args = [prefix, id, title, body, targetUrl, String(at), String(keepMs), String(TIMELINE_LIMIT), String(TIMELINE_ATTEMPTS)];
      await call(RECORD_HISTORY, [`${prefix}b:${id}`, list], [...args, JSON.stringify(rows)]);
    },
    async list(listing) {
      const { limit, cursor } = listOptions(listing, '@social-webhooks/redis: history.list()');
      const args = [prefix, String(limit + 1), cursor === undefined ? '' : String(cursor.startedAt), cursor?.notificationId ?? ''];
      const reply = asArray(await call(LIST_HISTORY, [list], args), 'history list');
      const broadcasts: BroadcastHistory[] = [];
      for (let index = 0; index < reply.length; index += 2) {
        broadcasts.push(toHistory(unmark(reply[index], 'history list'), asArray(reply[index + 1], 'history list')));
      }
      const page = broadcasts.slice(0, limit);
      const last = page.at(-1);
      return { broadcasts: page, cursor: broadcasts.length > limit && last ? cursorAfter(last.startedAt, last.notificationId) : undefined };
    },
    async get(notificationId) {
      const reply = asArray(await call(GET_HISTORY, [`${prefix}b:${notificationId}`], []), 'history read');
      return reply.length === 0 ? undefined : toHistory(notificationId, reply);
    },
    async timeline(fid, timelineOptionsIn) {
      const limit = timelineOptions(fid, timelineOptionsIn, '@social-webhooks/redis: history.timeline()');
      const keys = [`${prefix}u:${fid}`, `${prefix}ut:${fid}`];
      const reply = asArray(await call(TIMELINE_HISTORY, keys, [String(limit), String(Date.now() - keepMs)]), 'history timeline');
      return reply.map((entry) => JSON.parse(unmark(entry, 'history timeline')) as TimelineEntry);
    },
  };
}

/** A notification's history from its hash's fields and values, each after MARK. */
function toHistory(notificationId: string, reply: unknown[]): BroadcastHistory {
  const fields = new Map<string, string>();
  for (let index = 0; index < reply.length; index += 2) {
    fields.set(unmark(reply[index], 'history read'), unmark(reply[index + 1], 'history read'));
  }
  const counts = emptyCounts();
  const byReason: Record<string, number> = {};
  const byClient: Record<string, HistoryCounts> = {};
  for (const [field, value] of fields) {
    const [kind, outcome, ...rest] = field.split('|');
    if (kind === 'c' && OUTCOMES.has(outcome!)) counts[outcome as HistoryOutcome] = Number(value);
    else if (kind === 'r') byReason[[outcome, ...rest].join('|')] = Number(value);
    else if (kind === 'k' && OUTCOMES.has(outcome!))
      (byClient[rest.join('|')] ??= emptyCounts())[outcome as HistoryOutcome] = Number(value);
  }
  return {
    notificationId,
    title: fields.get('title') ?? '',
    body: fields.get('body') ?? '',
    targetUrl: fields.get('targetUrl') ?? '',
    startedAt: Number(fields.get('startedAt')),
    updatedAt: Number(fields.get('updatedAt')),
    counts,
    byReason,
    byClient,
  };
}
