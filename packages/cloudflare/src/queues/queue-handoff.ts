import { DEFAULT_HANDOFF_TIMEOUT_MS, type AnyEvent, type Handoff, type HandoffJob } from '@social-webhooks/core';
import { optionsError } from '../errors.js';
import { checkMessageSize, type DeliveryMessage } from './delivery-message.js';
import type { QueueProducer } from './queue-types.js';

/** Options of {@link queueHandoff}. */
export interface QueueHandoffOptions {
  /**
   * The longest wait for Queues to store a message, in ms; past it the delivery is answered 503
   * `queue_unavailable` and the sender retries it. Default 1000.
   */
  readonly timeoutMs?: number;
}

/**
 * The largest body to accept when deliveries go to a queue: 100,000 bytes. A delivery's message is
 * its event as JSON (no larger than the body it came in) and under 2 KB beside it, so a body within
 * this fits the 128 KB a message may carry; give it as the receiver's `maxBodyBytes`, and a larger
 * body is answered 413 `payload_too_large` before it is queued.
 */
export const QUEUE_MAX_BODY_BYTES = 100_000;

/**
 * A hand-off of each validated delivery to a Cloudflare queue, for the receiver's `handoff`
 * option: the receiver answers 202 `queued` once `send` resolved (Queues has stored the message),
 * and 503 `queue_unavailable` when it rejects or takes longer than `timeoutMs`, so the sender
 * retries: never a 2xx for an event that is not stored. Handlers run in the Worker's `queue()`
 * export, through {@link queueConsumer}. Queues delivers a message at least once and keeps no id of
 * ours, so the message carries the delivery key and the consumer dedupes by it.
 *
 * @param queue The queue's producer binding: `env.DELIVERIES`, under `[[queues.producers]]` in wrangler.toml.
 * @param options `timeoutMs` (1000).
 * @throws {WebhookError} `invalid_options` when `queue` is not a queue binding or `timeoutMs` not a positive whole number.
 * @example
 * export default {
 *   fetch: (request: Request, env: Env) =>
 *     webhookHandler({ sender, handoff: queueHandoff(env.DELIVERIES), maxBodyBytes: QUEUE_MAX_BODY_BYTES })(request),
 *   queue: (batch: MessageBatch, env: Env) => consume(batch, env),
 * };
 */
export function queueHandoff(queue: QueueProducer<DeliveryMessage>, options: QueueHandoffOptions = {}): Handoff {
  if (typeof queue?.send !== 'function') {
    throw optionsError(
      'queueHandoff() takes the queue\'s producer binding, such as env.DELIVERIES with [[queues.producers]] binding = "DELIVERIES" in wrangler.toml; ' +
        `got ${queue === undefined ? 'undefined (is the binding declared, and read from the env of this request?)' : typeof queue}.`,
    );
  }
  if (typeof options !== 'object' || options === null)
    throw optionsError("queueHandoff()'s second argument is an options object: { timeoutMs }.");
  const timeoutMs = options.timeoutMs ?? DEFAULT_HANDOFF_TIMEOUT_MS;
  if (!Number.isSafeInteger(timeoutMs) || timeoutMs < 1) {
    throw optionsError(
      `queueHandoff(): \`timeoutMs\` must be a positive whole number of milliseconds (default ${DEFAULT_HANDOFF_TIMEOUT_MS}); got ${String(options.timeoutMs)}.`,
    );
  }
  return {
    timeoutMs,
    async enqueue(job: HandoffJob): Promise<void> {
      const message = toMessage(job);
      checkMessageSize(
        message,
        `the ${message.eventName} delivery ${message.key}`,
        `Give the receiver maxBodyBytes: QUEUE_MAX_BODY_BYTES (${QUEUE_MAX_BODY_BYTES}), so such a body is answered 413 payload_too_large rather than 503.`,
      );
      await queue.send(message, { contentType: 'json' });
    },
  };
}

/** The job as a message: a sender's own fields beside the name and the data ride along as `extra`. */
function toMessage({ event, key, carrier, receivedAt, sender }: HandoffJob): DeliveryMessage {
  const { eventName, data, ...extra } = event as AnyEvent & Readonly<Record<string, unknown>>;
  return {
    type: 'delivery',
    key,
    eventName,
    data,
    ...(Object.keys(extra).length > 0 && { extra }),
    sender,
    carrier,
    receivedAt,
  };
}
