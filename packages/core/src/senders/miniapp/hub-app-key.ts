import type { VerifyAppKey, VerifyAppKeyResult } from './app-key-check.js';
import type { AppKeyStore, LookupBudget, SignerList } from './app-key-store.js';
import { checkHubOptions, type HubOptions, type ResolvedHubOptions } from './hub-options.js';
import { fetchSigners, HubRateLimited } from './hub-signers.js';

/**
 * The key lookup most Mini Apps need: asks a Farcaster hub for the FID's active signers
 * (`GET {hubUrl}/v1/onChainSignersByFid?fid=N`) and finds the key among them, compared without
 * regard to case; the app's FID is the `requestFid` of that signer's metadata. What
 * `createVerifyAppKeyWithHub` of `@farcaster/miniapp-node` does, built to hold under forgeries:
 *
 * - The hub's whole answer is kept per FID for `cacheMs`: a key of that list verifies, and any other
 *   key (a forgery's) is refused, without a call. A key missing from the list is looked up again
 *   only once the list is `recheckMs` old, so a key the user added a moment ago verifies soon, and
 *   1,000 forged events for one FID cost one call per `recheckMs`.
 * - One call in flight per FID: concurrent events of one user share it.
 * - A budget for every call (`maxLookupsPerSecond`, `maxConcurrentLookups`): past it, and while the
 *   hub's 429 `Retry-After` runs, a lookup throws (503 `app_key_lookup_failed`, the client retries)
 *   while events of FIDs in the cache keep verifying. So a stranger cannot spend the app's hub quota.
 * - `store: redisAppKeyStore({ client })` of `@social-webhooks/redis` shares the lists and the budget
 *   between instances; through its `startLookup`, a cached FID costs one call to the store and a
 *   first lookup two (a round trip each over HTTP).
 *
 * It fails closed: an answer other than 200, a body that is not the hub's JSON, unreadable metadata
 * for the key, a store that fails, or no answer within `timeoutMs` throws, so the delivery is
 * answered 503; never `{ valid: true }`. A key found valid is accepted for `cacheMs` after its list
 * was fetched, even if it was removed from the chain since. Runs anywhere `fetch` does.
 *
 * @param options `hubUrl` (required; a path in it is kept), `headers` (default none), `timeoutMs`
 *   (default 3,000), `cacheMs` (default 300,000; 0 keeps no list), `recheckMs` (default 10,000),
 *   `maxLookupsPerSecond` (default 5), `maxConcurrentLookups` (default 5), `store` (default
 *   `memoryAppKeyStore({ maxEntries: maxCacheEntries })`), `maxCacheEntries` (default 10,000 FIDs),
 *   `fetch` (default the global one).
 * @throws {WebhookError} `invalid_options`, at once, for a malformed option.
 * @example
 * miniAppSender({ verifyAppKey: verifyAppKeyWithHub({ hubUrl: 'https://hub.example.com:2281' }) });
 */
export function verifyAppKeyWithHub(options: HubOptions): VerifyAppKey {
  return createHubLookup(checkHubOptions(options, 'verifyAppKeyWithHub'));
}

