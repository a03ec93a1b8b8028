import { WebhookError } from '../../errors.js';

/** What `verifyAppKeyWithHub` takes. */
export interface HubOptions {
  /** The hub's HTTP API, e.g. `https://hub.example.com:2281`; a path in it is kept. Required. */
  readonly hubUrl: string | URL;
  /** Headers sent with every lookup, e.g. an API key. Default none. */
  readonly headers?: Readonly<Record<string, string>>;
  /** The longest a lookup may take, body included, in milliseconds; past it, it throws. Default 3,000. */
  readonly timeoutMs?: number;
  /** How long a key found valid is trusted without asking again, in milliseconds; 0 asks every time. Default 300,000 (5 minutes). */
  readonly cacheMs?: number;
  /** The most valid keys kept; past it the oldest go. Default 10,000. */
  readonly maxCacheEntries?: number;
  /** The `fetch` to call. Default the global `fetch`. */
  readonly fetch?: (input: URL, init: RequestInit) => Promise<Response>;
}

/** What `verifyAppKeyWithNeynar` takes: the API key, and the hub lookup's other options. */
export interface NeynarHubOptions extends Omit<HubOptions, 'hubUrl' | 'headers'> {
  /** A Neynar API key, sent as `x-api-key`. Required. */
  readonly apiKey: string;
}

/** Neynar's hub, which `verifyAppKeyWithNeynar` asks. */
export const NEYNAR_HUB_URL = 'https://hub-api.neynar.com';
/** 3 seconds, the default `timeoutMs` of a hub lookup: under the sender's 5 s bound. */
export const DEFAULT_HUB_TIMEOUT_MS = 3_000;
/** 5 minutes, the default `cacheMs`. */
export const DEFAULT_HUB_CACHE_MS = 300_000;
/** 10,000 keys, the default `maxCacheEntries`. */
export const DEFAULT_HUB_CACHE_ENTRIES = 10_000;

/** The options resolved: the signers endpoint's URL, and every default filled in. */
export interface ResolvedHubOptions {
  readonly signersUrl: URL;
  readonly headers: Readonly<Record<string, string>>;
  readonly timeoutMs: number;
  readonly cacheMs: number;
  readonly maxCacheEntries: number;
  readonly fetch: (input: URL, init: RequestInit) => Promise<Response>;
}

const OPTION_KEYS: readonly string[] = [
  'hubUrl',
  'headers',
  'timeoutMs',
  'cacheMs',
  'maxCacheEntries',
  'fetch',
] satisfies (keyof HubOptions)[];

/**
 * Checks the options of a hub lookup once, when it is built, and resolves them into a fresh object.
 * @throws {WebhookError} `invalid_options`, saying what to pass instead.
 */
export function checkHubOptions(options: HubOptions, name: string): ResolvedHubOptions {
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
  const fetchOption = options.fetch ?? globalThis.fetch;
  if (typeof fetchOption !== 'function') fail('`fetch` must be a function; this runtime has no global fetch, so pass one.');
  return {
    // Relative to the hub URL with a trailing slash, so a hub behind a proxy's path keeps it.
    signersUrl: new URL('v1/onChainSignersByFid', hub!.href.endsWith('/') ? hub! : `${hub!.href}/`),
    headers: { ...headers },
    timeoutMs: whole(options.timeoutMs, 'timeoutMs', DEFAULT_HUB_TIMEOUT_MS, 1, fail),
    cacheMs: whole(options.cacheMs, 'cacheMs', DEFAULT_HUB_CACHE_MS, 0, fail),
    maxCacheEntries: whole(options.maxCacheEntries, 'maxCacheEntries', DEFAULT_HUB_CACHE_ENTRIES, 1, fail),
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
