import { QUEUE_MESSAGE_MAX_BYTES, QUEUE_MESSAGE_METADATA_BYTES } from './queue-types.js';

/**
 * What a queued delivery carries, as JSON: the typed event as the receiver validated it (its name,
 * its data and the sender's own fields beside them), the delivery key the consumer dedupes by, whose
 * receiver queued it, the delivery's trace context, and when it arrived. The shape of
 * `@social-webhooks/bullmq`'s job data, with the key inside, since a queue message has no id of ours.
 */
export interface DeliveryMessage {
  readonly type: 'delivery';
  /** The delivery key: the same on every retry of one event (see `HandoffJob.key`). */
  readonly key: string;
  /** The event name, e.g. `cast.created`. */
  readonly eventName: string;
  /** The validated payload. */
  readonly data: Readonly<Record<string, unknown>>;
  /** The event's other fields (Neynar's `createdAt`); absent when it has none. */
  readonly extra?: Readonly<Record<string, unknown>>;
  /** The sender: `airstack`, `neynar`, `miniapp`. */
  readonly sender: string;
  /** Trace context of the delivery (W3C `traceparent`, …); empty without instrumentation. */
  readonly carrier: Readonly<Record<string, string>>;
  /** When the delivery arrived, in ms since the epoch. */
  readonly receivedAt: number;
}

/** Whether a message body has the shape `queueHandoff()` writes; a message sent by other code may not. */
export function isDeliveryMessage(value: unknown): value is DeliveryMessage {
  if (!isObject(value)) return false;
  const { type, key, eventName, data, extra, sender, carrier, receivedAt } = value as Partial<Record<keyof DeliveryMessage, unknown>>;
  return (
    type === 'delivery' &&
    typeof key === 'string' &&
    key !== '' &&
    typeof eventName === 'string' &&
    eventName !== '' &&
    isObject(data) &&
    (extra === undefined || isObject(extra)) &&
    typeof sender === 'string' &&
    sender !== '' &&
    isObject(carrier) &&
    typeof receivedAt === 'number'
  );
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const encoder = new TextEncoder();

/** The bytes a body takes as a `json` message: its UTF-8 JSON, which Queues measures against its limit. */
export function jsonBytes(body: unknown): number {
  return encoder.encode(JSON.stringify(body)).byteLength;
}

/**
 * The message's bytes, or an error that says what to do when they are over the 128 KB a message
 * may carry: sent, Queues would refuse it with a bare "message length exceeds limit".
 */
export function checkMessageSize(body: unknown, what: string, fix: string): number {
  const bytes = jsonBytes(body);
  // Queues counts up to about 100 bytes of its own metadata against the limit (its "Limits" page).
  if (bytes > QUEUE_MESSAGE_MAX_BYTES - QUEUE_MESSAGE_METADATA_BYTES) {
    throw new Error(
      `@social-webhooks/cloudflare: ${what} is ${bytes} bytes as a queue message, over the ${QUEUE_MESSAGE_MAX_BYTES} bytes ` +
        `Cloudflare Queues takes per message (its metadata included), so it cannot be queued. ${fix}`,
    );
  }
  return bytes;
}
