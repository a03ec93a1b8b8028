import type { EventName } from '../events/event-names.js';
import type { UnknownWebhookEvent, WebhookEvent } from '../events/types.js';

/**
 * The header value(s) the service handed out when the webhook was created
 * (`authentication.header_value`):
 * - one string;
 * - several strings: rotation, or one endpoint serving several webhooks;
 * - a map from event name to string(s): binds each value to its webhook's event type, which is what
 *   types a flat delivery (one without `eventName`) and refuses a body that claims another event.
 */
export type SecretOption =
  | string
  | readonly string[]
  | { readonly [Name in EventName]?: string | readonly string[] };

/** A handler for one event type: the typed event first, the framework's request context second. */
export type EventHandler<Name extends EventName, Context> = (
  event: WebhookEvent<Name>,
  context: Context,
) => unknown;

/** Handlers by event name. A misspelled name does not compile. */
export type EventHandlers<Context> = { readonly [Name in EventName]?: EventHandler<Name, Context> };

/** Options shared by every adapter (`@social-webhooks/core`, `/express`, `/hono`). */
export interface WebhookOptions<Context> {
  /** The header value(s) to accept; see {@link SecretOption}. Required, never empty. */
  readonly secret: SecretOption;
  /** Handlers by event name. An event with no handler is answered 200 and dropped. */
  readonly on?: EventHandlers<Context>;
  /** The delivery header's name, case-insensitive. Default `x-airstack-webhook`. */
  readonly header?: string;
  /** The largest body accepted, in bytes; larger ones get 413. Default 1 MiB (1,048,576). */
  readonly maxBodyBytes?: number;
  /**
   * Called for an authenticated delivery whose event name is not one of the documented four. The
   * receiver answers 200 either way (the service may add event types). If it throws: 500, as a handler.
   */
  readonly onUnknownEvent?: (event: UnknownWebhookEvent, context: Context) => unknown;
  /**
   * Called when a handler (or `onUnknownEvent`) throws or rejects; the receiver answers 500 with a
   * generic body so the service retries. Default: `console.error` with the event name.
   */
  readonly onError?: (error: unknown, event: WebhookEvent | UnknownWebhookEvent, context: Context) => unknown;
}
