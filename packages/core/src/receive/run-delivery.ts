import { claimDelivery } from '../dedupe/claim-delivery.js';
import type { ReadBody } from '../dedupe/delivery-key.js';
import type { UnknownWebhookEvent, WebhookEvent } from '../events/types.js';
import type { ResolvedOptions } from '../options/resolve-options.js';
import { dispatch } from './dispatch.js';
import { respondWithin, type DeliveryRun } from './respond-within.js';

/** A validated delivery, ready for its handler. */
export interface ValidDelivery<Context> {
  readonly event: WebhookEvent | UnknownWebhookEvent;
  readonly known: boolean;
  readonly body: ReadBody;
  readonly context: Context;
}

/**
 * Runs a validated delivery: claims it when `dedupe` is on (a duplicate runs no handler), dispatches
 * it, settles the claim, and answers early when `respondWithin` passes first. Never rejects.
 */
export async function runDelivery<Context>(options: ResolvedOptions<Context>, delivery: ValidDelivery<Context>): Promise<DeliveryRun> {
  const { event, known, context } = delivery;
  const hasHandler = known ? options.handlers.has((event as WebhookEvent).eventName) : options.onUnknownEvent !== undefined;
  // Without a handler there is nothing to run twice, so nothing to claim or wait for.
  if (!hasHandler) return { result: await dispatch(options, event, known, context) };

  const claim = options.dedupe === undefined ? undefined : await claimDelivery(options.dedupe, event, delivery.body, options.logger);
  if (claim?.kind === 'answer') return { result: claim.result };
  const work = dispatch(options, event, known, context).then(async (result) => {
    await claim?.settle(result);
    return result;
  });
  if (options.respondWithin === undefined) return { result: await work };
  return respondWithin(work, options.respondWithin, event.eventName);
}
