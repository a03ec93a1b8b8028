import { createSecretMatcher } from '../auth/secret-matcher.js';
import type { WebhookOptions } from '../options/options.js';
import { resolveOptions } from '../options/resolve-options.js';
import { isJsonContentType, parseContentLength } from './content-type.js';
import type { BodyContent, Delivery } from './delivery.js';
import { createReporter } from '../observe/create-reporter.js';
import type { DeliveryScope } from '../observe/instrumentation.js';
import { readDeliveryId } from '../dedupe/delivery-id.js';
import { handOff } from '../handoff/hand-off.js';
import { failure, type ReceiveResult } from './outcome.js';
import { parseBody } from './parse-body.js';
import { createRefusals } from './refusals.js';
import type { DeliveryRun } from './respond-within.js';
import { runDelivery } from './run-delivery.js';
import { toEvent } from './to-event.js';

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
  const matchSecret = createSecretMatcher(resolved.secrets);
  const { maxBodyBytes } = resolved;
  const report = createReporter(resolved.logger, resolved.onResult);
  const refusals = createRefusals(resolved.header, maxBodyBytes);

  const { instrumentation } = resolved;

  async function receive(delivery: Delivery<Context>): Promise<ReceiveResult> {
    const scope = instrumentation?.startDelivery();
    const started = report === undefined && scope === undefined ? 0 : performance.now();
    const outcome = scope === undefined ? await check(delivery, undefined) : await scope.run(() => check(delivery, scope));
    const { result, settled }: DeliveryRun = 'result' in outcome ? outcome : { result: outcome };
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

  /** Checks the delivery, answering a refusal as it is, or runs it (SPEC §2, in the table's order). */
  async function check(delivery: Delivery<Context>, scope: DeliveryScope | undefined): Promise<ReceiveResult | DeliveryRun> {
    const { header } = delivery;
    if (header === null || header === undefined || header === '') {
      return refusals.headerMissing;
    }
    const secret = matchSecret(header);
    if (secret === undefined) return refusals.headerMismatch;
    const { contentType } = delivery;
    if (contentType !== null && contentType !== undefined && contentType !== '' && !isJsonContentType(contentType)) {
      return refusals.unsupportedMediaType;
    }
    const declaredLength = parseContentLength(delivery.contentLength);
    if (declaredLength !== undefined && declaredLength > maxBodyBytes) return refusals.tooLarge;

    let content: BodyContent;
    try {
      content = await delivery.readBody(maxBodyBytes);
    } catch {
      return refusals.unreadable;
    }
    if (content.kind === 'too-large') return refusals.tooLarge;
    if (content.kind === 'unavailable') return refusals.bodyUnavailable;
    const body = parseBody(content);
    if (!body.ok) return failure(body.code, body.message);

    const event = toEvent(body.value, secret);
    if (event.kind === 'refused') return event.result;
    const deliveryId = resolved.dedupe === undefined && resolved.handoff === undefined ? undefined : readDeliveryId(delivery.getHeader, resolved.deliveryIdHeaders);
    if (resolved.handoff !== undefined) {
      const carrier = scope?.inject() ?? {};
      return handOff(resolved.handoff, { event: event.event, body: content, deliveryId, carrier }, resolved.logger);
    }
    return runDelivery(resolved, { event: event.event, known: event.kind === 'known', body: content, context: delivery.context, deliveryId });
  }

  return { header: resolved.header, maxBodyBytes, receive };
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
