import type { UnknownWebhookEvent, WebhookEvent } from '../schema/types.js';
import { isThenable } from '../is-thenable.js';
import type { ResolvedOptions } from '../options/resolve-options.js';
import { failure, success, type ReceiveResult } from '../result.js';

const HANDLER_FAILED = 'The handler failed. The error went to the receiver\'s onError hook.';

/**
 * Runs the event's handler and maps how it settles to a status (SPEC §2, last four rows). Answers
 * at once when the handler returns a plain value, which most handlers do: going through a promise
 * anyway would cost turns of the microtask queue on every delivery. Never rejects.
 */
export function dispatch<Context>(
  options: ResolvedOptions<Context>,
  event: WebhookEvent | UnknownWebhookEvent,
  known: boolean,
  context: Context,
): ReceiveResult | Promise<ReceiveResult> {
  const handler = known ? options.handlers.get((event as WebhookEvent).eventName) : options.onUnknownEvent;
  if (handler === undefined) return success(known ? 'no_handler' : 'unknown_event', event.eventName);
  const done = success(known ? 'handled' : 'unknown_event', event.eventName);
  let returned: unknown;
  try {
    returned = handler(event as never, context);
  } catch (error) {
    return handlerFailed(options, error, event, context);
  }
  if (!isThenable(returned)) return done;
  return Promise.resolve(returned).then(
    () => done,
    (error: unknown) => handlerFailed(options, error, event, context),
  );
}

async function handlerFailed<Context>(
  options: ResolvedOptions<Context>,
  error: unknown,
  event: WebhookEvent | UnknownWebhookEvent,
  context: Context,
): Promise<ReceiveResult> {
  try {
    await options.onError(error, event, context);
  } catch (hookError) {
    // The error hook is the user's last reporting channel; when it fails too, stderr is all that is left.
    console.error('social-webhooks: the onError hook threw while reporting a handler failure.', hookError);
  }
  return failure('handler_failed', HANDLER_FAILED, event.eventName);
}
