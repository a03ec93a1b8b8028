import {
  DEFAULT_DEDUPE_LEASE_MS,
  DEFAULT_DEDUPE_TTL_MS,
  EVENT_NAMES,
  type AirstackEvents,
  type AnyEvent,
  type DedupeStore,
  type EventHandlers,
  type EventMap,
  type EventOf,
  type JobInstrumentation,
  type Sender,
  type UnknownWebhookEvent,
} from '@social-webhooks/core';
import { optionsError } from '../errors.js';
import type { DeliveryMessage } from './delivery-message.js';
import type { MessageContext } from './message-context.js';
import type { QueueBatch, WorkerContext } from './queue-types.js';
import { runMessage, type MessageOutcome, type MessageRunner } from './run-message.js';

/** The sender a consumer runs the messages of: the receiver's own, of which it reads the name and the event names. */
export type ConsumerSender<Events extends EventMap> = Pick<Sender<Events>, 'name' | 'eventNames' | '~events'>;

/** Options of {@link queueConsumer}. */
export interface QueueConsumerOptions<Events extends EventMap = AirstackEvents> {
  /** The sender of the receiver that queues the messages; it types `on`. Default: the founding service. */
  readonly sender?: ConsumerSender<Events>;
  /** Handlers by event name, typed as the receiver's; the message context comes second. */
  readonly on?: NoInfer<EventHandlers<MessageContext, Events>>;
  /**
   * Where each message's delivery key is claimed before its handler runs, so a message Queues
   * delivers twice, or a sender's retry queued as a second message, runs once: a shared
   * `DedupeStore` (`d1Store()` or `durableObjectStore()` of this package), with `leaseMs` (60,000:
   * longer than a handler runs) and `ttlMs` (24 hours). `false` runs every message each time Queues
   * delivers it (at least once): only for handlers that are idempotent. Required.
   */
  readonly dedupe: { readonly store: DedupeStore; readonly leaseMs?: number; readonly ttlMs?: number } | false;
  /** Called for a message whose event name is not one of its sender's. Default: none (acked). */
  readonly onUnknownEvent?: (event: UnknownWebhookEvent, context: MessageContext) => unknown;
  /** Called on every failed attempt, before the message is retried. Default: `console.error`. */
  readonly onError?: (error: unknown, event: NoInfer<EventOf<Events>> | UnknownWebhookEvent, context: MessageContext) => unknown;
  /** The first retry's delay in seconds; each next one doubles it, up to 12 hours. Default 1 (0: at once). */
  readonly retryDelaySeconds?: number;
  /** The queue's `max_retries` in wrangler.toml, for the instrumentation's `willRetry`. Default 3, as Cloudflare's. */
  readonly maxRetries?: number;
  /** Spans and metrics per message: `otelInstrumentation()` from `@social-webhooks/otel`. Default: none. */
  readonly instrumentation?: JobInstrumentation;
}

/** The Worker's `queue(batch, env, ctx)` export for a queue of deliveries; resolves with each message's outcome. */
export type QueueConsumer = (batch: QueueBatch<DeliveryMessage>, env: unknown, ctx: WorkerContext) => Promise<MessageOutcome[]>;

/** Cloudflare's default `max_retries`. */
export const DEFAULT_QUEUE_MAX_RETRIES = 3;

/**
 * Runs the handlers of queued deliveries in a Worker's `queue()` export: the messages
 * `queueHandoff()` sent. The messages of a batch run at once; each is claimed by its delivery key
 * (`dedupe`), handed to the handler of its event with the message context second, then acked, or
 * retried with exponential backoff when the handler throws. After the queue's `max_retries`, Queues
 * moves it to the `dead_letter_queue` set in wrangler.toml (without one, it is dropped): set one.
 *
 * @param options `dedupe` (required), `sender` (the founding service), `on`, `onUnknownEvent`,
 *   `onError`, `retryDelaySeconds` (1), `maxRetries` (3), `instrumentation`.
 * @throws {WebhookError} `invalid_options` when an option is missing or malformed.
 * @example
 * const consume = queueConsumer({ sender: neynarSender({ secrets }), dedupe: { store }, on: { 'cast.created': (event) => … } });
 * export default { queue: (batch: MessageBatch, env: Env, ctx: ExecutionContext) => consume(batch, env, ctx) };
 */
