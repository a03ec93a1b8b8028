import { ApiError, type ApiErrorCode } from '@social-webhooks/client';

/** Neynar's API, as `@neynar/nodejs-sdk` calls it by default (its `BASE_PATH`). */
export const NEYNAR_API_URL = 'https://api.neynar.com';

/** The path of an app's notification tokens (the SDK's `FrameApi.fetchNotificationTokens`). */
export const NEYNAR_TOKENS_PATH = '/v2/farcaster/frame/notification_tokens/';

/** The most rows Neynar answers a page ("Default: 20, Maximum: 100"): the fewest requests. */
const PAGE_LIMIT = 100;

/** How often a page answered 429 or 5xx is asked again, after `Retry-After` or 1, 2, 4, 8 s. */
const RETRIES = 4;
/** The longest `Retry-After` waited for. */
const MOST_WAIT_MS = 60_000;

/** A row as Neynar answers it (`FrameNotificationTokensNotificationTokensInner`: every field optional). */
export interface NeynarTokenRow {
  readonly fid?: unknown;
  readonly url?: unknown;
  readonly token?: unknown;
  readonly status?: unknown;
  /** When Neynar first stored the token (ISO 8601), read as the target's `enabledAt`. */
  readonly created_at?: unknown;
}

/** Where Neynar is and who asks. */
export interface NeynarTokenPagesOptions {
  /** The app's Neynar API key: the key names the app whose tokens are listed. */
  readonly apiKey: string;
  /** Default `https://api.neynar.com`; the emulator's URL in tests. */
  readonly baseUrl?: string;
  /** Each request's bound, in milliseconds. */
  readonly timeoutMs: number;
}

/**
 * Every notification token of the app whose API key is given, a page at a time, as the SDK reads
 * them (3.177.0, build/api/apis/frame-api.js): `GET /v2/farcaster/frame/notification_tokens/?limit=100
 * [&cursor=…]` with the key in `x-api-key`, each answer `{ notification_tokens: [...], next: { cursor } }`,
 * until the cursor is null. Only one page is held at a time.
 * @throws {ApiError} the answer's status (`unauthorized`, `rate_limited`, `server_error`…), an
 *   unreadable answer (`invalid_response`), no answer (`network_error`, `timeout`).
 */
export async function* neynarTokenPages(options: NeynarTokenPagesOptions): AsyncGenerator<readonly NeynarTokenRow[]> {
  const base = (options.baseUrl ?? NEYNAR_API_URL).replace(/\/+$/, '');
  const seen = new Set<string>();
  let cursor: string | null = null;
  do {
    const url = new URL(base + NEYNAR_TOKENS_PATH);
    url.searchParams.set('limit', String(PAGE_LIMIT));
    if (cursor !== null) url.searchParams.set('cursor', cursor);
    const body = await getJson(url, options);
    const rows = (body as { notification_tokens?: unknown }).notification_tokens;
    const next = (body as { next?: { cursor?: unknown } }).next?.cursor ?? null;
    if (!Array.isArray(rows) || (next !== null && typeof next !== 'string'))
      throw unreadable('the answer is not { notification_tokens: [...], next: { cursor } }', body);
    // A cursor answered twice would page for ever.
    if (next !== null && seen.has(next)) throw unreadable(`the cursor ${JSON.stringify(next)} was answered twice`, body);
    if (next !== null) seen.add(next);
    yield rows as NeynarTokenRow[];
    cursor = next;
  } while (cursor !== null);
}

const REQUEST = `GET ${NEYNAR_TOKENS_PATH}`;

/**
 * A page, asked again while Neynar answers 429 (its rate limit: 5 requests a second per endpoint on
 * the Starter plan) or 5xx, as long as `Retry-After` says or 1, 2, 4, 8 s: a large app's list is
 * hundreds of pages, and starting over would read them all again.
 */
async function getJson(url: URL, options: NeynarTokenPagesOptions): Promise<unknown> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await getJsonOnce(url, options);
    } catch (error) {
      const status = (error as ApiError).status;
      const again = status === 429 || (status !== undefined && status >= 500);
      if (!again || attempt === RETRIES) throw error;
      await new Promise((wake) => setTimeout(wake, waitOf((error as ApiError & { retryAfter?: string | null }).retryAfter, attempt)));
    }
  }
}

function waitOf(retryAfter: string | null | undefined, attempt: number): number {
  const seconds = retryAfter === null || retryAfter === undefined || retryAfter.trim() === '' ? Number.NaN : Number(retryAfter);
  const at = Number.isNaN(seconds) && typeof retryAfter === 'string' ? Date.parse(retryAfter) - Date.now() : Number.NaN;
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Number.isFinite(at) ? at : 1000 * 2 ** attempt;
  return Math.min(Math.max(ms, 0), MOST_WAIT_MS);
}

async function getJsonOnce(url: URL, options: NeynarTokenPagesOptions): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { accept: 'application/json', 'x-api-key': options.apiKey },
      signal: AbortSignal.timeout(options.timeoutMs),
    });
  } catch (error) {
    const timedOut = (error as Error).name === 'TimeoutError';
    const why = timedOut ? `no answer within ${options.timeoutMs} ms` : String((error as Error).cause ?? (error as Error).message);
    throw new ApiError(timedOut ? 'timeout' : 'network_error', `could not reach Neynar at ${url.origin}: ${why}`, {
      request: REQUEST,
      cause: error,
    });
  }
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Kept as text, for the message.
  }
  if (!response.ok) {
    const serviceMessage = (body as { message?: unknown } | null)?.message;
    const said = typeof serviceMessage === 'string' ? serviceMessage : text.slice(0, 200);
    const error = new ApiError(
      codeOf(response.status),
      `Neynar answered ${response.status} to ${REQUEST}: ${said}${hintOf(response.status)}`,
      {
        status: response.status,
        serviceMessage: typeof serviceMessage === 'string' ? serviceMessage : undefined,
        body,
        request: REQUEST,
      },
    );
    throw Object.assign(error, { retryAfter: response.headers.get('retry-after') });
  }
  if (typeof body !== 'object' || body === null) throw unreadable('the answer is not JSON', body);
  return body;
}

function codeOf(status: number): ApiErrorCode {
  if (status === 400) return 'bad_request';
  if (status === 401 || status === 403) return 'unauthorized';
  if (status === 404) return 'not_found';
  if (status === 429) return 'rate_limited';
  return status >= 500 ? 'server_error' : 'http_error';
}

function hintOf(status: number): string {
  if (status === 401 || status === 403) return '. Is --api-key (or NEYNAR_API_KEY) the key of the app whose tokens Neynar holds?';
  if (status === 429)
    return ". Neynar's rate limit, still after 4 retries: run the import again in a minute; what it imported is counted unchanged.";
  return '';
}

function unreadable(why: string, body: unknown): ApiError {
  return new ApiError('invalid_response', `Neynar's answer to ${REQUEST} is unreadable: ${why}`, { body, request: REQUEST });
}
