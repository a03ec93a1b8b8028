import { WebhookError } from '../../errors.js';
import type { VerifyAppKey } from './app-key-check.js';
import { createHubLookup } from './hub-app-key.js';
import { checkHubOptions, NEYNAR_HUB_URL, type NeynarHubOptions } from './hub-options.js';

/**
 * `verifyAppKeyWithHub` on Neynar's hub (`https://hub-api.neynar.com`) with the API key in
 * `x-api-key`, as `verifyAppKeyWithNeynar` of `@farcaster/miniapp-node` does. The key is passed in,
 * not read from `process.env`, so it runs on every runtime, and a missing one is found when the
 * sender is built rather than on the first delivery.
 *
 * @param options `apiKey` (required), and `timeoutMs` (default 3,000), `cacheMs` (default 300,000),
 *   `maxCacheEntries` (default 10,000), `fetch` as for `verifyAppKeyWithHub`.
 * @throws {WebhookError} `invalid_options`, at once, for a missing or malformed `apiKey` or option.
 * @example
 * miniAppSender({ verifyAppKey: verifyAppKeyWithNeynar({ apiKey: process.env.NEYNAR_API_KEY! }) });
 */
export function verifyAppKeyWithNeynar(options: NeynarHubOptions): VerifyAppKey {
  const fail = (message: string): never => {
    throw new WebhookError('invalid_options', `@social-webhooks/core: verifyAppKeyWithNeynar: ${message}`);
  };
  if (typeof options !== 'object' || options === null) fail('verifyAppKeyWithNeynar() takes an options object: { apiKey }.');
  if ('hubUrl' in options || 'headers' in options)
    fail("it asks Neynar's hub with `apiKey`; for another hub or headers, use verifyAppKeyWithHub.");
  const { apiKey, ...rest } = options;
  if (typeof apiKey !== 'string' || apiKey === '') {
    fail('`apiKey` is missing: pass your Neynar API key, e.g. verifyAppKeyWithNeynar({ apiKey: process.env.NEYNAR_API_KEY }).');
  }
  if (apiKey.trim() !== apiKey) {
    fail(
      '`apiKey` has surrounding whitespace, which HTTP strips from header values, so Neynar would refuse it. Trim it (a trailing newline from a secrets file is the usual cause).',
    );
  }
  return createHubLookup(checkHubOptions({ ...rest, hubUrl: NEYNAR_HUB_URL, headers: { 'x-api-key': apiKey } }, 'verifyAppKeyWithNeynar'));
}