export function queueConsumer<Events extends EventMap = AirstackEvents>(options: QueueConsumerOptions<Events>): QueueConsumer {
  const runner = resolveRunner(options as unknown as QueueConsumerOptions<EventMap>);
  return async function consume(batch, _env, ctx) {
    return Promise.all(batch.messages.map((message) => runMessage(runner, message, batch.queue, ctx)));
  };
}

function resolveRunner(options: QueueConsumerOptions<EventMap>): MessageRunner {
  const fail = (message: string): never => {
    throw optionsError(`queueConsumer(): ${message}`);
  };
  if (typeof options !== 'object' || options === null) fail('takes an options object: queueConsumer({ sender, dedupe, on }).');
  const sender = toSender(options.sender, fail);
  const on = options.on ?? {};
  if (typeof on !== 'object' || on === null) fail('`on` must be an object of handlers by event name.');
  for (const [name, handler] of Object.entries(on)) {
    if (!sender.eventNames.includes(name)) {
      fail(
        `\`on\` has the key "${name}", which is not an event name of the ${sender.name} sender. Use one of: ${sender.eventNames.join(', ')}.`,
      );
    }
    if (handler !== undefined && typeof handler !== 'function') fail(`\`on["${name}"]\` must be a function; got ${typeof handler}.`);
  }
  for (const name of ['onUnknownEvent', 'onError'] as const) {
    if (options[name] !== undefined && typeof options[name] !== 'function')
      fail(`\`${name}\` must be a function; got ${typeof options[name]}.`);
  }
  const { instrumentation } = options;
  if (instrumentation !== undefined && typeof instrumentation?.startJob !== 'function') {
    fail('`instrumentation` must have a startJob method, such as otelInstrumentation() from @social-webhooks/otel.');
  }
  const whole = (value: number | undefined, name: string, fallback: number, least: number): number => {
    if (value === undefined) return fallback;
    if (!Number.isSafeInteger(value) || value < least)
      fail(`\`${name}\` must be a whole number of at least ${least} (default ${fallback}); got ${String(value)}.`);
    return value;
  };
  return {
    sender,
    on: on as MessageRunner['on'],
    onUnknownEvent: options.onUnknownEvent,
    onError: options.onError ?? logFailure,
    dedupe: resolveDedupe(options.dedupe, whole, fail),
    retryDelaySeconds: whole(options.retryDelaySeconds, 'retryDelaySeconds', 1, 0),
    maxRetries: whole(options.maxRetries, 'maxRetries', DEFAULT_QUEUE_MAX_RETRIES, 0),
    instrumentation,
  };
}

function resolveDedupe(
  dedupe: QueueConsumerOptions['dedupe'] | undefined,
  whole: (value: number | undefined, name: string, fallback: number, least: number) => number,
  fail: (message: string) => never,
): MessageRunner['dedupe'] {
  if (dedupe === false) return undefined;
  const store = dedupe?.store;
  if (typeof store?.claim !== 'function' || typeof store.complete !== 'function' || typeof store.release !== 'function') {
    fail(
      '`dedupe` must be { store }, a DedupeStore every invocation shares (d1Store({ database: env.DB }) or durableObjectStore(...) of this package), ' +
        'since Queues delivers a message at least once; or `false` when every handler is idempotent.',
    );
  }
  return {
    store: store!,
    leaseMs: whole(dedupe!.leaseMs, 'dedupe.leaseMs', DEFAULT_DEDUPE_LEASE_MS, 1),
    ttlMs: whole(dedupe!.ttlMs, 'dedupe.ttlMs', DEFAULT_DEDUPE_TTL_MS, 1),
  };
}

function toSender(sender: ConsumerSender<EventMap> | undefined, fail: (message: string) => never): MessageRunner['sender'] {
  if (sender === undefined) return { name: 'airstack', eventNames: EVENT_NAMES };
  if (typeof sender !== 'object' || sender === null || typeof sender.name !== 'string' || !Array.isArray(sender.eventNames)) {
    fail('`sender` must be the sender of the receiver that queues the messages, such as neynarSender({ secrets }).');
  }
  return { name: sender.name, eventNames: sender.eventNames };
}

function logFailure(error: unknown, event: AnyEvent, context: MessageContext): void {
  console.error(
    `@social-webhooks/cloudflare: message ${context.message.id} (${event.eventName}) failed on attempt ${context.attempt}; it is retried.`,
    error,
  );
}
