import type { UnknownWebhookEvent } from '../schema/types.js';
import { WebhookError } from '../errors.js';
import { resolveDedupe, type ResolvedDedupe } from '../dedupe/resolve-dedupe.js';
import type { DedupeOptions } from '../dedupe/dedupe-options.js';
import type { ResolvedHandoff } from '../handoff/hand-off.js';
import { resolveHandoff } from '../handoff/resolve-handoff.js';
import { resolveArchive, type ResolvedArchive } from '../archive/resolve-archive.js';
import type { Instrumentation } from '../observe/instrumentation.js';
import type { ResultHook } from '../observe/delivery-report.js';
import { resolveLogger, type ResolvedLogger } from '../observe/logger.js';
import { airstackSender, DEFAULT_HEADER } from '../senders/airstack/airstack-sender.js';
import { forgottenSender } from './other-sender-events.js';
import type { AnyEvent, EventMap, Sender, SenderSteps } from '../senders/sender.js';
import { OPTION_KEYS, type WebhookOptions } from './options.js';
import { refuseUnknownKeys } from './unknown-keys.js';
import { DEDUPE_KEYS } from './dedupe-keys.js';
import { resolveDuration } from './resolve-duration.js';

export { DEFAULT_HEADER };
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
  onEvent: "`on` (handlers by event name: on: { 'follow.created': (event) => ... })",
  handlers: '`on`',
  events: '`on`',
  secrets: '`secret` (it takes one value, several, or a map)',
  timeout: '`handlerTimeoutMs`, `bodyTimeoutMs` or `respondWithin`',
};

