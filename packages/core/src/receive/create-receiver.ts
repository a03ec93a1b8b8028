import { createSecretMatcher } from '../auth/secret-matcher.js';
import type { WebhookOptions } from '../options/options.js';
import { resolveOptions } from '../options/resolve-options.js';
import { isJsonContentType, parseContentLength } from './content-type.js';
import type { BodyContent, Delivery } from './delivery.js';
import { createReporter } from '../observe/create-reporter.js';
import { failure, type ReceiveResult } from './outcome.js';
import { parseBody } from './parse-body.js';
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

const TOO_LARGE = (limit: number) =>
  failure('payload_too_large', `The body is larger than the limit of ${limit} bytes (the maxBodyBytes option).`);

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

  async function receive(delivery: Delivery<Context>): Promise<ReceiveResult> {
    const started = performance.now();
    const outcome = await check(delivery);
    const { result, settled }: DeliveryRun = 'result' in outcome ? outcome : { result: outcome };
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
      return failure('header_missing', `The ${resolved.header} header is missing.`);
    }
    const secret = matchSecret(header);
    if (secret === undefined) {
      return failure('header_mismatch', `The ${resolved.header} header does not match a configured secret.`);
    }
    const { contentType } = delivery;
    if (contentType !== null && contentType !== undefined && contentType !== '' && !isJsonContentType(contentType)) {
      return failure('unsupported_media_type', 'The content-type must be application/json.');
    }
    const declaredLength = parseContentLength(delivery.contentLength);
    if (declaredLength !== undefined && declaredLength > maxBodyBytes) return TOO_LARGE(maxBodyBytes);

    let content: BodyContent;
    try {
      content = await delivery.readBody(maxBodyBytes);
    } catch {
      // The client went away or sent a broken stream; nobody is left to read a detailed answer.
      return failure('invalid_json', 'The body could not be read completely.');
    }
    if (content.kind === 'too-large') return TOO_LARGE(maxBodyBytes);
    if (content.kind === 'unavailable') {
      return failure(
        'body_unavailable',
        'The request body was consumed before the webhook handler ran. Mount the handler before body parsers.',
      );
    }
    const body = parseBody(content);
    if (!body.ok) return failure(body.code, body.message);

    const event = toEvent(body.value, secret);
    if (event.kind === 'refused') return event.result;
    return runDelivery(resolved, { event: event.event, known: event.kind === 'known', body: content, context: delivery.context });
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
