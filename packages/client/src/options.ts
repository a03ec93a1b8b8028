import { ApiError } from './errors.js';

/** The real service's base URL (docs/contract.md §Management API). */
export const DEFAULT_BASE_URL = 'https://webhooks.airstack.xyz';

/** How long a call may take, request and answer, by default: 10 seconds. */
export const DEFAULT_TIMEOUT_MS = 10_000;

/** A `fetch` function: the global one, or one you pass (a proxy agent, a test server's). */
export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

/** Options of `createClient`. */
export interface ClientOptions {
  /** The API key, sent as `Authorization: <key>` with no scheme (docs/contract.md §Management API). Required. */
  readonly apiKey: string;
  /** The service's base URL. Default `https://webhooks.airstack.xyz`; a path prefix is kept. */
  readonly baseUrl?: string | undefined;
  /** Milliseconds a call may take before it fails with `timeout`. Default 10000; `Infinity` for none. */
  readonly timeoutMs?: number | undefined;
  /** The `fetch` to use. Default: the global `fetch`. */
  readonly fetch?: FetchLike | undefined;
  /**
   * Let filters name fields the payload schemas do not list (the service may add fields first).
   * Default `false`: such a filter is refused locally, since a misspelt field never matches.
   */
  readonly allowUnknownFields?: boolean | undefined;
}

/** Options with defaults resolved and checked: built once by `createClient`. */
export interface ResolvedClientOptions {
  readonly apiKey: string;
  readonly baseUrl: string;
  readonly timeoutMs: number;
  readonly fetch: FetchLike;
  readonly allowUnknownFields: boolean;
}

const PREFIX = '@social-webhooks/client';

/**
 * Checks the options once and resolves their defaults into a fresh object (the caller's is never
 * changed).
 * @throws {ApiError} `invalid_options`, saying which option and how to fix it.
 */
export function resolveClientOptions(options: ClientOptions): ResolvedClientOptions {
  const reasons: string[] = [];
  const given: Partial<ClientOptions> = typeof options === 'object' && options !== null ? options : {};
  const apiKey = given.apiKey;
  if (typeof apiKey !== 'string' || apiKey === '') {
    reasons.push('apiKey: required, the API key the service gave you (WEBHOOKS_API_KEY for the CLI)');
  } else if (/^bearer\s/i.test(apiKey)) {
    reasons.push('apiKey: pass the key alone; the service expects no "Bearer" scheme');
  } else if (apiKey.trim() !== apiKey || /[\r\n]/.test(apiKey)) {
    reasons.push('apiKey: has spaces or line breaks around it; remove them');
  }
  const baseUrl = checkBaseUrl(given.baseUrl ?? DEFAULT_BASE_URL, reasons);
  const timeoutMs = given.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  if (typeof timeoutMs !== 'number' || Number.isNaN(timeoutMs) || timeoutMs <= 0) {
    reasons.push(`timeoutMs: expects a positive number of milliseconds (or Infinity), got ${String(timeoutMs)}`);
  }
  const fetchFunction = given.fetch ?? (typeof globalThis.fetch === 'function' ? globalThis.fetch.bind(globalThis) : undefined);
  if (typeof fetchFunction !== 'function') reasons.push('fetch: no global fetch in this runtime; pass the fetch option');
  if (reasons.length > 0) {
    throw new ApiError('invalid_options', `${PREFIX}: invalid options for createClient:\n${reasons.map((item) => `  - ${item}`).join('\n')}`, { reasons });
  }
  return { apiKey: apiKey!, baseUrl, timeoutMs, fetch: fetchFunction!, allowUnknownFields: given.allowUnknownFields ?? false };
}

function checkBaseUrl(value: unknown, reasons: string[]): string {
  const text = typeof value === 'string' ? value : '';
  let url: URL | undefined;
  try {
    url = new URL(text);
  } catch (error) {
    reasons.push(`baseUrl: not an absolute URL (${error instanceof Error ? error.message : 'unparsable'}), got ${JSON.stringify(value)}`);
    return '';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') reasons.push(`baseUrl: expects an http(s) URL, got ${url.protocol}`);
  if (url.search !== '' || url.hash !== '') reasons.push('baseUrl: must not have a query or a fragment');
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}
