import { checkOpenRecord, resolveOpenRetention, WebhookError, type OpenCounts, type OpenStore } from '@social-webhooks/core';
import { toEvalClient, type RedisStoreClient } from './eval-client.js';
import { READ_OPENS, RECORD_OPEN } from './open-scripts.js';
import { asArray, integer, unexpected } from './replies.js';

/** Options of {@link redisOpenStore}. */
export interface RedisOpenStoreOptions {
  /** A connected client: `createClient({ url })` from `redis`, or `Redis.fromEnv()` from `@upstash/redis`. Required. */
  readonly client: RedisStoreClient;
  /** Put before every key. Default `social-webhooks:opens:`. */
  readonly prefix?: string;
  /** How long a notification's counts are kept after its last open, in milliseconds. Default 2,592,000,000 (30 days). */
  readonly retentionMs?: number;
}

/** The default key prefix of the open store. */
export const DEFAULT_OPEN_PREFIX = 'social-webhooks:opens:';

/**
 * Opens counted in Redis, shared by every instance: per notification, a hash of counts
 * (`<prefix>{<id>}:counts`) and a set of who opened it (`<prefix>{<id>}:fids`), in one hash slot,
 * both lapsing `retentionMs` after the last open. An open is one `EVAL`: the FID added and every
 * count raised atomically, so two instances recording the same user at once count one unique open.
 * node-redis, `@upstash/redis` over REST, or the one-method client of `redisStore()` (ioredis
 * through its wrapper) all fit.
 *
 * @param options `client` (required), `prefix` (default `social-webhooks:opens:`), `retentionMs` (default 30 days).
 * @throws {WebhookError} `invalid_options` when `client` is neither a client with an `eval` method nor an `@upstash/redis` `Redis`, `prefix` is not a non-empty string, or `retentionMs` not a positive whole number.
 * @example
 * const opens = redisOpenStore({ client: await createClient({ url: process.env.REDIS_URL }).connect() });
 * export const POST = openReceiver({ domain: 'app.example.com', store: opens });
 */
export function redisOpenStore(options: RedisOpenStoreOptions): OpenStore {
  const fail = (message: string): never => {
    throw new WebhookError('invalid_options', `@social-webhooks/redis: redisOpenStore(): ${message}`);
  };
  if (typeof options !== 'object' || options === null) fail('takes an options object: redisOpenStore({ client }).');
  const client = toEvalClient(options.client, fail);
  const prefix = options.prefix ?? DEFAULT_OPEN_PREFIX;
  if (typeof prefix !== 'string' || prefix === '') fail(`\`prefix\` must be a non-empty string (default "${DEFAULT_OPEN_PREFIX}").`);
  const retentionMs = resolveOpenRetention(options.retentionMs, fail);
  // The id in braces: Redis Cluster puts both keys of a notification in one slot, as one script needs.
  const keysOf = (id: string) => [`${prefix}{${id}}:counts`, `${prefix}{${id}}:fids`];

  return {
    async record(open) {
      checkOpenRecord(open, '@social-webhooks/redis: redisOpenStore()');
      const args = [String(open.fid), open.clientFid === undefined ? '' : String(open.clientFid), String(retentionMs)];
      const reply = integer(await client.eval(RECORD_OPEN, { keys: keysOf(open.notificationId), arguments: args }));
      if (reply !== 0 && reply !== 1) throw unexpected(reply, 'open record');
      return { unique: reply === 1 };
    },
    async counts(notificationId) {
      const reply = asArray(await client.eval(READ_OPENS, { keys: keysOf(notificationId).slice(0, 1), arguments: [] }), 'open counts');
      return toCounts(reply);
    },
  };
}

/** The counts from HGETALL's flat { field, value, ... }. */
function toCounts(reply: unknown[]): OpenCounts {
  const counts = { opens: 0, uniqueOpens: 0, byClient: {} as Record<string, { opens: number; uniqueOpens: number }> };
  for (let index = 0; index + 1 < reply.length; index += 2) {
    const field = String(reply[index]);
    const value = integer(reply[index + 1]);
    if (value === undefined) throw unexpected(reply, 'open counts');
    if (field === 'opens') counts.opens = value;
    else if (field === 'unique') counts.uniqueOpens = value;
    else {
      const client = (counts.byClient[field.slice(2)] ??= { opens: 0, uniqueOpens: 0 });
      if (field.startsWith('o:')) client.opens = value;
      else if (field.startsWith('u:')) client.uniqueOpens = value;
    }
  }
  return counts;
}
