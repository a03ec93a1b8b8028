import {
  DEFAULT_ARCHIVE_KEEP_MS,
  idFloor,
  newArchiveId,
  resolveQuery,
  WebhookError,
  type AnyEvent,
  type ArchivedDelivery,
  type DeliveryArchive,
  type ReplayCheckpoint,
} from '@social-webhooks/core';
import {
  ADD_DELIVERY,
  GET_CHECKPOINT,
  GET_DELIVERY,
  LIST_DELIVERIES,
  RECORD_FIELDS,
  RECORD_REPLAY,
  SAVE_CHECKPOINT,
  SETTLE_DELIVERY,
} from './archive-scripts.js';
import { fromBase64, toBase64 } from './base64-bytes.js';
import { toEvalClient, type RedisStoreClient } from './eval-client.js';
import { redisRefusals } from './redis-refusals.js';
import { asArray, unmark } from './replies.js';

/** Options of {@link redisDeliveryArchive}. */
export interface RedisDeliveryArchiveOptions {
  /** A connected client: `createClient({ url })` from `redis`, `Redis.fromEnv()` from `@upstash/redis`, or the ioredis wrapper. Required. */
  readonly client: RedisStoreClient;
  /** How long a delivery is kept, in ms. Default 604,800,000 (7 days). */
  readonly keepMs?: number;
  /** The most deliveries kept; past it the oldest are dropped. Default 100,000. */
  readonly maxDeliveries?: number;
  /** Put before every key. Default `social-webhooks:archive:`. */
  readonly prefix?: string;
  /** The longest wait for one call, in ms. Default 1000. */
  readonly timeoutMs?: number;
  /**
   * How often the refusals this process counted are added to Redis (`<prefix>refused`, a hash by
   * code, which `refusedTotals()` reads for every instance), in ms: one call a flush. Default 1000.
   */
  readonly refusalFlushMs?: number;
}

/** The default key prefix of the archive. */
export const DEFAULT_ARCHIVE_PREFIX = 'social-webhooks:archive:';
/** 1 second: refusals counted in a process reach Redis within it. */
export const DEFAULT_REFUSAL_FLUSH_MS = 1000;
/** 100,000 deliveries: at a Neynar event's few kilobytes, some hundreds of MB of Redis at most. */
export const DEFAULT_REDIS_ARCHIVE_DELIVERIES = 100_000;

/** What a record's `record` field holds: the fields no query filters on, the body in base64. */
interface StoredRecord {
  readonly receivedAt: number;
  readonly deliveryKey: string | null;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  readonly bodyAsReceived: boolean;
  readonly event: AnyEvent;
}

/**
 * A delivery archive in Redis, shared by every instance and by a replay in another process: a hash
 * per delivery (`<prefix>d:<id>`) lapsing `keepMs` after it arrived, an index of ids
 * (`<prefix>index`, a sorted set), replay checkpoints (`<prefix>checkpoint:<name>`), and the
 * refusals every instance counted (`<prefix>refused`, added every `refusalFlushMs`). Each
 * call is one `EVAL`: keeping a delivery, with the trimming past `keepMs` and `maxDeliveries`, is
 * one round trip; so is recording a replay with its checkpoint. On one server or shard.
 *
 * @throws {WebhookError} `invalid_options` for a client without `eval`, an ioredis client passed
 *   bare, or a bound that is not a positive whole number.
 * @example
 * const archive = redisDeliveryArchive({ client, keepMs: 3 * 24 * 60 * 60 * 1000 });
 * app.post('/webhook', webhookHandler({ sender, on, archive }));
 */
