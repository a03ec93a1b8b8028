import {
  budgetRefusal,
  type AppKeyStore,
  type LookupGrant,
  type LookupRefusal,
  type LookupStart,
  type SignerList,
} from '@social-webhooks/core';
import { acquireSql, finishLookupSql, pauseSql, startLookupSql } from './app-key-sql.js';
import { checkClient, optionsError, run, type PostgresQueryable, type PostgresRow } from './query.js';
import { tablesOf } from './tables.js';

/** Options of {@link postgresAppKeyStore}. */
export interface PostgresAppKeyStoreOptions {
  /** A `pg` Pool or Client, Neon's Pool, `fromPostgresJs(sql)`, or any {@link PostgresQueryable}. Required. */
  readonly client: PostgresQueryable;
  /** The tables' prefix, as given to `migrate()`. Default `social_webhooks_`. */
  readonly prefix?: string;
}

const MS = `$2::bigint * interval '1 millisecond'`;

/**
 * The store of a Mini App key lookup in PostgreSQL (`verifyAppKeyWithHub({ hubUrl, store })`,
 * `verifyAppKeyWithNeynar({ apiKey, store })`), shared by every instance of a receiver: each FID's
 * signer list (`<prefix>app_key_signers`, expiring after `cacheMs`), the lookup budget and a hub's
 * 429 pause (one row of `<prefix>app_key_budget`: a token bucket and the calls in flight, checked and
 * spent in one UPDATE of that row, so `maxLookupsPerSecond` holds for the whole fleet), and a claim
 * per FID (`<prefix>app_key_fetches`) so one instance asks the hub while the others wait for its
 * list. A lookup of a FID whose list is kept is one statement; a first one two (`startLookup`: the
 * list, else the fetch claim and the budget; then the list stored, the call and the claim released).
 * Every time is the server's. When the database fails, the lookup fails closed: the delivery
 * is answered 503 and the client retries.
 *
 * @param options `client` (required), `prefix` (default `social_webhooks_`).
 * @throws {WebhookError} `invalid_options` when `client` has no `query` method or `prefix` is not a plain lower-case name.
 * @example
 * const verifyAppKey = verifyAppKeyWithNeynar({ apiKey: process.env.NEYNAR_API_KEY!, store: postgresAppKeyStore({ client: pool }) });
 */
export function postgresAppKeyStore(options: PostgresAppKeyStoreOptions): AppKeyStore {
  const name = 'postgresAppKeyStore()';
  if (typeof options !== 'object' || options === null)
    throw optionsError(`${name} takes an options object: postgresAppKeyStore({ client }).`);
  const client = checkClient(options.client, name);
  const tables = tablesOf(options.prefix, name);
  const { appKeySigners: signers, appKeyBudget: budget, appKeyFetches: fetches } = tables;
  const ACQUIRE = acquireSql(tables);
  const PAUSE = pauseSql(tables);
  const START = startLookupSql(tables);
  const FINISH = finishLookupSql(tables);
  const missingBudget = () =>
    new Error(`@social-webhooks/postgres: ${budget} has no row; run migrate({ client, prefix }) again, or the INSERT of postgresSchema().`);
  // This process's fetch claims, by FID: a claim is released only by the token that took it.
  const claims = new Map<number, string>();

  return {
    async getSigners(fid) {
      const [row] = await run(
        client,
        `SELECT list::text AS list FROM ${signers} WHERE fid = $1::bigint AND expires_at > statement_timestamp()`,
        [String(fid)],
      );
      return row === undefined ? undefined : (JSON.parse(String(row['list'])) as SignerList);
    },
    async setSigners(fid, list, ttlMs) {
      await run(
        client,
        `INSERT INTO ${signers} (fid, list, expires_at) VALUES ($1::bigint, $3::text::jsonb, statement_timestamp() + ${MS})
ON CONFLICT (fid) DO UPDATE SET list = excluded.list, expires_at = excluded.expires_at`,
        [String(fid), String(Math.ceil(ttlMs)), JSON.stringify(list)],
      );
    },
    async acquireLookup({ perSecond, concurrent, leaseMs }): Promise<LookupGrant> {
      const token = crypto.randomUUID();
      const [row] = await run(client, ACQUIRE, [String(perSecond), String(concurrent), String(leaseMs), token]);
      if (row === undefined) throw missingBudget();
      if (row['granted'] === true) {
        let released = false;
        return {
          ok: true,
          async release() {
            if (released) return;
            released = true;
            await run(client, `UPDATE ${budget} SET calls = calls - $1::text WHERE id = 1`, [token]);
          },
        };
      }
      return { ok: false, ...refusal(row, perSecond) };
    },
    async startLookup(fid, { perSecond, concurrent, leaseMs }): Promise<LookupStart> {
      const token = crypto.randomUUID();
      const [row] = await run(client, START, [String(perSecond), String(concurrent), String(Math.ceil(leaseMs)), token, String(fid)]);
      if (row === undefined) throw missingBudget();
      if (row['list'] !== null && row['list'] !== undefined) return { state: 'kept', list: JSON.parse(String(row['list'])) as SignerList };
      if (row['claimed'] !== true) return { state: 'busy' };
      if (row['granted'] !== true) {
        // Refused (or no budget row): the claim taken with it is given back, as the contract wants none held.
        await run(client, `DELETE FROM ${fetches} WHERE fid = $1::bigint AND token = $2`, [String(fid), token]);
        if (row['granted'] === null || row['granted'] === undefined) throw missingBudget();
        return { state: 'refused', ...refusal(row, perSecond) };
      }
      let finished = false;
      return {
        state: 'fetch',
        async finish(list, ttlMs) {
          if (finished) return;
          finished = true;
          const value = list === undefined ? '' : JSON.stringify(list);
          await run(client, FINISH, [String(fid), String(Math.ceil(ttlMs)), value, token]);
        },
      };
    },
    async pauseLookups(ms) {
      if ((await run(client, PAUSE, [String(Math.ceil(ms))])).length === 0) throw missingBudget();
    },
    async claimFetch(fid, leaseMs) {
      const token = crypto.randomUUID();
      const rows = await run(
        client,
        `INSERT INTO ${fetches} AS f (fid, token, expires_at) VALUES ($1::bigint, $3, statement_timestamp() + ${MS})
ON CONFLICT (fid) DO UPDATE SET token = excluded.token, expires_at = excluded.expires_at WHERE f.expires_at <= statement_timestamp()
RETURNING fid`,
        [String(fid), String(Math.ceil(leaseMs)), token],
      );
      if (rows.length === 0) return false;
      claims.set(fid, token);
      return true;
    },
    async releaseFetch(fid) {
      const token = claims.get(fid);
      if (token === undefined) return;
      claims.delete(fid);
      await run(client, `DELETE FROM ${fetches} WHERE fid = $1::bigint AND token = $2`, [String(fid), token]);
    },
  };
}

/** Why the budget's row refused a call, and the wait before one could be granted. */
function refusal(row: PostgresRow, perSecond: number): { reason: LookupRefusal; retryAfterMs: number } {
  return budgetRefusal({ pausedMs: Number(row['paused_ms']), busy: row['busy'] === true, tokens: Number(row['tokens']) }, perSecond);
}
