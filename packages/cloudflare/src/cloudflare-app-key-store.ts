import {
  budgetRefusal,
  type AppKeyStore,
  type LookupBudget,
  type LookupGrant,
  type LookupRefusal,
  type LookupStart,
  type SignerList,
} from '@social-webhooks/core';
import { acquireSql, claimFetchSql, getSignersSql, pauseSql, releaseCallSql, releaseFetchSql, setSignersSql } from './app-key-sql.js';
import { member } from './now.js';
import type { Row, Statement } from './sql-runner.js';
import { storageOf, type CloudflareStoreOptions } from './storage.js';

/**
 * The store of a Mini App key lookup in D1 or a Durable Object (`verifyAppKeyWithHub({ hubUrl,
 * store })`, `verifyAppKeyWithNeynar({ apiKey, store })`), shared by every instance of a Worker:
 * each FID's signer list (`<prefix>app_key_signers`, expiring after `cacheMs`), the lookup budget
 * and a hub's 429 pause (one row of `<prefix>app_key_budget`: a token bucket and the calls in
 * flight, checked and spent in one UPDATE, so `maxLookupsPerSecond` holds for every instance, where
 * each instance's memory would let a flood of forgeries spend the hub quota once per instance), and
 * a claim per FID (`<prefix>app_key_fetches`) so one instance asks the hub while the others wait.
 *
 * A lookup of a FID whose list is kept is one call to the storage; a first one two (`startLookup`:
 * the list, else the fetch claim and the budget, in one transaction; then the list stored, the call
 * and the claim released in another). When the storage fails, the lookup fails closed: the delivery
 * is answered 503 and the client retries.
 *
 * @param options `d1` or `durableObject` (and `name`), `prefix` (default `social_webhooks_`).
 * @throws {WebhookError} `invalid_options` when neither binding is given, the binding is not of its kind, or `prefix` is not a plain lower-case name.
 * @example
 * const verifyAppKey = verifyAppKeyWithNeynar({ apiKey: env.NEYNAR_API_KEY, store: cloudflareAppKeyStore({ d1: env.DB }) });
 */
export function cloudflareAppKeyStore(options: CloudflareStoreOptions): AppKeyStore {
  const { runner, tables } = storageOf(options, 'cloudflareAppKeyStore()');
  const ACQUIRE = acquireSql(tables);
  // startLookup's acquire runs only for the caller that holds the fetch claim (token ?4, FID ?5).
  const ACQUIRE_HELD = acquireSql(tables, `EXISTS (SELECT 1 FROM ${tables.appKeyFetches} WHERE fid = ?5 AND token = ?4)`);
  const UNCLAIM = `DELETE FROM ${tables.appKeyFetches} WHERE fid = ?1 AND token = ?2
AND NOT EXISTS (SELECT 1 FROM ${tables.appKeyBudget} WHERE id = 1 AND json_extract(calls, ${member('?2')}) IS NOT NULL)`;
  const [GET, SET, PAUSE, RELEASE_CALL, CLAIM, CLAIM_UNLESS_KEPT, RELEASE_FETCH] = [
    getSignersSql(tables),
    setSignersSql(tables),
    pauseSql(tables),
    releaseCallSql(tables),
    claimFetchSql(tables),
    claimFetchSql(tables, true),
    releaseFetchSql(tables),
  ];
  const missingBudget = () =>
    new Error(`@social-webhooks/cloudflare: ${tables.appKeyBudget} has no row; run the INSERT of cloudflareSchema() again.`);
  const one = async (statement: Statement) => (await runner.run([statement]))[0] ?? [];
  // This process's fetch claims, by FID: a claim is released only by the token that took it.
  const claims = new Map<number, string>();

  // The refusal of a row whose calls do not hold the token: paused, busy (as many live calls as
  // allowed), or the bucket short of a token.
  const refused = (row: Row, token: string, budget: LookupBudget): { reason: LookupRefusal; retryAfterMs: number } | undefined => {
    const calls = JSON.parse(String(row['calls'])) as Record<string, number>;
    if (token in calls) return undefined;
    const now = Number(row['now']);
    const live = Object.values(calls).filter((end) => end > now).length;
    const state = { pausedMs: Number(row['paused_until']) - now, busy: live >= budget.concurrent, tokens: Number(row['tokens']) };
    return budgetRefusal(state, budget.perSecond);
  };

  return {
    async getSigners(fid) {
      const [row] = await one({ sql: GET, params: [fid] });
      return row === undefined ? undefined : (JSON.parse(String(row['list'])) as SignerList);
    },
    async setSigners(fid, list, ttlMs) {
      await one({ sql: SET, params: [fid, JSON.stringify(list), Math.ceil(ttlMs)] });
    },
    async acquireLookup(budget): Promise<LookupGrant> {
      const token = crypto.randomUUID();
      const [row] = await one({ sql: ACQUIRE, params: [budget.perSecond, budget.concurrent, budget.leaseMs, token] });
      if (row === undefined) throw missingBudget();
      const why = refused(row, token, budget);
      if (why !== undefined) return { ok: false, ...why };
      let released = false;
      return {
        ok: true,
        async release() {
          if (released) return;
          released = true;
          await one({ sql: RELEASE_CALL, params: [token] });
        },
      };
    },
    async startLookup(fid, budget): Promise<LookupStart> {
      const token = crypto.randomUUID();
      const { perSecond, concurrent, leaseMs } = budget;
      const [kept = [], claimed = [], acquired = []] = await runner.run([
        { sql: GET, params: [fid] },
        { sql: CLAIM_UNLESS_KEPT, params: [fid, token, leaseMs] },
        { sql: ACQUIRE_HELD, params: [perSecond, concurrent, leaseMs, token, fid] },
        { sql: UNCLAIM, params: [fid, token] },
      ]);
      if (kept[0] !== undefined) return { state: 'kept', list: JSON.parse(String(kept[0]['list'])) as SignerList };
      if (claimed.length === 0) return { state: 'busy' };
      if (acquired[0] === undefined) throw missingBudget();
      const why = refused(acquired[0], token, budget);
      if (why !== undefined) return { state: 'refused', ...why };
      let finished = false;
      return {
        state: 'fetch',
        async finish(list, ttlMs) {
          if (finished) return;
          finished = true;
          const statements: Statement[] = [
            { sql: RELEASE_CALL, params: [token] },
            { sql: RELEASE_FETCH, params: [fid, token] },
          ];
          if (list !== undefined) statements.unshift({ sql: SET, params: [fid, JSON.stringify(list), Math.ceil(ttlMs)] });
          await runner.run(statements);
        },
      };
    },
    async pauseLookups(ms) {
      if ((await one({ sql: PAUSE, params: [Math.ceil(ms)] })).length === 0) throw missingBudget();
    },
    async claimFetch(fid, leaseMs) {
      const token = crypto.randomUUID();
      if ((await one({ sql: CLAIM, params: [fid, token, Math.ceil(leaseMs)] })).length === 0) return false;
      claims.set(fid, token);
      return true;
    },
    async releaseFetch(fid) {
      const token = claims.get(fid);
      if (token === undefined) return;
      claims.delete(fid);
      await one({ sql: RELEASE_FETCH, params: [fid, token] });
    },
  };
}
