import { claimDelivery } from '../dedupe/claim-delivery.js';
import type { ReadBody } from '../delivery.js';
import type { ReceivedEvent } from '../senders/sender.js';
import type { ResolvedOptions } from '../options/resolve-options.js';
import { dispatch } from './dispatch.js';
import { answerInTime, type Answer } from './respond-within.js';
import type { ReceiveResult } from '../result.js';
import { isThenable } from '../is-thenable.js';

/** What the handler step takes: the event the steps before produced, the body it came from, the context. */
export interface HandlerInput<Context> {
  readonly received: ReceivedEvent;
  readonly body: ReadBody;
  readonly context: Context;
  /** The delivery id a `deliveryIdHeaders` header carried, if any: the dedupe key prefers it. */
  readonly deliveryId?: string | undefined;
  /** The dedupe key to claim instead of the one the delivery gives (a replay's: docs/archive.md). */
  readonly key?: string | undefined;
}

/**
 * Runs the handler step: claims the delivery when `dedupe` is on (a duplicate runs no handler),
 * dispatches it, settles the claim, and answers early when `respondWithin` or `handlerTimeoutMs`
 * passes first (a claim is held until the handler settles, or its lease lapses). Answers at once
 * when there is nothing to wait for (no dedupe, no respondWithin, a handler that returned a
 * plain value). Never rejects.
 */
export function runHandler<Context>(
  options: ResolvedOptions<Context>,
  input: HandlerInput<Context>,
): ReceiveResult | Answer | Promise<Answer> {
  const { received, context } = input;
  // Without dedupe or respondWithin, nothing to claim nor race: the handler's outcome is the
  // answer. Without a handler, nothing to run twice, so nothing to claim or wait for either.
  if (
    (options.dedupe === undefined && options.respondWithin === undefined) ||
    !(received.known ? options.handlers.has(received.event.eventName) : options.onUnknownEvent !== undefined)
  ) {
    const result = dispatch(options, received, context);
    // A plain value needs no timer; a promise is bounded by handlerTimeoutMs.
    return isThenable(result) ? answerInTime(Promise.resolve(result), options, received.event.eventName) : result;
  }
  return runGuarded(options, input);
}

async function runGuarded<Context>(options: ResolvedOptions<Context>, input: HandlerInput<Context>): Promise<Answer> {
  const { received, context } = input;
  const { event } = received;
  const claim =
    options.dedupe === undefined
      ? undefined
      : await claimDelivery(options.dedupe, event, input.body, options.logger, input.deliveryId, options.sender, input.key);
  if (claim?.ok === false) return { result: claim.answer };
  const work = Promise.resolve(dispatch(options, received, context)).then(async (result) => {
    await claim?.value(result);
    return result;
  });
  return answerInTime(work, options, event.eventName);
}