// RFC 9110 §5.6.2: a field name is a token.
const TOKEN = /^[!#$%&'*+.^_`|~0-9a-z-]+$/;

/** A handler as the pipeline calls it: any event of its sender. */
export type AnyHandler<Context> = (event: AnyEvent, context: Context) => unknown;

/** Options checked once and resolved into a fresh object; the caller's object is never touched. */
export interface ResolvedOptions<Context> {
  /** The sender: its name and key rules; its steps are `steps`. */
  readonly sender: Sender;
  /** The sender's two steps, built for this receiver. */
  readonly steps: SenderSteps;
  readonly maxBodyBytes: number;
  readonly handlers: ReadonlyMap<string, AnyHandler<Context>>;
  readonly onUnknownEvent: ((event: UnknownWebhookEvent, context: Context) => unknown) | undefined;
  readonly onError: ((error: unknown, event: AnyEvent | UnknownWebhookEvent, context: Context) => unknown) | undefined;
  readonly dedupe: ResolvedDedupe | undefined;
  readonly respondWithin: number | undefined;
  readonly handlerTimeoutMs: number | undefined;
  readonly bodyTimeoutMs: number | undefined;
  readonly logger: ResolvedLogger;
  readonly onResult: ResultHook | undefined;
  readonly handoff: ResolvedHandoff | undefined;
  readonly deliveryIdHeaders: readonly string[];
  readonly instrumentation: Instrumentation | undefined;
  readonly archive: ResolvedArchive | undefined;
}

/**
 * Validates `options` and resolves the defaults. `source` names the package in error messages.
 * @throws {WebhookError} `invalid_options`, saying what to pass instead.
 */
export function resolveOptions<Context>(options: WebhookOptions<Context, EventMap>, source: string): ResolvedOptions<Context> {
  const fail = (message: string): never => {
    throw new WebhookError('invalid_options', `${source}: ${message}`);
  };
  if (typeof options !== 'object' || options === null) {
    fail('webhookHandler() takes an options object, e.g. webhookHandler({ secret, on: { ... } }).');
  }
  const sender = toSender(options, fail);
  refuseUnknownKeys(options, OPTION_KEYS, 'options', fail, { ...OPTION_ALIASES, ...eventNameAliases(sender) });
  if (typeof options.dedupe === 'object' && options.dedupe !== null) refuseUnknownKeys(options.dedupe, DEDUPE_KEYS, 'dedupe', fail);
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  if (!Number.isSafeInteger(maxBodyBytes) || maxBodyBytes < 1) {
    fail(
      `\`maxBodyBytes\` must be a positive whole number of bytes (default ${DEFAULT_MAX_BODY_BYTES}); got ${String(options.maxBodyBytes)}.`,
    );
  }
  const { respondWithin } = options;
  if (respondWithin !== undefined && (!Number.isSafeInteger(respondWithin) || respondWithin < 0)) {
    fail(`\`respondWithin\` must be a whole number of milliseconds, e.g. 3000 (under the service's 5 s); got ${String(respondWithin)}.`);
  }
  const logger = resolveLogger(options.logger, fail);
  const steps = sender.start({ source, logger });
  const deliveryIdHeaders = toHeaderList(options.deliveryIdHeaders, sender, fail);
  return {
    sender,
    handlerTimeoutMs: resolveDuration(options.handlerTimeoutMs, 'handlerTimeoutMs', DEFAULT_HANDLER_TIMEOUT_MS, fail),
    bodyTimeoutMs: resolveDuration(options.bodyTimeoutMs, 'bodyTimeoutMs', DEFAULT_BODY_TIMEOUT_MS, fail),
    steps,
    maxBodyBytes,
    handlers: toHandlerMap(options.on as Readonly<Record<string, unknown>> | undefined, sender, fail),
    onUnknownEvent: optionalFunction(options.onUnknownEvent, 'onUnknownEvent', fail),
    onError: optionalFunction(options.onError, 'onError', fail),
    // The key function takes the sender's events; the pipeline hands it only those.
    dedupe: resolveDedupe(options.dedupe as boolean | DedupeOptions<AnyEvent> | undefined, source),
    respondWithin,
    logger,
    onResult: optionalFunction(options.onResult, 'onResult', fail),
    handoff: resolveHandoff(
      options.handoff,
      {
        on: options.on !== undefined,
        dedupe: options.dedupe !== undefined && options.dedupe !== false,
        respondWithin: respondWithin !== undefined,
      },
      source,
    ),
    deliveryIdHeaders,
    instrumentation: toInstrumentation(options.instrumentation, fail),
    // The proof header is kept only where the sender says it holds no secret (an HMAC, not a shared value).
    archive: resolveArchive(
      options.archive,
      steps.publicProofHeader === true && steps.header !== undefined ? [...deliveryIdHeaders, steps.header] : deliveryIdHeaders,
      source,
    ),
  };
}

/**
 * The sender: the one given, or the founding service's built from `secret` and `header`. A sender
 * carries its own credentials, so `secret` or `header` beside it is a mistake, not a fallback.
 */
function toSender<Context>(options: WebhookOptions<Context, EventMap>, fail: (message: string) => never): Sender {
  const { sender } = options as { sender?: unknown };
  if (sender === undefined) {
    const forgotten = forgottenSender(options.on);
    if (forgotten !== undefined) fail(forgotten);
    return airstackSender({ secret: options.secret!, header: options.header }) as unknown as Sender;
  }
  if (typeof sender !== 'object' || sender === null || typeof (sender as Sender).start !== 'function') {
    fail('`sender` must be a sender such as neynarSender({ secrets }) or miniAppSender({ verifyAppKey }).');
  }
  const { name } = sender as Sender;
  if (options.secret !== undefined) {
    fail(
      `\`secret\` is for the founding service; the ${name} sender carries its own secrets. Pass them to the sender, e.g. neynarSender({ secrets }).`,
    );
  }
  if (options.header !== undefined) fail(`\`header\` is for the founding service; the ${name} sender reads its own header.`);
  return sender as Sender;
}

function toHeaderList(headers: readonly string[] | undefined, sender: Sender, fail: (message: string) => never): readonly string[] {
  if (headers === undefined) return sender.deliveryIdHeaders;
  if (!Array.isArray(headers) || headers.some((name) => typeof name !== 'string' || !TOKEN.test(name.toLowerCase()))) {
    fail(
      `\`deliveryIdHeaders\` must be an array of header names such as ['x-convoy-idempotency-key'] ([] turns it off); got ${JSON.stringify(headers)}.`,
    );
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
  on: Readonly<Record<string, unknown>> | undefined,
  sender: Sender,
  fail: (message: string) => never,
): Map<string, AnyHandler<Context>> {
  const handlers = new Map<string, AnyHandler<Context>>();
  if (on === undefined) return handlers;
  if (typeof on !== 'object' || on === null) fail('`on` must be an object of handlers by event name.');
  for (const [name, handler] of Object.entries(on)) {
    if (!sender.eventNames.includes(name)) refuseUnknownKeys({ [name]: handler }, sender.eventNames, 'on', fail);
    if (handler === undefined) continue;
    if (typeof handler !== 'function') fail(`\`on["${name}"]\` must be a function; got ${typeof handler}.`);
    handlers.set(name, handler as AnyHandler<Context>);
  }
  return handlers;
}

function optionalFunction<T>(value: T | undefined, name: string, fail: (message: string) => never): T | undefined {
  if (value !== undefined && typeof value !== 'function') fail(`\`${name}\` must be a function; got ${typeof value}.`);
  return value;
}

/** A handler given at the top level, `{ 'follow.created': fn }`, belongs under `on`. */
function eventNameAliases(sender: Sender): Record<string, string> {
  return Object.fromEntries(sender.eventNames.map((name) => [name, `on: { '${name}': ... } (handlers go under \`on\`)`]));
}