/** The lookup of {@link verifyAppKeyWithHub}, from options already checked. */
export function createHubLookup(options: ResolvedHubOptions): VerifyAppKey {
  const { store, cacheMs, recheckMs } = options;
  const budget: LookupBudget = {
    perSecond: options.maxLookupsPerSecond,
    concurrent: options.maxConcurrentLookups,
    // A process that dies mid-call frees its place once the call's deadline has surely passed.
    leaseMs: options.timeoutMs + 1000,
  };
  // The calls in flight, by FID: an event that needs a FID's list while it is being fetched waits for it.
  const flights = new Map<number, Promise<SignerList>>();
  // Bound once, not per delivery: the store is fixed for the lookup's life.
  const startLookup = cacheMs > 0 ? store.startLookup?.bind(store) : undefined;

  /**
   * A list of `fid` fetched after `since`: this instance's own call, or, while another instance
   * sharing the store holds the fetch, the list that one stores (polled, within `timeoutMs`).
   */
  async function fetchShared(fid: number, since: number): Promise<SignerList> {
    const deadline = Date.now() + options.timeoutMs;
    for (;;) {
      if (await store.claimFetch(fid, budget.leaseMs)) {
        try {
          // Another instance may have stored the list and released its claim since this one looked.
          const stored = cacheMs > 0 ? await store.getSigners(fid) : undefined;
          if (stored !== undefined && stored.fetchedAt > since) return stored;
          return await fetchList(fid);
        } finally {
          await store.releaseFetch(fid);
        }
      }
      if (Date.now() >= deadline) {
        throw new Error(`another instance's lookup of this FID did not store a list within ${options.timeoutMs} ms (the timeoutMs option)`);
      }
      await new Promise((resolve) => setTimeout(resolve, SHARED_POLL_MS));
      const stored = await store.getSigners(fid);
      if (stored !== undefined && stored.fetchedAt > since) return stored;
    }
  }

  async function fetchList(fid: number): Promise<SignerList> {
    const grant = await store.acquireLookup(budget);
    if (!grant.ok) throw budgetError(grant.reason, grant.retryAfterMs, budget);
    try {
      const list = await fetchSigners(options, fid);
      if (cacheMs > 0) await store.setSigners(fid, list, cacheMs);
      return list;
    } catch (error) {
      if (error instanceof HubRateLimited) await store.pauseLookups(error.retryAfterMs);
      throw error;
    } finally {
      await grant.release();
    }
  }

  /** The fetch of a store's `startLookup` that answered `'fetch'`: the claim and the call are held, and `finish` ends both. */
  async function fetchStarted(fid: number, finish: (list: SignerList | undefined, ttlMs: number) => Promise<void>): Promise<SignerList> {
    let list: SignerList | undefined;
    try {
      list = await fetchSigners(options, fid);
      return list;
    } catch (error) {
      if (error instanceof HubRateLimited) await store.pauseLookups(error.retryAfterMs);
      throw error;
    } finally {
      await finish(list, cacheMs);
    }
  }

  function share(fid: number, fetch: () => Promise<SignerList>): Promise<SignerList> {
    let flight = flights.get(fid);
    if (flight === undefined) {
      flight = fetch().finally(() => flights.delete(fid));
      flights.set(fid, flight);
    }
    return flight;
  }

  const lookUp = (fid: number, since: number) => share(fid, () => fetchShared(fid, since));
  const usable = (list: SignerList, key: string) => Object.hasOwn(list.keys, key) || Date.now() - list.fetchedAt < recheckMs;

  /**
   * The lookup through the store's `startLookup`: a kept list in one round trip, a first fetch in two.
   * A kept list is read before any fetch in flight is joined, as without it: a user's event is not
   * held up, nor failed, by a re-check that a forged key of the same FID started.
   */
  async function started(startLookup: NonNullable<AppKeyStore['startLookup']>, fid: number, key: string): Promise<SignerList> {
    const start = await startLookup(fid, budget);
    if (start.state === 'kept') return usable(start.list, key) ? start.list : lookUp(fid, start.list.fetchedAt);
    if (start.state === 'refused') throw budgetError(start.reason, start.retryAfterMs, budget);
    if (start.state === 'busy') return lookUp(fid, -1);
    return share(fid, () => fetchStarted(fid, start.finish));
  }

  return async function verifyAppKey(fid, appKey) {
    const key = appKey.toLowerCase();
    if (startLookup !== undefined) return answer(await started(startLookup, fid, key), key);
    const kept = cacheMs > 0 ? await store.getSigners(fid) : undefined;
    if (kept !== undefined && usable(kept, key)) return answer(kept, key);
    return answer(await lookUp(fid, kept?.fetchedAt ?? -1), key);
  };
}

// How often an instance waiting for another's fetch looks for its list.
const SHARED_POLL_MS = 20;

function answer(list: SignerList, key: string): VerifyAppKeyResult {
  if (!Object.hasOwn(list.keys, key)) return { valid: false };
  const appFid = list.keys[key]!;
  if (typeof appFid === 'string') throw new Error(appFid);
  return { valid: true, appFid };
}

function budgetError(reason: 'rate' | 'concurrency' | 'paused', retryAfterMs: number, budget: LookupBudget): Error {
  const wait = `${Math.max(1, Math.ceil(retryAfterMs / 1000))} s`;
  if (reason === 'paused') return new Error(`the hub rate-limited lookups (429); no lookup for another ${wait} (its Retry-After)`);
  const cap =
    reason === 'rate'
      ? `${budget.perSecond} lookups a second (the maxLookupsPerSecond option)`
      : `${budget.concurrent} lookups at once (the maxConcurrentLookups option)`;
  return new Error(`the lookup budget was hit: ${cap}; events of users not in the cache are answered 503 until it frees up`);
}
