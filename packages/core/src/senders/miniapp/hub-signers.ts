import { settleWithin } from '../../deadline.js';
import type { SignerList } from './app-key-store.js';
import { decodeBase64 } from './base64.js';
import { describeError } from './describe-error.js';
import { decodeRequestFid } from './signed-key-request.js';

/** The hub asked for a pause (429): how long, from its `Retry-After`. */
export class HubRateLimited extends Error {
  constructor(readonly retryAfterMs: number) {
    super(
      `the hub answered 429 (rate limited) to onChainSignersByFid; no lookup for ${Math.ceil(retryAfterMs / 1000)} s (its Retry-After)`,
    );
  }
}

/** What {@link fetchSigners} needs: the endpoint, where its URL came from, its headers, the deadline and the `fetch` to call. */
export interface SignersRequest {
  readonly signersUrl: URL;
  readonly hubFrom: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly timeoutMs: number;
  readonly fetch: (input: URL, init: RequestInit) => Promise<Response>;
}

// Without a Retry-After (or with one past reason), a 429 pauses lookups for a second, at most an hour.
const DEFAULT_RETRY_AFTER_MS = 1000;
const MAX_RETRY_AFTER_MS = 3_600_000;

/**
 * Asks the hub for every app key of `fid` (`GET {hub}/v1/onChainSignersByFid?fid=N`) and reads the
 * answer into a {@link SignerList}. Throws on anything but a 200 with the hub's JSON, or no answer
 * within `timeoutMs` (the body included); a 429 throws {@link HubRateLimited}.
 */
export async function fetchSigners({ signersUrl, hubFrom, headers, timeoutMs, fetch }: SignersRequest, fid: number): Promise<SignerList> {
  const url = new URL(signersUrl);
  url.searchParams.set('fid', String(fid));
  const controller = new AbortController();
  // The deadline covers the body too: the signal aborts its read, and settleWithin bounds a
  // `fetch` that ignores signals.
  const request = (async () => {
    let response: Response;
    try {
      response = await fetch(url, { headers, signal: controller.signal });
    } catch (error) {
      // The origin only: never the path, a query or credentials a hub URL may carry.
      throw new Error(`could not reach the hub at ${url.origin}: ${describeError(error)}. ${hubFrom}`, { cause: error });
    }
    if (response.status === 429) {
      await response.body?.cancel().catch(() => undefined);
      throw new HubRateLimited(retryAfterMs(response.headers.get('retry-after')));
    }
    if (response.status !== 200) {
      const text = await response.text().catch(() => '');
      throw new Error(`the hub answered ${response.status} to onChainSignersByFid${text === '' ? '' : `: ${text.slice(0, 200)}`}`);
    }
    return readSigners(await readJson(response));
  })();
  return settleWithin(request, timeoutMs, (): never => {
    controller.abort();
    throw new Error(`the hub did not answer onChainSignersByFid within ${timeoutMs} ms (the timeoutMs option)`);
  });
}

/** `Retry-After` in ms: delay-seconds or an HTTP date (RFC 9110 §10.2.3). */
function retryAfterMs(value: string | null): number {
  if (value === null) return DEFAULT_RETRY_AFTER_MS;
  const ms = /^\s*\d+\s*$/.test(value) ? Number(value) * 1000 : Date.parse(value) - Date.now();
  return Number.isFinite(ms) && ms > 0 ? Math.min(ms, MAX_RETRY_AFTER_MS) : DEFAULT_RETRY_AFTER_MS;
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return (await response.json()) as unknown;
  } catch (error) {
    throw new Error('the hub answered onChainSignersByFid with a body that is not JSON', { cause: error });
  }
}

/** Every key of the answer with its app's FID; throws on a body not the hub's, as the reference's schema does. */
function readSigners(body: unknown): SignerList {
  const events = (body as { events?: unknown } | null)?.events;
  if (!Array.isArray(events)) throw new Error('the hub answered onChainSignersByFid without an events array');
  const keys: Record<string, number | string> = {};
  for (const event of events as unknown[]) {
    const signer = (event as { signerEventBody?: { key?: unknown; metadata?: unknown } } | null)?.signerEventBody;
    if (typeof signer?.key !== 'string' || typeof signer.metadata !== 'string') {
      throw new Error('the hub answered onChainSignersByFid with an event without signerEventBody.key and .metadata strings');
    }
    const key = signer.key.toLowerCase();
    // The first event of a key wins, as the reference's find() does.
    if (Object.hasOwn(keys, key)) continue;
    keys[key] = readAppFid(signer.metadata);
  }
  return { fetchedAt: Date.now(), keys };
}

/** The app's FID of a signer's metadata, or why it cannot be read: a lookup of that key then fails closed. */
function readAppFid(metadata: string): number | string {
  const bytes = decodeBase64(metadata);
  if (bytes === undefined) return "the hub's signer metadata is not base64";
  try {
    return decodeRequestFid(bytes);
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}
