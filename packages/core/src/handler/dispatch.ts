import type { AnyEvent, ReceivedEvent } from '../senders/sender.js';
import { isThenable } from '../is-thenable.js';
import type { ResolvedOptions } from '../options/resolve-options.js';
import { failure, success, type ReceiveResult } from '../result.js';

const HANDLER_FAILED = "The handler failed. The receiver's log has the error.";

/**
 * Runs the event's handler and maps how it settles to a status (docs/contract.md §Statuses): 200
 * `handled`, 200 `no_handler` or `unknown_event` when there is none to run, 500 `handler_failed`
 * when it throws or rejects. Answers
 * at once when the handler returns a plain value, which most handlers do: going through a promise
 * anyway would cost turns of the microtask queue on every delivery. Never rejects.
 */
export function dispatch<Context>(
  options: ResolvedOptions<Context>,
  received: ReceivedEvent,
  context: Context,
): ReceiveResult | Promise<ReceiveResult> {
  const { event } = received;
  let returned: unknown;
  let pending: PromiseLike<unknown>;
  try {
    // Each branch calls the handler with the event type it was declared for; `known` says which.
    if (received.known) {
      const handler = options.handlers.get(received.event.eventName);
      if (handler === undefined) return success('no_handler', event.eventName);
      returned = handler(received.event, context);
    } else {
      const handler = options.onUnknownEvent;
      if (handler === undefined) return success('unknown_event', event.eventName);
      returned = handler(received.event, context);
    }
    // Inside the `try`: reading `then` runs user code too (a getter that throws, a revoked Proxy),
    // and every way out of a handler must end as the contract's 500 (docs/contract.md §Statuses).
    if (!isThenable(returned)) return success(received.known ? 'handled' : 'unknown_event', event.eventName);
    pending = returned;
  } catch (error) {
    return handlerFailed(options, error, event, context);
  }
  const done = success(received.known ? 'handled' : 'unknown_event', event.eventName);
  // Promise.resolve reads `then` once more; a getter that throws now rejects, and lands below.
  return Promise.resolve(pending).then(
    () => done,
    (error: unknown) => handlerFailed(options, error, event, context),
  );
}

async function handlerFailed<Context>(
  options: ResolvedOptions<Context>,
  error: unknown,
  event: AnyEvent,
  context: Context,
): Promise<ReceiveResult> {
  if (options.onError !== undefined) {
    try {
      await options.onError(error, event, context);
    } catch (hookError) {
      // The error hook is the user's last reporting channel; when it fails too, stderr is all that is left.
      console.error('social-webhooks: the onError hook threw while reporting a handler failure.', hookError);
    }
  }
  // The error rides with the answer to its one log line (the reporter's), not a line of its own.
  return { ...failure('handler_failed', HANDLER_FAILED, event.eventName), error };
}
