import { settleWithin } from '../../deadline.js';
import type { VerifyAppKey } from './app-key-check.js';
import { decodeBase64 } from './base64.js';
import { setBounded } from './bounded-map.js';
import { checkHubOptions, type HubOptions, type ResolvedHubOptions } from './hub-options.js';
import { decodeRequestFid } from './signed-key-request.js';

/**
 * The key lookup most Mini Apps need: asks a Farcaster hub for the FID's active signers
 * (`GET {hubUrl}/v1/onChainSignersByFid?fid=N`) and finds the key among them, compared without
 * regard to case; the app's FID is the `requestFid` of that signer's metadata. What
 * `createVerifyAppKeyWithHub` of `@farcaster/miniapp-node` does, with a deadline and a cache.
 *
 * It fails closed: an answer other than 200, a body that is not the hub's JSON, unreadable metadata,
 * or no answer within `timeoutMs` throws, so the delivery is answered 503 and the client retries;
 * never `{ valid: true }`. A key found valid is not asked about again for `cacheMs`: a key removed
 * from the chain is still accepted that long. A key not found is not cached: a cache would not stop
 * forgeries that change the key each time, and would refuse a key added a moment ago.
 *
 * Runs anywhere `fetch` does: Node 20.19+, Bun, Deno, Workers. No request is shared between two
 * deliveries (on a Worker, one request's I/O cannot be awaited from another).
 *
 * @param options `hubUrl` (required; a path in it is kept), `headers` (default none), `timeoutMs`
 *   (default 3,000), `cacheMs` (default 300,000; 0 turns the cache off), `maxCacheEntries`
 *   (default 10,000), `fetch` (default the global one).
 * @throws {WebhookError} `invalid_options`, at once, for a malformed option.
 * @example
 * miniAppSender({ verifyAppKey: verifyAppKeyWithHub({ hubUrl: 'https://hub.example.com:2281' }) });
 */
export function verifyAppKeyWithHub(options: HubOptions): VerifyAppKey {
  return createHubLookup(checkHubOptions(options, 'verifyAppKeyWithHub'));
}

/** The lookup of {@link verifyAppKeyWithHub}, from options already checked. */
export function createHubLookup({ signersUrl, headers, timeoutMs, cacheMs, maxCacheEntries, fetch }: ResolvedHubOptions): VerifyAppKey {
  // Valid keys only, by FID and lower-cased key, with the time they expire.
  const cache = new Map<string, { readonly appFid: number; readonly expiresAt: number }>();

  async function lookUp(fid: number, appKey: string): Promise<number | undefined> {
    const url = new URL(signersUrl);
    url.searchParams.set('fid', String(fid));
    const controller = new AbortController();
    // The deadline covers the body too: the signal aborts its read, and settleWithin bounds a
    // `fetch` that ignores signals.
    const request = (async () => {
      const response = await fetch(url, { headers, signal: controller.signal });
      if (response.status !== 200) {
        const text = await response.text().catch(() => '');
        throw new Error(`the hub answered ${response.status} to onChainSignersByFid${text === '' ? '' : `: ${text.slice(0, 200)}`}`);
      }
      return findAppFid(await readJson(response), appKey);
    })();
    return settleWithin(request, timeoutMs, (): never => {
      controller.abort();
      throw new Error(`the hub did not answer onChainSignersByFid within ${timeoutMs} ms (the timeoutMs option)`);
    });
  }

  return async function verifyAppKey(fid, appKey) {
    const cacheKey = `${fid}:${appKey.toLowerCase()}`;
    const cached = cache.get(cacheKey);
    if (cached !== undefined && cached.expiresAt > Date.now()) return { valid: true, appFid: cached.appFid };
    const appFid = await lookUp(fid, appKey);
    if (appFid === undefined) return { valid: false };
    if (cacheMs > 0) setBounded(cache, cacheKey, { appFid, expiresAt: Date.now() + cacheMs }, maxCacheEntries);
    return { valid: true, appFid };
  };
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return (await response.json()) as unknown;
  } catch (error) {
    throw new Error('the hub answered onChainSignersByFid with a body that is not JSON', { cause: error });
  }
}

/** The `requestFid` of the signer whose key is `appKey`, or `undefined`; throws on a body not the hub's. */
function findAppFid(body: unknown, appKey: string): number | undefined {
  const events = (body as { events?: unknown } | null)?.events;
  if (!Array.isArray(events)) throw new Error('the hub answered onChainSignersByFid without an events array');
  const wanted = appKey.toLowerCase();
  let metadata: string | undefined;
  // Every event is checked, as the reference's schema checks the whole answer before it looks.
  for (const event of events as unknown[]) {
    const signer = (event as { signerEventBody?: { key?: unknown; metadata?: unknown } } | null)?.signerEventBody;
    if (typeof signer?.key !== 'string' || typeof signer.metadata !== 'string') {
      throw new Error('the hub answered onChainSignersByFid with an event without signerEventBody.key and .metadata strings');
    }
    if (metadata === undefined && signer.key.toLowerCase() === wanted) metadata = signer.metadata;
  }
  if (metadata === undefined) return undefined;
  const bytes = decodeBase64(metadata);
  if (bytes === undefined) throw new Error("the hub's signer metadata is not base64");
  return decodeRequestFid(bytes);
}
