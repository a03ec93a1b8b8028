import type { UnknownWebhookEvent } from '../schema/types.js';
import type { DedupeOptions } from '../dedupe/dedupe-options.js';
import type { Handoff } from '../handoff/handoff.js';
import type { DeliveryArchive } from '../archive/delivery-archive.js';
import type { Instrumentation } from '../observe/instrumentation.js';
import type { ResultHook } from '../observe/delivery-report.js';
import type { Logger } from '../observe/logger.js';
import type { SecretOption, SecretSource } from '../senders/airstack/secret-entries.js';
import type { AirstackEvents } from '../senders/airstack/airstack-sender.js';
import type { EventMap, EventOf, Sender } from '../senders/sender.js';

/** A handler for one event type: the typed event first, the framework's request context second. */
export type EventHandler<Name extends keyof Events & string, Context, Events extends EventMap = AirstackEvents> = (
  event: Events[Name],
  context: Context,
) => unknown;

/** Handlers by event name. A misspelled name does not compile. */
export type EventHandlers<Context, Events extends EventMap = AirstackEvents> = {
  readonly [Name in keyof Events & string]?: EventHandler<Name, Context, Events>;
};

/**
 * Which sender's deliveries the receiver takes (docs/contract.md §Senders): the founding service by
 * default, through `secret` and `header`; or another sender given as `sender`, which carries its
 * own credentials (`neynarSender({ secrets })`, `miniAppSender({ verifyAppKey })`).
 */
export type SenderChoice<Events extends EventMap> =
  | {
      /**
       * The header value(s) of the founding service to accept; see {@link SecretOption}. Required
       * without `sender`, never empty. A function ({@link SecretSource}) defers reading it to the first delivery.
       */
      readonly secret: SecretOption | SecretSource;
      /** The founding service's delivery header, case-insensitive. Default `x-airstack-webhook`. */
      readonly header?: string;
      readonly sender?: undefined;
    }
  | {
      /** The sender whose deliveries this receiver takes: `neynarSender({ secrets })`, `miniAppSender({ verifyAppKey })`. */
      readonly sender: Sender<Events>;
      /** Not with `sender`: the sender carries its own secrets. */
      readonly secret?: undefined;
      /** Not with `sender`: the sender names its own header. */
      readonly header?: undefined;
    };

/** Options shared by every adapter (`@social-webhooks/core`, `/express`, `/hono`): a sender and what to do with its events. */
export type WebhookOptions<Context, Events extends EventMap = AirstackEvents> = SenderChoice<Events> & PipelineOptions<Context, Events>;

