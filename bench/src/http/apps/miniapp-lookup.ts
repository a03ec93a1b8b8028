import { DEFAULT_SIGNER_APP_FID, DEFAULT_SIGNER_FID } from '@social-webhooks/core/testing';
import type { VerifyAppKey, VerifyAppKeyResult } from '@social-webhooks/core';

/**
 * The environment variable that hands each Mini App server the public key of the bench's signer
 * (`0x` and 64 lower-case hex digits): the bench signs its delivery with a fresh key each run.
 */
export const MINIAPP_KEY_ENV = 'BENCH_MINIAPP_APP_KEY';

/** The signer's key from this process's environment; throws, naming the variable, when it is missing. */
export function benchAppKey(): string {
  const key = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.[MINIAPP_KEY_ENV];
  if (key === undefined || !/^0x[0-9a-f]{64}$/.test(key)) {
    throw new Error(`${MINIAPP_KEY_ENV} must hold the bench signer's app key (0x and 64 lower-case hex digits); got ${String(key)}`);
  }
  return key;
}

/**
 * A key lookup served from cache, as a warmed production receiver's is: it knows `appKey` for the
 * signer's user (FID 3, registered by the app 9152) and answers at once, with no hub call. The same
 * function serves the receiver and the reference's `parseWebhookEvent`, whose `VerifyAppKey` has
 * the same shape.
 */
export function cachedLookup(appKey: string): VerifyAppKey {
  const valid: VerifyAppKeyResult = Object.freeze({ valid: true, appFid: DEFAULT_SIGNER_APP_FID });
  const invalid: VerifyAppKeyResult = Object.freeze({ valid: false });
  return (fid, key) => Promise.resolve(fid === DEFAULT_SIGNER_FID && (key === appKey || key.toLowerCase() === appKey) ? valid : invalid);
}
