import type { Delivery } from './delivery.js';
import type { ReceiveResult } from './result.js';
import { createReporter } from './observe/create-reporter.js';
import type { WebhookOptions } from './options/options.js';
import { resolveOptions } from './options/resolve-options.js';
import { createHeaderCheck } from './header/check-header.js';
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
  const checkHeader = createHeaderCheck(resolved.header, resolved.secrets);
  const readBody = createBodyReader(resolved.maxBodyBytes, resolved.bodyTimeoutMs);
  const report = createReporter(resolved.logger, resolved.onResult);

  async function receive(delivery: Delivery<Context>): Promise<ReceiveResult> {
    const started = report === undefined ? 0 : performance.now();
    const outcome = await check(delivery);
    const { result, settled }: Answer = 'result' in outcome ? outcome : { result: outcome };
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

  /**
   * The route, one step a line, each answering or going on (docs/contract.md §Statuses, in the
   * table's order): the header, the body, its JSON, the event, the handler. Each step's folder holds
   * the file that decides its statuses.
   */
  async function check(delivery: Delivery<Context>): Promise<ReceiveResult | Answer> {
    const secret = checkHeader(delivery.header);
    if (!secret.ok) return secret.answer;
    const content = await readBody(delivery);
    if (!content.ok) return content.answer;
    const body = parseBody(content.value);
    if (!body.ok) return body.answer;
    const event = toEvent(body.value, secret.value);
    if (!event.ok) return event.answer;
    return runHandler(resolved, { received: event.value, body: content.value, context: delivery.context });
  }

  return { header: resolved.header, maxBodyBytes: resolved.maxBodyBytes, receive };
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
