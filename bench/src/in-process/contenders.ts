import type { EventHandlers } from '@social-webhooks/core';
import { createWebhookReceiver, type BodyContent, type Delivery } from '@social-webhooks/core/adapter';
import { BENCH_SECRET } from '../support/payloads.js';
import { sink } from '../support/sink.js';

const noop = (event: unknown) => sink(event);
const handlers: EventHandlers<undefined> = {
  'profile.created': noop,
  'profile.updated': noop,
  'follow.created': noop,
  'follow.deleted': noop,
};

/**
 * The receiver under test, built once as a user would, with a no-op handler for every event and no
 * logger (the default one prints each refusal, such as the size section's 401s).
 */
export const receiver = createWebhookReceiver<undefined>({ secret: BENCH_SECRET, on: handlers, logger: false });

/** Counts the body reads of a delivery: the 401 path must leave it at zero. */
export interface ReadCounter {
  count: number;
}

/**
 * A delivery as an adapter hands it to the core: the header, the content headers, and a reader that
 * answers the bytes already in memory, as they are, as the Node adapters do for a request whose body
 * has arrived whole (the adapters' own reading, and a body still on its way, are measured over HTTP).
 */
export function deliveryOf(
  bytes: Uint8Array,
  header: string | null = BENCH_SECRET,
  reads: ReadCounter = { count: 0 },
): Delivery<undefined> {
  const read: BodyContent = { kind: 'bytes', bytes };
  return {
    header,
    contentType: 'application/json',
    contentLength: String(bytes.byteLength),
    readBody: () => {
      reads.count++;
      return read;
    },
    context: undefined,
  };
}

const decoder = new TextDecoder();

/**
 * What a subscriber writes by hand: compare the header with `===`, parse, call the handler. No
 * validation, no size or content-type check: the floor the receiver is measured against.
 */
export function baseline(header: string, bytes: Uint8Array): number {
  if (header !== BENCH_SECRET) return 401;
  noop(JSON.parse(decoder.decode(bytes)));
  return 200;
}
