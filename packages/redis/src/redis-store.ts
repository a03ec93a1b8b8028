import { WebhookError, type ClaimState, type DedupeStore } from '@social-webhooks/core';
import { CLAIM, COMPLETE, DONE, RELEASE } from './scripts.js';

/**
 * The one Redis call the store makes: `EVAL` with keys and arguments, as node-redis (`redis` 4 and 5)
 * spells it. Another client fits through a small wrapper; for ioredis:
 * `{ eval: (script, { keys, arguments: args }) => io.eval(script, keys.length, ...keys, ...args) }`.
 */
export interface RedisEvalClient {
  eval(script: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>;
}

/** Options of {@link redisStore}. */
export interface RedisStoreOptions {
  /** A connected client: `createClient({ url, disableOfflineQueue: true })` from `redis`. Required. */
  readonly client: RedisEvalClient;
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
 * @throws {WebhookError} `invalid_options` when `client` has no `eval` method or `prefix` is not a string.
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
  const { client } = options;
  if (typeof client?.eval !== 'function') {
    fail('`client` must be a Redis client with an eval method, e.g. createClient() from the `redis` package.');
  }
  const prefix = options.prefix ?? DEFAULT_REDIS_PREFIX;
  if (typeof prefix !== 'string') fail(`\`prefix\` must be a string (default "${DEFAULT_REDIS_PREFIX}").`);
  const run = (script: string, key: string, args: string[]) => client.eval(script, { keys: [prefix + key], arguments: args });

  return {
    async claim(key, token, leaseMs) {
      const reply = Number(await run(CLAIM, key, [token, String(leaseMs), DONE]));
      const state = CLAIM_STATES[reply];
      if (state === undefined) throw new Error(`@social-webhooks/redis: unexpected reply ${String(reply)} to the claim script.`);
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
