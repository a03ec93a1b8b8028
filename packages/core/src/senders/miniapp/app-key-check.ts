import { createSharedDeadline } from '../../shared-deadline.js';
import { proceed, refusal, type Step } from '../../result.js';
import type { ResolvedLogger } from '../../observe/logger.js';
import { describeError } from './describe-error.js';

/**
 * What a key lookup answers: the key is an active app key of the FID, registered by the app (the
 * Farcaster client) whose FID is `appFid`; or it is not. The shape of `@farcaster/miniapp-node`'s
 * `VerifyAppKeyResult`, so its lookups fit as they are.
 */
export type VerifyAppKeyResult = { readonly valid: true; readonly appFid: number } | { readonly valid: false };

/**
 * Whether `appKey` (`0x` and 64 hex digits) is an active app key of `fid`: a lookup in the chain's
 * key registry through a hub. `verifyAppKeyWithHub({ hubUrl })` and
 * `verifyAppKeyWithNeynar({ apiKey })` are two; `@farcaster/miniapp-node`'s fit too. Throwing or
 * rejecting means "could not tell" (the delivery is answered 503 and the client retries), never
 * "invalid".
 */
export interface VerifyAppKey {
  (fid: number, appKey: string): Promise<VerifyAppKeyResult>;
  /** A sentence the receiver logs once, as a warning, when it is built (which hub a lookup asks when the environment chose it). */
  readonly note?: string;
}

/** The lookup step: the app's FID, or the answer that ends the delivery. Never rejects. */
export type AppKeyCheck = (fid: number, appKey: string) => Promise<Step<number>>;

/**
 * Builds the lookup step, which decides (docs/contract.md §Senders, Mini App events): 401
 * `app_key_invalid` when the lookup answers `{ valid: false }`; 503 `app_key_lookup_failed` when it
 * throws, rejects, answers anything else, or has not answered within `timeoutMs` (a late answer is
 * dropped; one deadline serves every lookup, so the answer comes between `timeoutMs` and an eighth of
 * it later, without a timer armed and cleared per delivery). Why it failed goes to the logger as one line with its causes (`fetch failed (getaddrinfo
 * ENOTFOUND …)`), never a stack per delivery, and never into the answer; the error itself goes to
 * `debug`, for a logger that wants it.
 */
export function createAppKeyCheck(verifyAppKey: VerifyAppKey, timeoutMs: number, source: string, logger: ResolvedLogger): AppKeyCheck {
  const invalid = refusal('app_key_invalid', "The key that signed the delivery is not an active app key of the header's FID.");
  const failed = refusal('app_key_lookup_failed', 'The app key could not be checked; the server log says why. Retry later.');
  const lateError = () => new Error(`verifyAppKey did not answer within ${timeoutMs} ms (the verifyAppKeyTimeoutMs option)`);
  const fail = (error: unknown): Step<never> => {
    logger.error(`${source}: the app key lookup failed, so the delivery is answered 503: ${describeError(error)}`, {
      code: 'app_key_lookup_failed',
    });
    logger.debug(`${source}: the app key lookup's error`, { code: 'app_key_lookup_failed', error });
    return failed;
  };
  if (typeof verifyAppKey.note === 'string') logger.warn(`${source}: ${verifyAppKey.note}.`, {});
  const within = createSharedDeadline(timeoutMs);
  const judge = (result: unknown): Step<number> => {
    if (typeof result === 'object' && result !== null) {
      const { valid, appFid } = result as { valid?: unknown; appFid?: unknown };
      if (valid === false) return invalid;
      if (valid === true && typeof appFid === 'number' && Number.isSafeInteger(appFid) && appFid >= 0) return proceed(appFid);
    }
    return fail(new TypeError('verifyAppKey must answer { valid: true, appFid: <a whole number> } or { valid: false }.'));
  };
  const late = (): Step<never> => fail(lateError());

  // Not async: the lookup's own promise is raced and judged in the turn it settles, without an
  // async function's promise and resumption on top of it per delivery.
  return function checkAppKey(fid, appKey) {
    let answering: unknown;
    try {
      answering = verifyAppKey(fid, appKey);
    } catch (error) {
      // A lookup that throws instead of rejecting: the same failure, in a promise as the others.
      return Promise.resolve(fail(error));
    }
    return within(Promise.resolve(answering), judge, late, fail);
  };
}
