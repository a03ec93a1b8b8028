import { WebhookError, type ClaimState, type DedupeStore } from '@social-webhooks/core';
import { CLAIM, COMPLETE, DONE, RELEASE } from './scripts.js';
import { toEvalClient, type RedisStoreClient } from './eval-client.js';
import { integer, unexpected } from './replies.js';

/** Options of {@link redisStore}. */
export interface RedisStoreOptions {
  /** A connected client: `createClient({ url, disableOfflineQueue: true })` from `redis`, or `Redis.fromEnv()` from `@upstash/redis`. Required. */
  readonly client: RedisStoreClient;
  /** Put before every key, to share a Redis with other data. Default `social-webhooks:dedupe:`. */
  readonly prefix?: string;
}

/** The default key prefix. */
export const DEFAULT_REDIS_PREFIX = 'social-webhooks:dedupe:';

const CLAIM_STATES: Record<number, ClaimState> = { 1: 'claimed', 2: 'completed', 3: 'in_flight' };

/**
 * A dedupe store in Redis, shared by every instance of a receiver: of concurrent claims on one
 * delivery, across processes and machines, exactly one runs the handler. A claim is `SET NX PX`
 * with the lease; `complete` rewrites the key with the longer TTL; `release` deletes it only while
 * the claim's token still holds it. Each is one Lua script, so atomic.
 *
 * The receiver bounds every call by `dedupe.timeoutMs` and follows `dedupe.onStoreError` when Redis
 * is down. Create the client with `disableOfflineQueue: true`, so calls fail at once rather than
 * queue while it reconnects, and give it an `error` listener: node-redis emits `error` on every lost
 * connection, and an EventEmitter without a listener throws it, which would stop the process.
 *
 * @param options `client` (required), `prefix` (default `social-webhooks:dedupe:`).
 * @throws {WebhookError} `invalid_options` when `client` is neither a client with an `eval` method nor an `@upstash/redis` `Redis`, or `prefix` is not a string.
 * @example
 * import { createClient } from 'redis';
 * import { redisStore } from '@social-webhooks/redis';
 *
 * const client = createClient({ url: process.env.REDIS_URL, disableOfflineQueue: true });
 * client.on('error', (error) => console.warn('redis:', error.message));
 * await client.connect();
 * app.post('/webhook', webhookHandler({ secret, on, dedupe: { store: redisStore({ client }) } }));
 */
export function redisStore(options: RedisStoreOptions): DedupeStore {
  const fail = (message: string): never => {
    throw new WebhookError('invalid_options', `@social-webhooks/redis: ${message}`);
  };
  if (typeof options !== 'object' || options === null) fail('redisStore() takes an options object: redisStore({ client }).');
  const client = toEvalClient(options.client, fail);
  const prefix = options.prefix ?? DEFAULT_REDIS_PREFIX;
  if (typeof prefix !== 'string') fail(`\`prefix\` must be a string (default "${DEFAULT_REDIS_PREFIX}").`);
  const run = (script: string, key: string, args: string[]) => client.eval(script, { keys: [prefix + key], arguments: args });

  return {
    async claim(key, token, leaseMs) {
      const reply = await run(CLAIM, key, [token, String(leaseMs), DONE]);
      const state = CLAIM_STATES[integer(reply) ?? 0];
      if (state === undefined) throw unexpected(reply, 'claim');
      return state;
    },
    async complete(key, _token, ttlMs) {
      await run(COMPLETE, key, [DONE, String(ttlMs)]);
    },
    async release(key, token) {
      await run(RELEASE, key, [token]);
    },
  };
}
