import type { AnyEvent } from '../schema/types.js';
import { WebhookError } from '../errors.js';
import type { ResolvedLogger } from '../observe/logger.js';
import type { ReadBody } from '../delivery.js';
import { failure, proceed, stop, success, type ReceiveResult, type Step } from '../result.js';
import { deliveryKey, type KeyRule } from './delivery-key.js';
import type { ResolvedDedupe } from './resolve-dedupe.js';
import type { ClaimState } from './dedupe-store.js';
import { withTimeout } from './with-timeout.js';

/** Completes or releases a claim once the handler's result is known. */
export type Settle = (result: ReceiveResult) => Promise<void>;

const IN_PROGRESS =
  'The same delivery is being handled by another request right now. Retry later: it is answered 200 once that one succeeds.';
const UNAVAILABLE = 'The receiver could not check for duplicate deliveries. Retry later.';
const NOTHING_HELD = proceed<Settle>(async () => undefined);

/**
 * Claims a delivery before its handler runs (the `dedupe` option), and decides its answers
 * (docs/contract.md §Statuses): 200 `duplicate` when it was handled already, 409
 * `delivery_in_progress` while another request handles it, 503 `dedupe_unavailable` when the store
 * failed under `'reject'`. Otherwise goes on with the `settle` to call with the handler's result,
 * which completes or releases the claim. Every store call is bounded by `timeoutMs`; a failed or slow
 * store follows `onStoreError`. Never rejects.
 */
export async function claimDelivery(
  dedupe: ResolvedDedupe,
  event: AnyEvent,
  body: ReadBody,
  logger: ResolvedLogger,
  deliveryId: string | undefined,
  rule: KeyRule,
  fixedKey?: string,
): Promise<Step<Settle>> {
  const { eventName } = event;
  const token = crypto.randomUUID();
  let key: string;
  let claiming: Promise<ClaimState> | undefined;
  try {
    const found = fixedKey ?? (await deliveryKey(dedupe, event, body, deliveryId, rule));
    // Nothing identifies this delivery (identical bodies can be different events): nothing to claim.
    if (found === undefined) return NOTHING_HELD;
    key = found;
    const state = await call(dedupe, 'claim', () => (claiming = dedupe.store.claim(key, token, dedupe.leaseMs)));
    logger.debug(`social-webhooks: dedupe claim: ${state}`, { eventName });
    if (state === 'completed') return stop(success('duplicate', eventName));
    if (state === 'in_flight') return stop(failure('delivery_in_progress', IN_PROGRESS, eventName));
  } catch (error) {
    if (claiming !== undefined) releaseWhenSettled(dedupe, claiming, key!, token, logger, eventName);
    const reject = dedupe.onStoreError === 'reject';
    logger.error(
      `social-webhooks: the dedupe store failed; ${reject ? 'answered 503 so the service retries' : 'handling the delivery without a claim (onStoreError: process)'}.`,
      { eventName, error },
    );
    return reject ? stop(failure('dedupe_unavailable', UNAVAILABLE, eventName)) : NOTHING_HELD;
  }
  return proceed<Settle>(async function settle(result) {
    // A 2xx is remembered for ttlMs; a failure frees the key so the service's retry runs the handler.
    const handled = result.status < 300;
    try {
      await call(dedupe, handled ? 'complete' : 'release', () =>
        handled ? dedupe.store.complete(key, token, dedupe.ttlMs) : dedupe.store.release(key, token),
      );
    } catch (error) {
      logger.warn(
        `social-webhooks: the dedupe store failed to ${handled ? 'complete' : 'release'} a claim; it lapses after leaseMs (${dedupe.leaseMs} ms).`,
        { eventName, error },
      );
    }
  });
}

function call<T>(dedupe: ResolvedDedupe, method: string, run: () => Promise<T>): Promise<T> {
  return withTimeout(
    run,
    dedupe.timeoutMs,
    () =>
      new WebhookError(
        'dedupe_unavailable',
        `@social-webhooks/core: the dedupe store's ${method} took longer than timeoutMs (${dedupe.timeoutMs} ms).`,
      ),
  );
}

/**
 * A claim the receiver gave up on (it timed out or failed) may still reach the store: a Redis that
 * froze for a moment runs the queued `SET NX` once it thaws. Nobody would own that claim, and every
 * retry would get 409 until `leaseMs` lapsed, perhaps past the service's last retry. So once the
 * call settles, the claim is released with this request's token (a no-op if it never took the key,
 * and never a release of another holder's claim).
 */
function releaseWhenSettled(
  dedupe: ResolvedDedupe,
  claiming: Promise<ClaimState>,
  key: string,
  token: string,
  logger: ResolvedLogger,
  eventName: string,
): void {
  const release = async () => {
    try {
      await dedupe.store.release(key, token);
      logger.debug('social-webhooks: released a claim that settled after the receiver gave up on it.', { eventName });
    } catch (error) {
      logger.warn(`social-webhooks: could not release a claim the receiver gave up on; it lapses after leaseMs (${dedupe.leaseMs} ms).`, {
        eventName,
        error,
      });
    }
  };
  // After a rejection the claim may or may not have been taken; the release is safe either way.
  claiming.then((state) => (state === 'claimed' ? release() : undefined), release);
}
