import { deferSecret } from '../auth/deferred-secret.js';
import { createSecretMatcher, type SecretMatcher } from '../auth/secret-matcher.js';
import { WebhookError } from '../errors.js';
import type { WebhookOptions } from '../options/options.js';
import { resolveOptions } from '../options/resolve-options.js';
import { isJsonContentType, parseContentLength } from './content-type.js';
import type { BodyContent, Delivery } from './delivery.js';
import { createReporter } from '../observe/create-reporter.js';
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
  const { secretSource } = resolved;
  let matchSecret: SecretMatcher | undefined = secretSource === undefined ? createSecretMatcher(resolved.secrets) : undefined;
  const loadMatcher = secretSource === undefined ? undefined : deferSecret(secretSource, source);
  const { maxBodyBytes } = resolved;
  const report = createReporter(resolved.logger, resolved.onResult);
  const refusals = createRefusals(resolved.header, maxBodyBytes);

  async function receive(delivery: Delivery<Context>): Promise<ReceiveResult> {
    const started = report === undefined ? 0 : performance.now();
    const outcome = await check(delivery);
    const { result, settled }: DeliveryRun = 'result' in outcome ? outcome : { result: outcome };
    if (report === undefined) {
      if (settled !== undefined) keepAlive(delivery, settled);
      return result;
    }
    const { status, code, eventName } = result;
    report({ status, code, eventName, durationMs: performance.now() - started, afterResponse: false });
    if (settled !== undefined) {
      const reported = settled.then((late) => {
        report({ status: late.status, code: late.code, eventName, durationMs: performance.now() - started, afterResponse: true });
      });
      keepAlive(delivery, reported);
    }
    return result;
  }

  /** Checks the delivery, answering a refusal as it is, or runs it (SPEC §2, in the table's order). */
  async function check(delivery: Delivery<Context>): Promise<ReceiveResult | DeliveryRun> {
    const { header } = delivery;
    if (header === null || header === undefined || header === '') {
      return refusals.headerMissing;
    }
    if (matchSecret === undefined) {
      const loaded = await loadMatcher!();
      if (loaded instanceof WebhookError) return secretUnavailable(loaded);
      matchSecret = loaded;
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
    return runDelivery(resolved, { event: event.event, known: event.kind === 'known', body: content, context: delivery.context });
  }

  /** A deferred secret that is missing or malformed: the operator reads why, the service retries. */
  function secretUnavailable(error: WebhookError): ReceiveResult {
    if (options.logger === undefined) console.error(error.message);
    else resolved.logger.error(error.message, { code: error.code, error });
    return failure('invalid_options', "The receiver's secret is not configured; the server's log says how to fix it.");
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
