/**
 * The parts of Cloudflare's Queues API this package calls, as `@cloudflare/workers-types` declares
 * them (`Queue`, `Message`, `MessageBatch`, `ExecutionContext`), so the package needs no type
 * package of its own and a Worker's bindings fit as they are.
 */

/** How a message's body is encoded: `json` keeps it readable in the dashboard and by any consumer. */
export type QueueContentType = 'json' | 'text' | 'bytes' | 'v8';

/** Options of one message sent. */
export interface QueueSendOptions {
  readonly contentType?: QueueContentType;
  /** Seconds before the message may be delivered; at most 43,200 (12 hours). */
  readonly delaySeconds?: number;
}

/** One message of a `sendBatch`. */
export interface QueueSendRequest<Body> {
  readonly body: Body;
  readonly contentType?: QueueContentType;
  readonly delaySeconds?: number;
}

/** A queue's producer binding: `env.DELIVERIES` under `[[queues.producers]]` in wrangler.toml. */
export interface QueueProducer<Body = unknown> {
  send(body: Body, options?: QueueSendOptions): Promise<unknown>;
  sendBatch(messages: Iterable<QueueSendRequest<Body>>, options?: { readonly delaySeconds?: number }): Promise<unknown>;
}

/** One message handed to a Worker's `queue()` export. */
export interface QueueMessage<Body = unknown> {
  readonly id: string;
  readonly timestamp: Date;
  readonly body: Body;
  /** 1 on the first delivery of the message, 2 on the first retry, … */
  readonly attempts: number;
  ack(): void;
  retry(options?: { readonly delaySeconds?: number }): void;
}

/** What a Worker's `queue(batch, env, ctx)` export gets first. */
export interface QueueBatch<Body = unknown> {
  /** The queue's name, as in wrangler.toml: one Worker may consume several queues. */
  readonly queue: string;
  readonly messages: readonly QueueMessage<Body>[];
}

/** What a Worker's handlers get third. */
export interface WorkerContext {
  waitUntil(promise: Promise<unknown>): void;
}

/** The size limit of one message, in bytes (128 KB; Cloudflare's "Limits" page for Queues). */
export const QUEUE_MESSAGE_MAX_BYTES = 128_000;

/** The bytes of its own metadata Queues may count against a message's limit (about 100). */
export const QUEUE_MESSAGE_METADATA_BYTES = 100;

/** The longest delay this package asks of Queues, in seconds: 12 hours, within what every account takes. */
export const QUEUE_MAX_DELAY_SECONDS = 43_200;

/** The most messages one `sendBatch` takes. */
export const QUEUE_MAX_BATCH_MESSAGES = 100;
