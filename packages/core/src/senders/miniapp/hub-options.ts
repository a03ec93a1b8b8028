import { WebhookError } from '../../errors.js';
import type { AppKeyStore } from './app-key-store.js';
import { DEFAULT_APP_KEY_STORE_ENTRIES, memoryAppKeyStore } from './memory-app-key-store.js';

/** What `verifyAppKeyWithHub` takes. */
export interface HubOptions {
  /** The hub's HTTP API, e.g. `https://hub.example.com:2281`; a path in it is kept. Required. */
  readonly hubUrl: string | URL;
  /** Headers sent with every lookup, e.g. an API key. Default none. */
  readonly headers?: Readonly<Record<string, string>>;
  /** The longest a lookup may take, body included, in milliseconds; past it, it throws. Default 3,000. */
  readonly timeoutMs?: number;
  /**
   * How long a FID's list of keys is kept, in milliseconds: its keys verify, and other keys are
   * refused, without asking again (a key removed from the chain is accepted that long). 0 keeps
   * nothing and asks every time. Default 300,000 (5 minutes).
   */
  readonly cacheMs?: number;
  /**
   * How old a FID's list must be before a key missing from it is looked up again, in milliseconds:
   * the bound on calls a flood of forgeries can cause (one per FID per `recheckMs`), and how soon a
   * key added a moment ago verifies. Default 10,000.
   */
  readonly recheckMs?: number;
  /** Hub calls allowed per second, for the whole receiver (or every receiver sharing `store`). Default 5, Neynar Starter's limit per endpoint. */
  readonly maxLookupsPerSecond?: number;
  /** Hub calls allowed in flight at once, as `maxLookupsPerSecond`. Default 5. */
  readonly maxConcurrentLookups?: number;
  /**
   * Where the lists and the budget are kept: `redisAppKeyStore({ client })` of `@social-webhooks/redis`
   * shares them between instances. Default `memoryAppKeyStore({ maxEntries: maxCacheEntries })`.
   */
  readonly store?: AppKeyStore;
  /** The most FIDs whose lists the default in-memory store keeps; past it the oldest go. Default 10,000. Not with `store`. */
  readonly maxCacheEntries?: number;
  /** The `fetch` to call. Default the global `fetch`. */
  readonly fetch?: (input: URL, init: RequestInit) => Promise<Response>;
}

/** What `verifyAppKeyWithNeynar` takes: the API key, and the hub lookup's other options. */
export interface NeynarHubOptions extends Omit<HubOptions, 'hubUrl' | 'headers'> {
  /** A Neynar API key, sent as `x-api-key`. Required. */
  readonly apiKey: string;
  /**
   * The hub to ask. Default: the environment variable `SOCIAL_WEBHOOKS_HUB_URL` where the runtime
   * has `process.env` and it is set (e.g. the emulator, `http://127.0.0.1:8787`), else Neynar's hub.
   */
  readonly hubUrl?: string | URL;
}

/** The environment variable that points `verifyAppKeyWithNeynar` at another hub when `hubUrl` is left out. */
export const HUB_URL_ENV = 'SOCIAL_WEBHOOKS_HUB_URL';

/** Neynar's hub, which `verifyAppKeyWithNeynar` asks. */
export const NEYNAR_HUB_URL = 'https://hub-api.neynar.com';
/** 3 seconds, the default `timeoutMs` of a hub lookup: under the sender's 5 s bound. */
export const DEFAULT_HUB_TIMEOUT_MS = 3_000;
/** 5 minutes, the default `cacheMs`. */
export const DEFAULT_HUB_CACHE_MS = 300_000;
/** 10,000 FIDs, the default `maxCacheEntries`. */
export const DEFAULT_HUB_CACHE_ENTRIES = DEFAULT_APP_KEY_STORE_ENTRIES;
/** 10 seconds, the default `recheckMs`. */
export const DEFAULT_HUB_RECHECK_MS = 10_000;
/** 5 calls a second, the default `maxLookupsPerSecond`: Neynar Starter's rate limit per endpoint. */
export const DEFAULT_LOOKUPS_PER_SECOND = 5;
/** 5 calls at once, the default `maxConcurrentLookups`. */
export const DEFAULT_CONCURRENT_LOOKUPS = 5;

/** The options resolved: the signers endpoint's URL, and every default filled in. */
export interface ResolvedHubOptions {
  readonly signersUrl: URL;
  /** Where the hub's URL came from, in a sentence for the message of a hub that cannot be reached. */
  readonly hubFrom: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly timeoutMs: number;
  readonly cacheMs: number;
  readonly recheckMs: number;
  readonly maxLookupsPerSecond: number;
  readonly maxConcurrentLookups: number;
  readonly store: AppKeyStore;
  readonly fetch: (input: URL, init: RequestInit) => Promise<Response>;
}

