import { EVENT_NAMES, isEventName, type EventName } from '../schema/event-names.js';
import type { UnknownWebhookEvent, WebhookEvent } from '../schema/types.js';
import { WebhookError } from '../errors.js';
import { toSecretEntries, type SecretEntry, type SecretSource } from '../header/secret-entries.js';
import { resolveDedupe, type ResolvedDedupe } from '../dedupe/resolve-dedupe.js';
import { DEFAULT_DELIVERY_ID_HEADERS } from '../dedupe/delivery-id.js';
import type { ResolvedHandoff } from '../handoff/hand-off.js';
import { resolveHandoff } from '../handoff/resolve-handoff.js';
import type { Instrumentation } from '../observe/instrumentation.js';
import type { ResultHook } from '../observe/delivery-report.js';
import { resolveLogger, type ResolvedLogger } from '../observe/logger.js';
import { OPTION_KEYS, type EventHandler, type WebhookOptions } from './options.js';
import { refuseUnknownKeys } from './unknown-keys.js';
import { DEDUPE_KEYS } from './dedupe-keys.js';
import { resolveDuration } from './resolve-duration.js';

/** The delivery header of the real service (docs/contract.md §Sender). */
export const DEFAULT_HEADER = 'x-airstack-webhook';
/** 1 MiB, the default body limit (docs/contract.md §Statuses). */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;
/**
 * 10 seconds, the default `handlerTimeoutMs`: twice the 5 s the service's gateway waits
 * (docs/contract.md §Delivery semantics), so it cuts short no handler the gateway would have waited for.
 */
export const DEFAULT_HANDLER_TIMEOUT_MS = 10_000;
/** 5 seconds, the default `bodyTimeoutMs`: a webhook body of a few kilobytes arrives in one piece. */
export const DEFAULT_BODY_TIMEOUT_MS = 5_000;

// Names a caller may reach for instead of the right option; spelling alone would not find them.
const OPTION_ALIASES: Readonly<Record<string, string>> = {
  onEvent: '`on` (handlers by event name: on: { \'follow.created\': (event) => ... })',
  handlers: '`on`',
  events: '`on`',
  secrets: '`secret` (it takes one value, several, or a map)',
  timeout: '`handlerTimeoutMs`, `bodyTimeoutMs` or `respondWithin`',
};

