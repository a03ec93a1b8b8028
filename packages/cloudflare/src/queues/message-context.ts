import type { DeliveryMessage } from './delivery-message.js';
import type { QueueMessage, WorkerContext } from './queue-types.js';

/** What a queue consumer's handler gets second, where a receiver's gets the request. */
export interface MessageContext {
  /** The queue message: its `id`, `timestamp` and `attempts`. Acked or retried by the consumer, not by the handler. */
  readonly message: QueueMessage<DeliveryMessage>;
  /** 1 on the first delivery of the message, 2 on the first retry, … */
  readonly attempt: number;
  /** The queue's name, as in wrangler.toml. */
  readonly queue: string;
  /** The Worker's execution context, for `waitUntil`. */
  readonly ctx: WorkerContext;
}