export function redisDeliveryArchive(options: RedisDeliveryArchiveOptions): DeliveryArchive {
  const fail = (message: string): never => {
    throw new WebhookError('invalid_options', `@social-webhooks/redis: redisDeliveryArchive(): ${message}`);
  };
  if (typeof options !== 'object' || options === null) fail('takes an options object: redisDeliveryArchive({ client }).');
  const client = toEvalClient(options.client, fail);
  const prefix = options.prefix ?? DEFAULT_ARCHIVE_PREFIX;
  if (typeof prefix !== 'string' || prefix === '') fail(`\`prefix\` must be a non-empty string (default "${DEFAULT_ARCHIVE_PREFIX}").`);
  const keepMs = positive(options.keepMs, 'keepMs', DEFAULT_ARCHIVE_KEEP_MS, fail);
  const maxDeliveries = positive(options.maxDeliveries, 'maxDeliveries', DEFAULT_REDIS_ARCHIVE_DELIVERIES, fail);
  const timeoutMs = positive(options.timeoutMs, 'timeoutMs', 1000, fail);
  const index = `${prefix}index`;
  const keyOf = (id: string) => `${prefix}d:${id}`;
  const checkpointKey = (name: string) => `${prefix}checkpoint:${name}`;
  const call = (script: string, keys: string[], args: string[]) => client.eval(script, { keys, arguments: args });
  const refusalFlushMs = positive(options.refusalFlushMs, 'refusalFlushMs', DEFAULT_REFUSAL_FLUSH_MS, fail);
  const refused = redisRefusals(client, `${prefix}refused`, refusalFlushMs);

  return {
    timeoutMs,
    async add(delivery) {
      const id = newArchiveId(delivery.receivedAt);
      const record: StoredRecord = {
        receivedAt: delivery.receivedAt,
        deliveryKey: delivery.deliveryKey ?? null,
        headers: delivery.headers,
        body: toBase64(delivery.body),
        bodyAsReceived: delivery.bodyAsReceived,
        event: delivery.event,
      };
      const { sender, eventName, code, status } = delivery;
      const args = [
        id,
        prefix,
        sender,
        eventName,
        code,
        String(status),
        JSON.stringify(record),
        idFloor(Date.now() - keepMs),
        String(maxDeliveries),
        String(keepMs),
      ];
      return unmark(await call(ADD_DELIVERY, [index], args), 'archive add');
    },
    async settle(id, { status, code }) {
      await call(SETTLE_DELIVERY, [keyOf(id)], [String(status), code]);
    },
    async recordReplay(id, outcome, checkpoint) {
      const keys = [keyOf(id), checkpoint === undefined ? keyOf(id) : checkpointKey(checkpoint.name)];
      await call(RECORD_REPLAY, keys, [
        JSON.stringify(outcome),
        checkpoint === undefined ? '' : JSON.stringify(checkpoint.value),
        String(keepMs),
      ]);
    },
    async saveCheckpoint(name, value) {
      await call(SAVE_CHECKPOINT, [checkpointKey(name)], [JSON.stringify(value), String(keepMs)]);
    },
    async checkpoint(name) {
      const reply = asArray(await call(GET_CHECKPOINT, [checkpointKey(name)], []), 'archive checkpoint');
      return reply.length === 0 ? undefined : (JSON.parse(unmark(reply[0], 'archive checkpoint')) as ReplayCheckpoint);
    },
    async get(id) {
      const reply = asArray(await call(GET_DELIVERY, [keyOf(id)], []), 'archive get');
      return reply.length === 0
        ? undefined
        : toDelivery(
            id,
            reply.map((field) => unmark(field, 'archive get')),
          );
    },
    async list(query) {
      const q = resolveQuery(query, '@social-webhooks/redis');
      const low = q.since === undefined ? '-' : `[${idFloor(q.since)}`;
      const high = q.until === undefined ? '+' : `(${idFloor(q.until)}`;
      const asc = q.order === 'asc';
      const from = q.cursor === undefined ? (asc ? low : high) : `(${q.cursor}`;
      const args = [q.order, prefix, from, asc ? high : low, String(q.limit), q.sender ?? '', q.eventName ?? '', q.code ?? ''];
      const reply = asArray(await call(LIST_DELIVERIES, [index], args), 'archive list').map((field) => unmark(field, 'archive list'));
      const size = RECORD_FIELDS.length + 1;
      const deliveries: ArchivedDelivery[] = [];
      for (let at = 1; at < reply.length; at += size) deliveries.push(toDelivery(reply[at]!, reply.slice(at + 1, at + size)));
      return reply[0] === '' ? { deliveries } : { deliveries, cursor: reply[0]! };
    },
    countRefused: refused.count,
    refusedCounts: refused.counts,
    refusedTotals: refused.totals,
  };
}

/** A delivery from its id and its fields, in RECORD_FIELDS' order. */
function toDelivery(id: string, fields: readonly string[]): ArchivedDelivery {
  const [sender, eventName, code, status, json, replays, lastReplay] = fields as [string, string, string, string, string, string, string];
  const record = JSON.parse(json) as StoredRecord;
  return {
    id,
    sender,
    eventName,
    receivedAt: record.receivedAt,
    status: Number(status),
    code,
    deliveryKey: record.deliveryKey ?? undefined,
    headers: record.headers,
    body: fromBase64(record.body),
    replays: Number(replays),
    event: record.event,
    bodyAsReceived: record.bodyAsReceived,
    ...(lastReplay !== '' && { lastReplay: JSON.parse(lastReplay) as ArchivedDelivery['lastReplay'] }),
  };
}

function positive(value: number | undefined, name: string, fallback: number, fail: (message: string) => never): number {
  if (value === undefined) return fallback;
  if (!Number.isSafeInteger(value) || value < 1)
    fail(`\`${name}\` must be a positive whole number (default ${fallback}); got ${String(value)}.`);
  return value;
}
