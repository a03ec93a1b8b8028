import {
  resolveKeepMs,
  WebhookError,
  type BroadcastPlan,
  type BroadcastRecord,
  type BroadcastRecordStore,
  type BroadcastState,
  type RecordCancel,
} from '@social-webhooks/core';
import {
  ACQUIRE_BROADCAST,
  CANCEL_BROADCAST,
  CREATE_BROADCAST,
  GET_BROADCAST,
  GO_LIVE,
  LEAVE_BATCH,
  LIVE_BATCHES,
  RELEASE_BROADCAST,
  SAVE_BROADCAST,
  UNFINISHED_BROADCASTS,
} from './broadcast-scripts.js';
import { toEvalClient, type RedisStoreClient } from './eval-client.js';
import { asArray, unmark } from './replies.js';

/** Options of {@link redisBroadcastRecords}. */
export interface RedisBroadcastRecordsOptions {
  /** A connected client: `createClient({ url })` from `redis`, or `Redis.fromEnv()` from `@upstash/redis`. Required. */
  readonly client: RedisStoreClient;
  /** Put before every key. Default `social-webhooks:broadcasts:`. */
  readonly prefix?: string;
  /** How long a broadcast is kept after `start()`, done or not, in milliseconds. Default 604,800,000 (7 days). */
  readonly keepMs?: number;
}

/** The default key prefix of the broadcast records. */
export const DEFAULT_BROADCAST_PREFIX = 'social-webhooks:broadcasts:';

/**
 * Where resumable broadcasts (`createBroadcasts` of `@social-webhooks/core`) keep their progress in
 * Redis, shared by every run in any process: a hash per broadcast (`<prefix>b:<id>`: the plan and
 * the state as JSON, the lease's owner and end, the cancel flag), lapsing `keepMs` after it is
 * created, its live batches (`<prefix>live:<id>`, a sorted set), and a sorted set of the unfinished
 * ones (`<prefix>unfinished`). Each call is one `EVAL`, so taking the lease and
 * saving under it are atomic, timed by Redis's clock; on one server or shard (listing the unfinished
 * ones reads their hashes). node-redis, `@upstash/redis` over REST, or the one-method client of
 * `redisStore()` (ioredis through its wrapper) all fit.
 *
 * @param options `client` (required), `prefix` (default `social-webhooks:broadcasts:`), `keepMs` (default 7 days).
 * @throws {WebhookError} `invalid_options` when `client` is neither a client with an `eval` method nor an `@upstash/redis` `Redis`, `prefix` is not a non-empty string, or `keepMs` not a positive integer.
 * @example
 * const broadcasts = createBroadcasts({ store: redisTokenStore({ client }), limiter: redisNotificationLimiter({ client }), records: redisBroadcastRecords({ client }) });
 */
export function redisBroadcastRecords(options: RedisBroadcastRecordsOptions): BroadcastRecordStore {
  const fail = (message: string): never => {
    throw new WebhookError('invalid_options', `@social-webhooks/redis: redisBroadcastRecords(): ${message}`);
  };
  if (typeof options !== 'object' || options === null) fail('takes an options object: redisBroadcastRecords({ client }).');
  const client = toEvalClient(options.client, fail);
  const prefix = options.prefix ?? DEFAULT_BROADCAST_PREFIX;
  if (typeof prefix !== 'string' || prefix === '') fail(`\`prefix\` must be a non-empty string (default "${DEFAULT_BROADCAST_PREFIX}").`);
  const keepMs = resolveKeepMs(options.keepMs, fail);
  const keyOf = (id: string) => `${prefix}b:${id}`;
  const liveOf = (id: string) => `${prefix}live:${id}`;
  const unfinished = `${prefix}unfinished`;
  const call = (script: string, keys: string[], args: string[]) => client.eval(script, { keys, arguments: args });

  return {
    async create(record) {
      const { id, createdAt, plan, state } = record;
      const args = [id, String(createdAt), JSON.stringify(plan), JSON.stringify(state), String(keepMs)];
      const reply = asArray(await call(CREATE_BROADCAST, [keyOf(id), unfinished], args), 'broadcast create');
      if (Number(reply[0]) === 1) return { created: true, record: JSON.parse(JSON.stringify(record)) as BroadcastRecord };
      return { created: false, record: toRecord(id, reply.slice(1)) };
    },
    async get(id) {
      const reply = asArray(await call(GET_BROADCAST, [keyOf(id)], []), 'broadcast read');
      return reply.length === 0 ? undefined : toRecord(id, reply);
    },
    async acquire(id, owner, leaseMs) {
      return Number(await call(ACQUIRE_BROADCAST, [keyOf(id)], [owner, String(leaseMs)])) === 1;
    },
    async save(id, owner, state, leaseMs) {
      const args = [owner, JSON.stringify(state), state.done ? '1' : '0', String(leaseMs), id];
      return Number(await call(SAVE_BROADCAST, [keyOf(id), unfinished], args)) === 1;
    },
    async release(id, owner) {
      await call(RELEASE_BROADCAST, [keyOf(id)], [owner]);
    },
    async unfinished(limit) {
      const reply = asArray(await call(UNFINISHED_BROADCASTS, [unfinished], [`${prefix}b:`, String(limit)]), 'unfinished broadcasts');
      return reply.map((id) => unmark(id, 'unfinished broadcasts'));
    },
    async cancel(id) {
      return CANCELS[Number(await call(CANCEL_BROADCAST, [keyOf(id)], []))] ?? 'unknown';
    },
    async goLive(id, batch, liveMs) {
      return Number(await call(GO_LIVE, [keyOf(id), liveOf(id)], [batch, String(Math.ceil(liveMs))])) === 1;
    },
    async leave(id, batch) {
      await call(LEAVE_BATCH, [liveOf(id)], [batch]);
    },
    async live(id) {
      return Number(await call(LIVE_BATCHES, [liveOf(id)], []));
    },
  };
}

/** What CANCEL_BROADCAST's answer means. */
const CANCELS: readonly RecordCancel[] = ['unknown', 'cancelled', 'cancelled-already', 'finished-already'];

/** A record from the script's { createdAt, plan, state, cancelledAt }, each after MARK. */
function toRecord(id: string, [createdAt, plan, state, cancelledAt]: unknown[]): BroadcastRecord {
  const script = 'broadcast read';
  const flag = cancelledAt === undefined ? '' : unmark(cancelledAt, script);
  return {
    id,
    createdAt: Number(unmark(createdAt, script)),
    plan: JSON.parse(unmark(plan, script)) as BroadcastPlan,
    state: JSON.parse(unmark(state, script)) as BroadcastState,
    ...(flag !== '' && { cancelledAt: Number(flag) }),
  };
}
