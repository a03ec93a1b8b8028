import { WebhookError } from '../../errors.js';
import type { VerifyAppKey } from './app-key-check.js';
import { createHubLookup } from './hub-app-key.js';
import { checkHubOptions, HUB_URL_ENV, NEYNAR_HUB_URL, type NeynarHubOptions } from './hub-options.js';

/**
 * `verifyAppKeyWithHub` on Neynar's hub (`https://hub-api.neynar.com`) with the API key in
 * `x-api-key`, as `verifyAppKeyWithNeynar` of `@farcaster/miniapp-node` does. The key is passed in,
 * not read from `process.env`, so it runs on every runtime, and a missing one is found when the
 * sender is built rather than on the first delivery.
 *
 * To try it on your machine, point it at the emulator without editing the code: with `hubUrl` left
 * out it reads `SOCIAL_WEBHOOKS_HUB_URL` where the runtime has `process.env`
 * (`SOCIAL_WEBHOOKS_HUB_URL=http://127.0.0.1:8787 node app.js` with `social-webhooks emulate --port
 * 8787`), and the receiver logs, once, which hub it asks.
 *
 * @param options `apiKey` (required), `hubUrl` (default `SOCIAL_WEBHOOKS_HUB_URL`, else Neynar's
 *   hub), and the other options of `verifyAppKeyWithHub` but `headers`: `timeoutMs` (3,000),
 *   `cacheMs` (300,000), `recheckMs` (10,000), `maxLookupsPerSecond` (5), `maxConcurrentLookups`
 *   (5), `store`, `maxCacheEntries` (10,000), `fetch`.
 * @throws {WebhookError} `invalid_options`, at once, for a missing or malformed `apiKey`, `hubUrl`
 *   (or `SOCIAL_WEBHOOKS_HUB_URL`) or option.
 * @example
 * miniAppSender({ verifyAppKey: verifyAppKeyWithNeynar({ apiKey: process.env.NEYNAR_API_KEY! }) });
 */
export function verifyAppKeyWithNeynar(options: NeynarHubOptions): VerifyAppKey {
  const fail = (message: string): never => {
    throw new WebhookError('invalid_options', `@social-webhooks/core: verifyAppKeyWithNeynar: ${message}`);
  };
  if (typeof options !== 'object' || options === null) fail('verifyAppKeyWithNeynar() takes an options object: { apiKey }.');
  if ('headers' in options) fail('it sends `apiKey` as x-api-key; for other headers, use verifyAppKeyWithHub({ hubUrl, headers }).');
  const { apiKey, hubUrl, ...rest } = options;
  if (typeof apiKey !== 'string' || apiKey === '') {
    fail('`apiKey` is missing: pass your Neynar API key, e.g. verifyAppKeyWithNeynar({ apiKey: process.env.NEYNAR_API_KEY }).');
  }
  if (apiKey.trim() !== apiKey) {
    fail(
      '`apiKey` has surrounding whitespace, which HTTP strips from header values, so Neynar would refuse it. Trim it (a trailing newline from a secrets file is the usual cause).',
    );
  }
  const fromEnv = hubUrl === undefined ? readHubUrlEnv() : undefined;
  const name = fromEnv === undefined ? 'verifyAppKeyWithNeynar' : `verifyAppKeyWithNeynar (${HUB_URL_ENV})`;
  const hubFrom =
    hubUrl !== undefined
      ? 'Its URL is the hubUrl option.'
      : fromEnv !== undefined
        ? `Its URL comes from ${HUB_URL_ENV}: start the emulator there (social-webhooks emulate), or unset it to ask Neynar's hub.`
        : `It is Neynar's hub, the default; on your machine, set ${HUB_URL_ENV} to the emulator's URL to ask it instead.`;
  const resolved = checkHubOptions(
    { ...rest, hubUrl: hubUrl ?? fromEnv ?? NEYNAR_HUB_URL, headers: { 'x-api-key': apiKey } },
    name,
    hubFrom,
  );
  const lookup = createHubLookup(resolved);
  if (fromEnv === undefined) return lookup;
  return Object.assign(lookup, {
    note: `verifyAppKeyWithNeynar asks the hub at ${resolved.signersUrl.origin} (from ${HUB_URL_ENV}), not Neynar's`,
  });
}

/** `SOCIAL_WEBHOOKS_HUB_URL`, where the runtime has `process.env` and it is set; the core reads nothing else of the environment. */
function readHubUrlEnv(): string | undefined {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
  const value = env?.[HUB_URL_ENV]?.trim();
  return value === undefined || value === '' ? undefined : value;
}
