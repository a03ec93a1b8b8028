import type { UnknownWebhookEvent, WebhookEvent } from '../events/types.js';
import { WebhookError } from '../errors.js';
import type { ResolvedLogger } from '../observe/logger.js';
import { failure, success, type ReceiveResult } from '../receive/outcome.js';
import { deliveryKey, type ReadBody } from './delivery-key.js';
import type { ResolvedDedupe } from './resolve-dedupe.js';
import { withTimeout } from './with-timeout.js';

/**
 * What a claim decided: `answer` without running the handler (a duplicate, or the store failed under
 * `'reject'`), or `run` it and call `settle` with its result, which completes or releases the claim.
 */
export type ClaimOutcome =
  | { readonly kind: 'answer'; readonly result: ReceiveResult }
  | { readonly kind: 'run'; readonly settle: (result: ReceiveResult) => Promise<void> };

const IN_PROGRESS =
  'The same delivery is being handled by another request right now. Retry later: it is answered 200 once that one succeeds.';
const UNAVAILABLE = 'The receiver could not check for duplicate deliveries. Retry later.';
const NOTHING_HELD = { kind: 'run', settle: async () => undefined } as const satisfies ClaimOutcome;

/**
 * Claims a delivery before its handler runs (the `dedupe` option). Every store call is bounded by
 * `timeoutMs`; a failed or slow store follows `onStoreError`. Never rejects.
 */
export async function claimDelivery(
  dedupe: ResolvedDedupe,
  event: WebhookEvent | UnknownWebhookEvent,
  body: ReadBody,
  logger: ResolvedLogger,
  deliveryId?: string,
): Promise<ClaimOutcome> {
  const { eventName } = event;
  const token = crypto.randomUUID();
  let key: string;
  try {
    key = await deliveryKey(dedupe, event, body, deliveryId);
    const state = await call(dedupe, 'claim', () => dedupe.store.claim(key, token, dedupe.leaseMs));
    logger.debug(`social-webhooks: dedupe claim: ${state}`, { eventName });
    if (state === 'completed') return { kind: 'answer', result: success('duplicate', eventName) };
    if (state === 'in_flight') return { kind: 'answer', result: failure('delivery_in_progress', IN_PROGRESS, eventName) };
  } catch (error) {
    const reject = dedupe.onStoreError === 'reject';
    logger.error(
      `social-webhooks: the dedupe store failed; ${reject ? 'answered 503 so the service retries' : 'handling the delivery without a claim (onStoreError: process)'}.`,
      { eventName, error },
    );
    return reject ? { kind: 'answer', result: failure('dedupe_unavailable', UNAVAILABLE, eventName) } : NOTHING_HELD;
  }
  return {
    kind: 'run',
    async settle(result) {
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
    },
  };
}

function call<T>(dedupe: ResolvedDedupe, method: string, run: () => Promise<T>): Promise<T> {
  return withTimeout(
    run,
    dedupe.timeoutMs,
    () => new WebhookError('dedupe_unavailable', `@social-webhooks/core: the dedupe store's ${method} took longer than timeoutMs (${dedupe.timeoutMs} ms).`),
  );
}
