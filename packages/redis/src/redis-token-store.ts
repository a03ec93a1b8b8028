import {
  givenEnabledAt,
  WebhookError,
  type NotificationTarget,
  type NotificationTokenStore,
  type ResumablePage,
} from '@social-webhooks/core';
import { toEvalClient, type RedisStoreClient } from './eval-client.js';
import { asArray, unmark } from './replies.js';
import { DELETE_TARGET, DELETE_TOKEN, GET_TARGETS, LIST_PAGE, SAVE_TARGET } from './token-scripts.js';

/** Options of {@link redisTokenStore}. */
export interface RedisTokenStoreOptions {
  /** A connected client: `createClient({ url })` from `redis`, or `Redis.fromEnv()` from `@upstash/redis`. Required. */
  readonly client: RedisStoreClient;
  /** Put before every key, to share a Redis with other data. Default `social-webhooks:miniapp-tokens:`. */
  readonly prefix?: string;
}

/** The default key prefix of the token store. */
export const DEFAULT_TOKEN_PREFIX = 'social-webhooks:miniapp-tokens:';

/** How many keys `list()` asks SCAN for at a time, and the most users a page of `listPages()` holds. */
const LIST_BATCH = 200;

/**
 * A Mini App's notification tokens in Redis, shared by every instance of its receiver and kept
 * across restarts: one hash per user (`<prefix><fid>`), a field per Farcaster client (its `appFid`)
 * holding `{ url, token, enabledAt }` as JSON. Each call is one `EVAL`, so the same one-method client as
 * `redisStore()` fits (ioredis through the small wrapper its docs show). `save` keeps `enabledAt`
 * when the field holds the same token, else sets the one given or Redis's clock (`TIME`); a value
 * stored before this store kept it (`{ url, token }`) reads without it.
 *
 * `list()` walks the prefix with SCAN, a batch at a time, each batch one script that also reads the
 * hashes it found: on one Redis server or shard (a cluster's SCAN sees one node). What it holds at
 * once is one page, whatever the number of users. SCAN may report a key twice while Redis resizes
 * its table (a key in two pages), so a user's targets may then be listed twice: a notification sent
 * from the list is not delivered twice for it (the limiter's record, the client's dedupe).
 * `listPagesFrom(cursor)` gives each SCAN batch as a page with SCAN's cursor after it, to resume
 * from in another call or process (a resumable broadcast's).
 *
 * @param options `client` (required), `prefix` (default `social-webhooks:miniapp-tokens:`).
 * @throws {WebhookError} `invalid_options` when `client` is neither a client with an `eval` method nor an `@upstash/redis` `Redis`, or `prefix` is not a non-empty string.
 * @example
 * import { createClient } from 'redis';
 * import { redisTokenStore } from '@social-webhooks/redis';
 *
 * const client = createClient({ url: process.env.REDIS_URL });
 * await client.connect();
 * const tokens = redisTokenStore({ client });
 * // on: { notifications_enabled: (event) => applyMiniAppEvent(tokens, event), ... }
 */
