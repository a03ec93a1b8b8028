import { jsonBytes } from './delivery-message.js';
import { QUEUE_MAX_BATCH_MESSAGES, type QueueProducer, type QueueSendRequest } from './queue-types.js';

/** The most bytes one `sendBatch` takes (256 KB; Cloudflare's "Limits" page for Queues). */
export const QUEUE_MAX_BATCH_BYTES = 256_000;

/**
 * Sends `messages` in as few `sendBatch` calls as the limits allow (100 messages, 256 KB a call),
 * each call one subrequest: 1,000 batches of a 100,000-token broadcast take 10 of them, not 1,000.
 */
export async function sendInBatches<Body>(queue: QueueProducer<Body>, messages: readonly QueueSendRequest<Body>[]): Promise<number> {
  let calls = 0;
  let chunk: QueueSendRequest<Body>[] = [];
  let bytes = 0;
  const flush = async () => {
    if (chunk.length === 0) return;
    await queue.sendBatch(chunk);
    calls += 1;
    chunk = [];
    bytes = 0;
  };
  for (const message of messages) {
    const size = jsonBytes(message.body);
    if (chunk.length >= QUEUE_MAX_BATCH_MESSAGES || bytes + size > QUEUE_MAX_BATCH_BYTES) await flush();
    chunk.push({ contentType: 'json', ...message });
    bytes += size;
  }
  await flush();
  return calls;
}