// RFC 9110 §5.6.2: a field name is a token.
const TOKEN = /^[!#$%&'*+.^_`|~0-9a-z-]+$/;

/** Options checked once and resolved into a fresh object; the caller's object is never touched. */
export interface ResolvedOptions<Context> {
  /** Empty when `secret` is a function: then `secretSource` is read on the first delivery. */
  readonly secrets: readonly SecretEntry[];
  readonly secretSource: SecretSource | undefined;
  readonly header: string;
  readonly maxBodyBytes: number;
  readonly handlers: ReadonlyMap<EventName, EventHandler<EventName, Context>>;
  readonly onUnknownEvent: ((event: UnknownWebhookEvent, context: Context) => unknown) | undefined;
  readonly onError: (error: unknown, event: WebhookEvent | UnknownWebhookEvent, context: Context) => unknown;
  readonly dedupe: ResolvedDedupe | undefined;
  readonly respondWithin: number | undefined;
  readonly handlerTimeoutMs: number | undefined;
  readonly bodyTimeoutMs: number | undefined;
  readonly logger: ResolvedLogger;
  readonly onResult: ResultHook | undefined;
  readonly handoff: ResolvedHandoff | undefined;
  readonly deliveryIdHeaders: readonly string[];
  readonly instrumentation: Instrumentation | undefined;
}

/**
 * Validates `options` and resolves the defaults. `source` names the package in error messages.
 * @throws {WebhookError} `invalid_options`, saying what to pass instead.
 */
export function resolveOptions<Context>(options: WebhookOptions<Context>, source: string): ResolvedOptions<Context> {
  const fail = (message: string): never => {
    throw new WebhookError('invalid_options', `${source}: ${message}`);
  };
  if (typeof options !== 'object' || options === null) {
    fail('webhookHandler() takes an options object, e.g. webhookHandler({ secret, on: { ... } }).');
  }
  refuseUnknownKeys(options, OPTION_KEYS, 'options', fail, { ...OPTION_ALIASES, ...eventNameAliases() });
  if (typeof options.dedupe === 'object' && options.dedupe !== null) refuseUnknownKeys(options.dedupe, DEDUPE_KEYS, 'dedupe', fail);
  const header = (options.header ?? DEFAULT_HEADER).toLowerCase();
  if (typeof options.header !== 'undefined' && (typeof options.header !== 'string' || !TOKEN.test(header))) {
    fail(`\`header\` must be an HTTP header name such as "${DEFAULT_HEADER}"; got ${JSON.stringify(options.header)}.`);
  }
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  if (!Number.isSafeInteger(maxBodyBytes) || maxBodyBytes < 1) {
    fail(`\`maxBodyBytes\` must be a positive whole number of bytes (default ${DEFAULT_MAX_BODY_BYTES}); got ${String(options.maxBodyBytes)}.`);
  }
  const { respondWithin } = options;
  if (respondWithin !== undefined && (!Number.isSafeInteger(respondWithin) || respondWithin < 0)) {
    fail(`\`respondWithin\` must be a whole number of milliseconds, e.g. 3000 (under the service's 5 s); got ${String(respondWithin)}.`);
  }
  const logger = resolveLogger(options.logger, fail);
  return {
    handlerTimeoutMs: resolveDuration(options.handlerTimeoutMs, 'handlerTimeoutMs', DEFAULT_HANDLER_TIMEOUT_MS, fail),
    bodyTimeoutMs: resolveDuration(options.bodyTimeoutMs, 'bodyTimeoutMs', DEFAULT_BODY_TIMEOUT_MS, fail),
    secrets: typeof options.secret === 'function' ? [] : toSecretEntries(options.secret, source),
    secretSource: typeof options.secret === 'function' ? options.secret : undefined,
    header,
    maxBodyBytes,
    handlers: toHandlerMap(options.on, fail),
    onUnknownEvent: optionalFunction(options.onUnknownEvent, 'onUnknownEvent', fail),
    onError: optionalFunction(options.onError, 'onError', fail) ?? logHandlerError(logger),
    dedupe: resolveDedupe(options.dedupe, source),
    respondWithin,
    logger,
    onResult: optionalFunction(options.onResult, 'onResult', fail),
    handoff: resolveHandoff(
      options.handoff,
      { on: options.on !== undefined, dedupe: options.dedupe !== undefined && options.dedupe !== false, respondWithin: respondWithin !== undefined },
      source,
    ),
    deliveryIdHeaders: toHeaderList(options.deliveryIdHeaders, fail),
    instrumentation: toInstrumentation(options.instrumentation, fail),
  };
}

function toHeaderList(headers: readonly string[] | undefined, fail: (message: string) => never): readonly string[] {
  if (headers === undefined) return DEFAULT_DELIVERY_ID_HEADERS;
  if (!Array.isArray(headers) || headers.some((name) => typeof name !== 'string' || !TOKEN.test(name.toLowerCase()))) {
    fail(`\`deliveryIdHeaders\` must be an array of header names such as ['x-convoy-idempotency-key'] ([] turns it off); got ${JSON.stringify(headers)}.`);
  }
  return headers.map((name) => name.toLowerCase());
}

function toInstrumentation(value: Instrumentation | undefined, fail: (message: string) => never): Instrumentation | undefined {
  if (value !== undefined && typeof value?.startDelivery !== 'function') {
    fail('`instrumentation` must have a startDelivery method, such as otelInstrumentation() from @social-webhooks/otel.');
  }
  return value;
}

function toHandlerMap<Context>(
  on: WebhookOptions<Context>['on'],
  fail: (message: string) => never,
): Map<EventName, EventHandler<EventName, Context>> {
  const handlers = new Map<EventName, EventHandler<EventName, Context>>();
  if (on === undefined) return handlers;
  if (typeof on !== 'object' || on === null) fail('`on` must be an object of handlers by event name.');
  for (const [name, handler] of Object.entries(on)) {
    if (!isEventName(name)) refuseUnknownKeys({ [name]: handler }, EVENT_NAMES, 'on', fail);
    if (handler === undefined) continue;
    if (typeof handler !== 'function') fail(`\`on["${name}"]\` must be a function; got ${typeof handler}.`);
    handlers.set(name as EventName, handler as EventHandler<EventName, Context>);
  }
  return handlers;
}

function optionalFunction<T>(value: T | undefined, name: string, fail: (message: string) => never): T | undefined {
  if (value !== undefined && typeof value !== 'function') fail(`\`${name}\` must be a function; got ${typeof value}.`);
  return value;
}

function logHandlerError(logger: ResolvedLogger) {
  return function logHandlerFailure(error: unknown, event: WebhookEvent | UnknownWebhookEvent): void {
    logger.error(`social-webhooks: the handler for ${event.eventName} failed.`, { eventName: event.eventName, error });
  };
}

/** A handler given at the top level, `{ 'follow.created': fn }`, belongs under `on`. */
function eventNameAliases(): Record<string, string> {
  return Object.fromEntries(EVENT_NAMES.map((name) => [name, `on: { '${name}': ... } (handlers go under \`on\`)`]));
}
