import { claimDelivery } from '../dedupe/claim-delivery.js';
import type { ReadBody } from '../dedupe/delivery-key.js';
import type { UnknownWebhookEvent, WebhookEvent } from '../events/types.js';
import type { ResolvedOptions } from '../options/resolve-options.js';
import { dispatch } from './dispatch.js';
import type { ReceiveResult } from './outcome.js';
import { respondWithin, type DeliveryRun } from './respond-within.js';

/** A validated delivery, ready for its handler. */
export interface ValidDelivery<Context> {
  readonly event: WebhookEvent | UnknownWebhookEvent;
  readonly known: boolean;
  readonly body: ReadBody;
  readonly context: Context;
  /** The delivery id a `deliveryIdHeaders` header carried, if any. */
  readonly deliveryId?: string | undefined;
}

/**
 * Runs a validated delivery: claims it when `dedupe` is on (a duplicate runs no handler), dispatches
 * it, settles the claim, and answers early when `respondWithin` passes first. Answers at once when
 * there is nothing to wait for (no dedupe, no respondWithin, a handler that returned a plain value).
 * Never rejects.
 */
export function runDelivery<Context>(options: ResolvedOptions<Context>, delivery: ValidDelivery<Context>): DeliveryRun | Promise<DeliveryRun> {
  const { event, known, context } = delivery;
  const hasHandler = known ? options.handlers.has((event as WebhookEvent).eventName) : options.onUnknownEvent !== undefined;
  // Without a handler there is nothing to run twice, so nothing to claim or wait for; without
  // dedupe or respondWithin, nothing to claim nor race: the handler's outcome is the answer.
  if (!hasHandler || (options.dedupe === undefined && options.respondWithin === undefined)) {
    const result = dispatch(options, event, known, context);
    return result instanceof Promise ? result.then(asRun) : { result };
  }
  return runGuarded(options, delivery);
}

async function runGuarded<Context>(options: ResolvedOptions<Context>, delivery: ValidDelivery<Context>): Promise<DeliveryRun> {
  const { event, known, context } = delivery;
  const claim = options.dedupe === undefined ? undefined : await claimDelivery(options.dedupe, event, delivery.body, options.logger, delivery.deliveryId);
  if (claim?.kind === 'answer') return { result: claim.result };
  const work = Promise.resolve(dispatch(options, event, known, context)).then(async (result) => {
    await claim?.settle(result);
    return result;
  });
  if (options.respondWithin === undefined) return { result: await work };
  return respondWithin(work, options.respondWithin, event.eventName);
}

function asRun(result: ReceiveResult): DeliveryRun {
  return { result };
}