const OPTION_KEYS: readonly string[] = [
  'hubUrl',
  'headers',
  'timeoutMs',
  'cacheMs',
  'recheckMs',
  'maxLookupsPerSecond',
  'maxConcurrentLookups',
  'store',
  'maxCacheEntries',
  'fetch',
] satisfies (keyof HubOptions)[];

/**
 * Checks the options of a hub lookup once, when it is built, and resolves them into a fresh object.
 * @throws {WebhookError} `invalid_options`, saying what to pass instead.
 */
export function checkHubOptions(options: HubOptions, name: string, hubFrom = 'Its URL is the hubUrl option.'): ResolvedHubOptions {
  const fail = (message: string): never => {
    throw new WebhookError('invalid_options', `@social-webhooks/core: ${name}: ${message}`);
  };
  if (typeof options !== 'object' || options === null) fail(`${name}() takes an options object.`);
  const unknown = Object.keys(options).find((key) => !OPTION_KEYS.includes(key));
  if (unknown !== undefined) fail(`there is no option \`${unknown}\`; the options are ${OPTION_KEYS.join(', ')}.`);
  const hub = parseHubUrl(options.hubUrl);
  if (hub === undefined) {
    fail(`\`hubUrl\` must be the http(s) URL of a hub's HTTP API, e.g. "https://hub.example.com:2281"; got ${String(options.hubUrl)}.`);
  }
  const headers = options.headers ?? {};
  if (typeof headers !== 'object' || headers === null || Object.values(headers).some((value) => typeof value !== 'string')) {
    fail('`headers` must be an object of header names to string values.');
  }
  const { store } = options;
  if (store !== undefined) {
    const methods = ['getSigners', 'setSigners', 'acquireLookup', 'pauseLookups', 'claimFetch', 'releaseFetch'] as const;
    if (typeof store !== 'object' || store === null || methods.some((method) => typeof store[method] !== 'function')) {
      fail(
        '`store` must be an app key store (getSigners, setSigners, acquireLookup, pauseLookups): redisAppKeyStore({ client }) or memoryAppKeyStore().',
      );
    }
    if (options.maxCacheEntries !== undefined)
      fail('`maxCacheEntries` sizes the default in-memory store; with `store`, size that store instead.');
  }
  const fetchOption = options.fetch ?? globalThis.fetch;
  if (typeof fetchOption !== 'function') fail('`fetch` must be a function; this runtime has no global fetch, so pass one.');
  return {
    // Relative to the hub URL with a trailing slash, so a hub behind a proxy's path keeps it.
    signersUrl: new URL('v1/onChainSignersByFid', hub!.href.endsWith('/') ? hub! : `${hub!.href}/`),
    hubFrom,
    headers: { ...headers },
    timeoutMs: whole(options.timeoutMs, 'timeoutMs', DEFAULT_HUB_TIMEOUT_MS, 1, fail),
    cacheMs: whole(options.cacheMs, 'cacheMs', DEFAULT_HUB_CACHE_MS, 0, fail),
    recheckMs: whole(options.recheckMs, 'recheckMs', DEFAULT_HUB_RECHECK_MS, 0, fail),
    maxLookupsPerSecond: whole(options.maxLookupsPerSecond, 'maxLookupsPerSecond', DEFAULT_LOOKUPS_PER_SECOND, 1, fail),
    maxConcurrentLookups: whole(options.maxConcurrentLookups, 'maxConcurrentLookups', DEFAULT_CONCURRENT_LOOKUPS, 1, fail),
    store:
      store ?? memoryAppKeyStore({ maxEntries: whole(options.maxCacheEntries, 'maxCacheEntries', DEFAULT_HUB_CACHE_ENTRIES, 1, fail) }),
    // Called unbound, as a global fetch must be on some runtimes (a Worker's throws "Illegal invocation" otherwise).
    fetch: (input, init) => fetchOption(input, init),
  };
}

function parseHubUrl(value: unknown): URL | undefined {
  if (typeof value !== 'string' && !(value instanceof URL)) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : undefined;
  } catch {
    return undefined;
  }
}

function whole(value: number | undefined, name: string, fallback: number, min: number, fail: (message: string) => never): number {
  const resolved = value ?? fallback;
  if (!Number.isSafeInteger(resolved) || resolved < min) {
    fail(`\`${name}\` must be a whole number${min === 0 ? ' (0 or more)' : ', 1 or more'} (default ${fallback}); got ${String(value)}.`);
  }
  return resolved;
}