/** The options every sender shares: handlers, limits, dedupe, hand-off, logging. */
export interface PipelineOptions<Context, Events extends EventMap = AirstackEvents> {
  /** Handlers by event name. An event with no handler is answered 200 and dropped. */
  readonly on?: NoInfer<EventHandlers<Context, Events>>;
  /** The largest body accepted, in bytes; larger ones get 413. Default 1 MiB (1,048,576). */
  readonly maxBodyBytes?: number;
  /**
   * Called for an authenticated delivery whose event name is not one of its sender's documented ones.
   * The receiver answers 200 either way (senders add event types). If it throws: 500, as a handler.
   */
  readonly onUnknownEvent?: (event: UnknownWebhookEvent, context: Context) => unknown;
  /**
   * Called when a handler (or `onUnknownEvent`) throws or rejects; the receiver answers 500 with a
   * generic body so the service retries. Either way the delivery's one log line (`logger.error`:
   * the outcome, `handler_failed`, and the error) reports it, also after a `respondWithin` answer.
   * Default: none.
   */
  readonly onError?: (error: unknown, event: NoInfer<EventOf<Events>> | UnknownWebhookEvent, context: Context) => unknown;
  /**
   * Recognise duplicate deliveries (the service delivers at least once) and run each handler once
   * per delivery: `true` for an in-memory store, or {@link DedupeOptions} (a shared store such as
   * `redisStore()` from `@social-webhooks/redis` for several instances). A delivery handled within
   * `ttlMs` is answered 200 `duplicate`; one being handled right now 409 `delivery_in_progress`.
   * Default: off.
   */
  readonly dedupe?: boolean | DedupeOptions<NoInfer<EventOf<Events>> | UnknownWebhookEvent>;
  /**
   * Answer 202 `accepted` when the handler has not settled after this many milliseconds, and let it
   * finish; a later failure goes to `onError` only, as the service will not retry a 2xx. Default:
   * wait for the handler, so a failure is a 500 and the service retries.
   */
  readonly respondWithin?: number;
  /**
   * The longest a handler may take, in milliseconds. Past it the receiver answers 503
   * `handler_timeout`, which the service retries, and frees the connection; the handler runs on, and
   * how it ends goes to `onError` and the logger. The service's gateway stops waiting after about
   * 5 s and delivers again anyway (docs/contract.md §Delivery semantics), so a handler that never
   * settles must not hold its connection for ever. `false` waits without a bound. Default 10,000.
   */
  readonly handlerTimeoutMs?: number | false;
  /**
   * The longest the body may take to arrive once the headers are in, in milliseconds; a slower one
   * is answered 408 `body_timeout` and its connection closed. The service sends the whole body at
   * once; a body that trickles in is a client holding a connection open. `false` waits as long as
   * the server allows. Default 5,000.
   */
  readonly bodyTimeoutMs?: number | false;
  /**
   * Where each delivery's outcome is logged (status, code, event name; never the header value nor
   * the body): `console`, or any object with `debug`/`info`/`warn`/`error(message, fields)`.
   * Default: refusals (4xx) on `console.warn` and failures (5xx) on `console.error`, each with a
   * hint, at most 10 lines a minute per outcome; `false` logs nothing.
   */
  readonly logger?: Logger | false;
  /** Called with each delivery's outcome, for metrics; see `DeliveryReport`. Default: none. */
  readonly onResult?: ResultHook;
  /**
   * Hand each authenticated, valid delivery to a durable queue instead of running a handler here:
   * answered 202 `queued` once stored, 503 `queue_unavailable` when the queue cannot store it within
   * its `timeoutMs`. `bullmqHandoff({ queue })` from `@social-webhooks/bullmq`. Excludes `on`,
   * `dedupe` and `respondWithin` (the worker runs the handlers). Default: none.
   */
  readonly handoff?: Handoff;
  /**
   * Headers that carry a delivery id the sender keeps across retries, most trusted first, lower or
   * any case; the first present keys the delivery for `dedupe` and `handoff`, before the payload's
   * `id`. `[]` turns it off. Default: the sender's, `['x-convoy-idempotency-key']` for the founding
   * service and Neynar (their gateway, docs/contract.md §Delivery semantics), none for Mini App events.
   */
  readonly deliveryIdHeaders?: readonly string[];
  /**
   * A hook around each delivery for tracing and metrics: `otelInstrumentation()` from
   * `@social-webhooks/otel`. Default: none.
   */
  readonly instrumentation?: Instrumentation;
  /**
   * Keep every delivery that passed its sender's check (never a forgery: those are counted by code,
   * in this process), as received, with its answer and its handler's later outcome, for
   * `replay()` and for a page to look at them: `memoryDeliveryArchive()`, or
   * `redisDeliveryArchive({ client })` from `@social-webhooks/redis`. The answer waits for the
   * record, bounded by the archive's `timeoutMs` (1000); an archive that fails changes no answer (a
   * warning is logged). Default: none.
   */
  readonly archive?: DeliveryArchive;
}

/**
 * The options as the pipeline reads them at run time, where a handler is called with its sender's
 * events only: the `on` map's types are contravariant, so the typed form is not assignable to this
 * one, and the receiver converts it here, once.
 */
export function asRuntimeOptions<Context, Events extends EventMap>(
  options: WebhookOptions<Context, Events>,
): WebhookOptions<Context, EventMap> {
  return options as unknown as WebhookOptions<Context, EventMap>;
}

/** Every key of {@link WebhookOptions}, for the check that refuses unknown (misspelled) ones. */
export const OPTION_KEYS = [
  'secret',
  'on',
  'header',
  'sender',
  'maxBodyBytes',
  'onUnknownEvent',
  'onError',
  'dedupe',
  'respondWithin',
  'handlerTimeoutMs',
  'bodyTimeoutMs',
  'logger',
  'onResult',
  'handoff',
  'deliveryIdHeaders',
  'instrumentation',
  'archive',
] as const satisfies readonly (keyof WebhookOptions<unknown>)[];

// An option added to the interface but not to the list above would be refused at run time: this
// line stops the build instead.
type Never<T extends never> = T;
export type MissingOptionKey = Never<Exclude<keyof WebhookOptions<unknown>, (typeof OPTION_KEYS)[number]>>;