export function redisTokenStore(options: RedisTokenStoreOptions): NotificationTokenStore {
  const fail = (message: string): never => {
    throw new WebhookError('invalid_options', `@social-webhooks/redis: ${message}`);
  };
  if (typeof options !== 'object' || options === null) fail('redisTokenStore() takes an options object: redisTokenStore({ client }).');
  const client = toEvalClient(options.client, fail);
  const prefix = options.prefix ?? DEFAULT_TOKEN_PREFIX;
  // Empty would make `list()` read every key of the database as a user's tokens.
  if (typeof prefix !== 'string' || prefix === '') fail(`\`prefix\` must be a non-empty string (default "${DEFAULT_TOKEN_PREFIX}").`);
  const keyOf = (fid: number) => prefix + String(fid);
  // SCAN's MATCH is a glob: the prefix's own glob characters are escaped.
  const pattern = `${prefix.replace(/[*?[\]\\]/g, '\\$&')}*`;

  async function* listPages(): AsyncGenerator<NotificationTarget[]> {
    let cursor = '0';
    do {
      const reply = asArray(await client.eval(LIST_PAGE, { keys: [], arguments: [cursor, pattern, String(LIST_BATCH)] }), 'token list');
      cursor = String(reply[0]);
      // Remembered within a SCAN batch only: a set of every FID listed would grow with the store.
      const seen = new Set<unknown>();
      let page: NotificationTarget[] = [];
      let users = 0;
      for (let index = 1; index < reply.length; index += 2) {
        if (seen.has(reply[index])) continue;
        seen.add(reply[index]);
        // COUNT is a hint: SCAN may answer more keys (a whole bucket's, or while Redis rehashes), so
        // a batch past LIST_BATCH users is split, each user's targets kept in one page.
        if (users === LIST_BATCH) {
          yield page;
          page = [];
          users = 0;
        }
        addTargets(page, Number(String(reply[index]).slice(prefix.length)), reply[index + 1]);
        users++;
      }
      if (page.length > 0) yield page;
    } while (cursor !== '0');
  }

  // One page per SCAN batch, however many users it found (a split would have no cursor to resume
  // at): SCAN's cursor survives between calls and processes, and a full scan from it reaches every
  // key present throughout.
  async function* listPagesFrom(from?: string): AsyncGenerator<ResumablePage> {
    let cursor = from ?? '0';
    if (!/^\d+$/.test(cursor))
      throw new TypeError(`@social-webhooks/redis: listPagesFrom() was given the cursor ${JSON.stringify(from)}, which it never answers.`);
    do {
      const reply = asArray(await client.eval(LIST_PAGE, { keys: [], arguments: [cursor, pattern, String(LIST_BATCH)] }), 'token list');
      cursor = String(reply[0]);
      const seen = new Set<unknown>();
      const targets: NotificationTarget[] = [];
      for (let index = 1; index < reply.length; index += 2) {
        if (seen.has(reply[index])) continue;
        seen.add(reply[index]);
        addTargets(targets, Number(String(reply[index]).slice(prefix.length)), reply[index + 1]);
      }
      if (targets.length > 0) yield { targets, cursor: cursor === '0' ? undefined : cursor };
    } while (cursor !== '0');
  }

  return {
    async save(target) {
      const { fid, appFid, url, token } = target;
      const enabledAt = givenEnabledAt(target, '@social-webhooks/redis: redisTokenStore');
      await client.eval(SAVE_TARGET, {
        keys: [keyOf(fid)],
        arguments: [String(appFid), JSON.stringify({ url, token }), token, enabledAt === undefined ? '' : String(enabledAt)],
      });
    },
    async delete({ fid, appFid }) {
      await client.eval(DELETE_TARGET, { keys: [keyOf(fid)], arguments: appFid === undefined ? [] : [String(appFid)] });
    },
    async deleteToken({ fid, appFid, token }) {
      return Number(await client.eval(DELETE_TOKEN, { keys: [keyOf(fid)], arguments: [String(appFid), token] })) === 1;
    },
    async get(fid) {
      return toTargets(fid, await client.eval(GET_TARGETS, { keys: [keyOf(fid)], arguments: [] }));
    },
    async *list() {
      for await (const page of listPages()) yield* page;
    },
    listPages,
    listPagesFrom,
  };
}

/** The targets of one user's hash, from HGETALL's flat reply of fields and values. */
function toTargets(fid: number, reply: unknown): NotificationTarget[] {
  return addTargets([], fid, reply);
}

/** Adds to `targets` those of one user's hash, from HGETALL's flat reply of fields and values. */
function addTargets(targets: NotificationTarget[], fid: number, reply: unknown): NotificationTarget[] {
  if (!Number.isSafeInteger(fid))
    throw new Error('@social-webhooks/redis: a key under the token prefix does not end in a FID; is the prefix shared?');
  const fields = asArray(reply, 'token read');
  for (let index = 0; index < fields.length; index += 2) {
    const { url, token, enabledAt } = JSON.parse(unmark(fields[index + 1], 'token read')) as {
      url?: unknown;
      token?: unknown;
      enabledAt?: unknown;
    };
    const appFid = Number(fields[index]);
    const timed = enabledAt === undefined || (Number.isSafeInteger(enabledAt) && (enabledAt as number) >= 0);
    if (typeof url !== 'string' || typeof token !== 'string' || !Number.isSafeInteger(appFid) || !timed) {
      throw new Error(
        `@social-webhooks/redis: the tokens of FID ${fid} are not { url, token, enabledAt } by appFid; is the prefix shared?`,
      );
    }
    // A value stored before enabledAt was kept has none: when that user enabled is unknown.
    targets.push({ fid, appFid, url, token, ...(enabledAt !== undefined && { enabledAt: enabledAt as number }) });
  }
  return targets;
}
