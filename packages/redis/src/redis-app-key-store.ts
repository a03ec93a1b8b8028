import {
  WebhookError,
  type AppKeyStore,
  type LookupGrant,
  type LookupRefusal,
  type LookupStart,
  type SignerList,
} from '@social-webhooks/core';
import { ACQUIRE, CLAIM_FETCH, FINISH_LOOKUP, GET, PAUSE, RELEASE_CALL, RELEASE_FETCH, SET_PX, START_LOOKUP } from './app-key-scripts.js';
import { toEvalClient, type RedisStoreClient } from './eval-client.js';
import { asArray, integer, unexpected, unmark } from './replies.js';

/** Options of {@link redisAppKeyStore}. */
export interface RedisAppKeyStoreOptions {
  /** A connected client: `createClient({ url, disableOfflineQueue: true })` from `redis`, or `Redis.fromEnv()` from `@upstash/redis`. Required. */
  readonly client: RedisStoreClient;
  /** Put before every key, to share a Redis with other data. Default `social-webhooks:app-keys:`. */
  readonly prefix?: string;
}

/** The default key prefix of the app key store. */
export const DEFAULT_APP_KEY_PREFIX = 'social-webhooks:app-keys:';

const REFUSALS: readonly LookupRefusal[] = ['rate', 'concurrency', 'paused'];

/**
 * The store of a Mini App key lookup in Redis (`verifyAppKeyWithHub({ hubUrl, store })`,
 * `verifyAppKeyWithNeynar({ apiKey, store })`), shared by every instance of a receiver: each FID's
 * signer list (`<prefix>signers:<fid>`, JSON, expiring after `cacheMs`), the lookup budget (a token
 * bucket and the calls in flight, checked and spent in one script, so `maxLookupsPerSecond` holds for
 * the whole fleet), a hub's 429 pause, and a claim per FID so one instance asks the hub while the
 * others wait for its list. A fleet of ten makes the calls of one.
 *
 * Each call is one `EVAL`, so the client of `redisStore()` fits. A lookup of a FID whose list is kept
 * is one round trip; a first one two (`startLookup`: the list, else the fetch claim and the budget in
 * one script; then the list stored, the call and the claim released in another). When Redis fails,
 * the lookup fails closed: the delivery is answered 503 and the client retries.
 *
 * @param options `client` (required), `prefix` (default `social-webhooks:app-keys:`).
 * @throws {WebhookError} `invalid_options` when `client` is neither a client with an `eval` method nor an `@upstash/redis` `Redis`, or `prefix` is not a string.
 * @example
 * import { createClient } from 'redis';
 * import { redisAppKeyStore } from '@social-webhooks/redis';
 *
 * const client = createClient({ url: process.env.REDIS_URL, disableOfflineQueue: true });
 * client.on('error', (error) => console.warn('redis:', error.message));
 * await client.connect();
 * const verifyAppKey = verifyAppKeyWithNeynar({ apiKey: process.env.NEYNAR_API_KEY!, store: redisAppKeyStore({ client }) });
 */
export function redisAppKeyStore(options: RedisAppKeyStoreOptions): AppKeyStore {
  const fail = (message: string): never => {
    throw new WebhookError('invalid_options', `@social-webhooks/redis: ${message}`);
  };
  if (typeof options !== 'object' || options === null) fail('redisAppKeyStore() takes an options object: redisAppKeyStore({ client }).');
  const client = toEvalClient(options.client, fail);
  const prefix = options.prefix ?? DEFAULT_APP_KEY_PREFIX;
  if (typeof prefix !== 'string') fail(`\`prefix\` must be a string (default "${DEFAULT_APP_KEY_PREFIX}").`);
  const run = (script: string, keys: string[], args: string[] = []) =>
    client.eval(script, { keys: keys.map((key) => prefix + key), arguments: args });
  // This process's fetch claims, by FID: a claim is released only by the token that took it.
  const claims = new Map<number, string>();

  return {
    async getSigners(fid) {
      const value = await run(GET, [`signers:${fid}`]);
      if (value === null || value === undefined) return undefined;
      return JSON.parse(unmark(value, 'signer list read')) as SignerList;
    },
    async setSigners(fid, list, ttlMs) {
      await run(SET_PX, [`signers:${fid}`], [JSON.stringify(list), String(ttlMs)]);
    },
    async acquireLookup({ perSecond, concurrent, leaseMs }): Promise<LookupGrant> {
      const token = crypto.randomUUID();
      const reply = asArray(
        await run(
          ACQUIRE,
          ['budget:paused', 'budget:bucket', 'budget:in-flight'],
          [String(Date.now()), String(perSecond), String(concurrent), String(leaseMs), token],
        ),
        'lookup budget',
      );
      if (integer(reply[0]) === 1) {
        let released = false;
        return {
          ok: true,
          async release() {
            if (released) return;
            released = true;
            await run(RELEASE_CALL, ['budget:in-flight'], [token]);
          },
        };
      }
      return refusal(reply, 'lookup budget');
    },
    async startLookup(fid, { perSecond, concurrent, leaseMs }): Promise<LookupStart> {
      const token = crypto.randomUUID();
      const reply = asArray(
        await run(
          START_LOOKUP,
          [`signers:${fid}`, `fetch:${fid}`, 'budget:paused', 'budget:bucket', 'budget:in-flight'],
          [token, String(leaseMs), String(Date.now()), String(perSecond), String(concurrent)],
        ),
        'lookup start',
      );
      const state = integer(reply[0]);
      if (state === 1) return { state: 'kept', list: JSON.parse(unmark(reply[1], 'lookup start')) as SignerList };
      if (state === 2) return { state: 'busy' };
      if (state !== 3) {
        const { reason, retryAfterMs } = refusal(reply, 'lookup start');
        return { state: 'refused', reason, retryAfterMs };
      }
      let finished = false;
      return {
        state: 'fetch',
        async finish(list, ttlMs) {
          if (finished) return;
          finished = true;
          const value = list === undefined ? '' : JSON.stringify(list);
          await run(FINISH_LOOKUP, [`signers:${fid}`, `fetch:${fid}`, 'budget:in-flight'], [token, value, String(ttlMs)]);
        },
      };
    },
    async pauseLookups(ms) {
      await run(PAUSE, ['budget:paused'], [String(Math.ceil(ms))]);
    },
    async claimFetch(fid, leaseMs) {
      const token = crypto.randomUUID();
      if (Number(await run(CLAIM_FETCH, [`fetch:${fid}`], [token, String(leaseMs)])) !== 1) return false;
      claims.set(fid, token);
      return true;
    },
    async releaseFetch(fid) {
      const token = claims.get(fid);
      if (token === undefined) return;
      claims.delete(fid);
      await run(RELEASE_FETCH, [`fetch:${fid}`], [token]);
    },
  };
}

/** The refusal of a budget script's reply `{ 0, reason, wait in ms }`. */
function refusal(reply: unknown[], script: string): { ok: false; reason: LookupRefusal; retryAfterMs: number } {
  const reason = REFUSALS.find((known) => known === reply[1]);
  const retryAfterMs = integer(reply[2]);
  if (integer(reply[0]) !== 0 || reason === undefined || retryAfterMs === undefined) throw unexpected(reply, script);
  return { ok: false, reason, retryAfterMs };
}
