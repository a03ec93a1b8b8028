/**
 * A FID's app keys as the hub listed them, and when the list was fetched (ms since the epoch). Each
 * key (lower-case `0x` hex) maps to the FID of the app that registered it, or to why its metadata
 * could not be read (a string: a lookup of that key then fails closed).
 */
export interface SignerList {
  readonly fetchedAt: number;
  readonly keys: Readonly<Record<string, number | string>>;
}

/** The lookup budget of a receiver (or of every receiver sharing a store): a rate and a concurrency cap. */
export interface LookupBudget {
  /** Hub calls allowed per second, on average; up to this many may start at once after a quiet second. */
  readonly perSecond: number;
  /** Hub calls allowed in flight at once. */
  readonly concurrent: number;
  /** How long a call holds its place at most, in ms (a process that dies mid-call frees it then). */
  readonly leaseMs: number;
}

/** Why a lookup was refused: the rate or concurrency cap was hit, or the hub asked for a pause (429). */
export type LookupRefusal = 'rate' | 'concurrency' | 'paused';

/** A lookup allowed (release its place once done), or refused with the wait before the next could be. */
export type LookupGrant =
  { readonly ok: true; release(): Promise<void> } | { readonly ok: false; readonly reason: LookupRefusal; readonly retryAfterMs: number };

/**
 * The first step of a lookup through {@link AppKeyStore.startLookup}: the FID's list when one is
 * kept; `'busy'` while another caller holds the FID's fetch (wait for the list it stores);
 * `'refused'` when no list is kept and the budget refused the call (no claim is held); `'fetch'`
 * when this caller holds the fetch and a hub call, ended by `finish`.
 */
export type LookupStart =
  | { readonly state: 'kept'; readonly list: SignerList }
  | { readonly state: 'busy' }
  | { readonly state: 'refused'; readonly reason: LookupRefusal; readonly retryAfterMs: number }
  | {
      readonly state: 'fetch';
      /** Keeps the list fetched for `ttlMs` (none when the fetch failed), frees the call's place and ends the fetch claim. */
      finish(list: SignerList | undefined, ttlMs: number): Promise<void>;
    };

/**
 * Where a hub lookup keeps what it learnt and what it spent: each FID's signer list, and the lookup
 * budget. `memoryAppKeyStore()` (the default) holds them in one process; `redisAppKeyStore({ client })`
 * of `@social-webhooks/redis` shares them between every instance of a receiver, so a fleet of ten
 * makes the calls of one. A method that rejects makes the delivery 503 (the lookup fails closed).
 */
export interface AppKeyStore {
  /** The FID's list, or `undefined` when none is kept (never fetched, or past its time). */
  getSigners(fid: number): Promise<SignerList | undefined>;
  /** Keeps the FID's list for `ttlMs`. */
  setSigners(fid: number, list: SignerList, ttlMs: number): Promise<void>;
  /** Takes one hub call from the budget, or says why not. */
  acquireLookup(budget: LookupBudget): Promise<LookupGrant>;
  /** Refuses every lookup for `ms` (a hub's 429 and its `Retry-After`). */
  pauseLookups(ms: number): Promise<void>;
  /**
   * Claims the fetch of a FID's list for `leaseMs`, so one instance asks the hub while the others
   * wait for its list: `true` when this caller should fetch. A store of one process may always
   * answer `true` (the lookup already shares one call per FID within a process).
   */
  claimFetch(fid: number, leaseMs: number): Promise<boolean>;
  /** Ends a claim of {@link claimFetch} once its list is stored, or its fetch failed. */
  releaseFetch(fid: number): Promise<void>;
  /**
   * Optional, for a store each of whose calls is a round trip (Redis over the network): in one step,
   * the FID's list when one is kept, else {@link claimFetch} (for `budget.leaseMs`) and
   * {@link acquireLookup} together or not at all; its `finish` stores the list, frees the call and
   * ends the claim in one more. A first lookup of a FID then costs two round trips, a kept one one.
   * Without it the lookup calls the methods above in turn (up to seven).
   */
  startLookup?(fid: number, budget: LookupBudget): Promise<LookupStart>;
}
