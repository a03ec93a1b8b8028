import type { UnknownWebhookEvent, WebhookEvent } from '../events/types.js';
import type { ResolvedOptions } from '../options/resolve-options.js';
import { failure, success, type ReceiveResult } from './outcome.js';

const HANDLER_FAILED = 'The handler failed. The error went to the receiver\'s onError hook.';

/** Runs the event's handler and maps how it settles to a status (SPEC §2, last four rows). */
export async function dispatch<Context>(
  options: ResolvedOptions<Context>,
  event: WebhookEvent | UnknownWebhookEvent,
  known: boolean,
  context: Context,
): Promise<ReceiveResult> {
  const handler = known ? options.handlers.get((event as WebhookEvent).eventName) : options.onUnknownEvent;
  if (handler === undefined) return success(known ? 'no_handler' : 'unknown_event', event.eventName);
  try {
    const returned: unknown = handler(event as never, context);
    // Only a promise (or other thenable) needs awaiting: awaiting a plain value, which most
    // handlers return, would still cost a turn of the microtask queue on every delivery.
    if (isThenable(returned)) await returned;
  } catch (error) {
    await report(options, error, event, context);
    return failure('handler_failed', HANDLER_FAILED, event.eventName);
  }
  return success(known ? 'handled' : 'unknown_event', event.eventName);
}

async function report<Context>(
  options: ResolvedOptions<Context>,
  error: unknown,
  event: WebhookEvent | UnknownWebhookEvent,
  context: Context,
): Promise<void> {
  try {
    await options.onError(error, event, context);
  } catch (hookError) {
    // The error hook is the user's last reporting channel; when it fails too, stderr is all that is left.
    console.error('social-webhooks: the onError hook threw while reporting a handler failure.', hookError);
  }
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (typeof value === 'object' || typeof value === 'function') && value !== null && typeof (value as PromiseLike<unknown>).then === 'function';
}
