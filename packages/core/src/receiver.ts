import type { Delivery } from './delivery.js';
import type { ReceiveResult } from './result.js';
import { createReporter } from './observe/create-reporter.js';
import type { DeliveryScope } from './observe/instrumentation.js';
import { readDeliveryId } from './dedupe/delivery-id.js';
import { handOff } from './handoff/hand-off.js';
import type { WebhookOptions } from './options/options.js';
import { resolveOptions, type ResolvedOptions } from './options/resolve-options.js';
import { createHeaderCheck, type SecretSupply } from './header/check-header.js';
import { deferSecret } from './header/deferred-secret.js';
import { createBodyReader } from './body/read-body.js';
import { parseBody } from './body/parse-body.js';
import { toEvent } from './event/to-event.js';
import type { Answer } from './handler/respond-within.js';
import { runHandler } from './handler/run-handler.js';

/** The framework-free receive path that every adapter drives. */
export interface WebhookReceiver<Context> {
  /** The delivery header's name, lower-cased. */
  readonly header: string;
  /** The body limit in bytes. */
  readonly maxBodyBytes: number;
  /** Checks, parses, validates and dispatches one delivery. Never rejects. */
  receive(delivery: Delivery<Context>): Promise<ReceiveResult>;
}

/**
 * Builds the receive path for an adapter: options are checked here, once, so a mistake surfaces at
 * start-up rather than on the first delivery.
 *
 * @param source the package name that starts error messages, e.g. `@social-webhooks/express`.
 * @throws {WebhookError} `invalid_options` when an option is missing or malformed.
 */
export function createWebhookReceiver<Context>(
  options: WebhookOptions<Context>,
  source = '@social-webhooks/core',
): WebhookReceiver<Context> {
  const resolved = resolveOptions(options, source);
  const checkHeader = createHeaderCheck(resolved.header, secretSupply(resolved, source));
  const readBody = createBodyReader(resolved.maxBodyBytes, resolved.bodyTimeoutMs);
  const report = createReporter(resolved.logger, resolved.onResult);

  const { instrumentation } = resolved;

  async function receive(delivery: Delivery<Context>): Promise<ReceiveResult> {
    const scope = instrumentation?.startDelivery();
    const started = report === undefined && scope === undefined ? 0 : performance.now();
    const outcome = scope === undefined ? await check(delivery, undefined) : await scope.run(() => check(delivery, scope));
    const { result, settled }: Answer = 'result' in outcome ? outcome : { result: outcome };
    if (report === undefined && scope === undefined) {
      if (settled !== undefined) keepAlive(delivery, settled);
      return result;
    }
    const { status, code, eventName } = result;
    const deliveryId = scope === undefined ? undefined : readDeliveryId(delivery.getHeader, resolved.deliveryIdHeaders);
    const answered = { status, code, eventName, durationMs: performance.now() - started, afterResponse: false };
    report?.(answered);
    scope?.end({ ...answered, deliveryId });
    if (settled !== undefined) {
      const reported = settled.then((late) => {
        const after = { status: late.status, code: late.code, eventName, durationMs: performance.now() - started, afterResponse: true };
        report?.(after);
        scope?.end({ ...after, deliveryId });
      });
      keepAlive(delivery, reported);
    }
    return result;
  }

  /**
   * The route, one step a line, each answering or going on (docs/contract.md §Statuses, in the
   * table's order): the header, the body, its JSON, the event, the handler. Each step's folder holds
   * the file that decides its statuses. With `handoff`, the queue takes the handler's place.
   */
  async function check(delivery: Delivery<Context>, scope: DeliveryScope | undefined): Promise<ReceiveResult | Answer> {
    let secret = checkHeader(delivery.header);
    if (secret instanceof Promise) secret = await secret;
    if (!secret.ok) return secret.answer;
    const content = await readBody(delivery);
    if (!content.ok) return content.answer;
    const body = parseBody(content.value);
    if (!body.ok) return body.answer;
    const event = toEvent(body.value, secret.value);
    if (!event.ok) return event.answer;
    const deliveryId =
      resolved.dedupe === undefined && resolved.handoff === undefined
        ? undefined
        : readDeliveryId(delivery.getHeader, resolved.deliveryIdHeaders);
    if (resolved.handoff !== undefined) {
      return handOff(
        resolved.handoff,
        { event: event.value.event, body: content.value, deliveryId, carrier: scope?.inject() ?? {} },
        resolved.logger,
      );
    }
    return runHandler(resolved, { received: event.value, body: content.value, context: delivery.context, deliveryId });
  }

  return { header: resolved.header, maxBodyBytes: resolved.maxBodyBytes, receive };
}

/**
 * The secrets as given, or a deferred secret read on the first delivery whose failures are logged.
 * Shared with the verifier, which checks the header the same way.
 */
export function secretSupply<Context>(resolved: ResolvedOptions<Context>, source: string): SecretSupply {
  const { secretSource, logger } = resolved;
  if (secretSource === undefined) return { entries: resolved.secrets };
  // Through the resolved logger: the default console logger rate-limits it, `logger: false` silences it.
  return { load: deferSecret(secretSource, source), onUnavailable: (error) => logger.error(error.message, { code: error.code, error }) };
}

/** Hands the work that outlasts an early answer to the runtime's `waitUntil`, where there is one. */
function keepAlive(delivery: Delivery<unknown>, work: Promise<unknown>): void {
  try {
    delivery.waitUntil?.(work);
  } catch {
    // A `waitUntil` outside its request scope throws; the work runs on regardless, which is all a
    // long-lived process needs.
    return;
  }
}
