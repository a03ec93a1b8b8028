import { describe, expect, it } from 'vitest';
import { memoryStore, neynarSender, type DedupeStore, type JobStart } from '@social-webhooks/core';
import type { DeliveryMessage } from './delivery-message.js';
import { queueConsumer } from './queue-consumer.js';
import type { QueueMessage } from './queue-types.js';

// The consumer's decisions on one message, with messages that record ack and retry; on workerd and
// Miniflare's broker: test/cloudflare-queues.test.ts.
const sender = neynarSender({ secrets: 's' });
const body = (key: string): DeliveryMessage => ({
  type: 'delivery',
  key,
  eventName: 'cast.created',
  data: { hash: key },
  extra: { createdAt: 1 },
  sender: 'neynar',
  carrier: { traceparent: '00-abc-def-01' },
  receivedAt: 1_764_000_000_000,
});
function message(value: unknown, attempts = 1) {
  const settled: { ack: number; retries: (number | undefined)[] } = { ack: 0, retries: [] };
  const queued: QueueMessage<DeliveryMessage> = {
    id: `m-${attempts}`,
    timestamp: new Date(1_764_000_000_500),
    body: value as DeliveryMessage,
    attempts,
    ack: () => void (settled.ack += 1),
    retry: (options) => void settled.retries.push(options?.delaySeconds),
  };
  return { queued, settled };
}
const run = (consume: ReturnType<typeof queueConsumer>, queued: QueueMessage<DeliveryMessage>) =>
  consume({ queue: 'deliveries', messages: [queued] }, {}, { waitUntil: () => undefined });

describe('queueConsumer on one message', () => {
  it('hands the carrier and the attempt to the instrumentation, and acks once handled', async () => {
    const starts: JobStart[] = [];
    const ends: unknown[] = [];
    const consume = queueConsumer({
      sender,
      dedupe: false,
      on: { 'cast.created': () => undefined },
      instrumentation: { startJob: (start) => (starts.push(start), { run: (work) => work(), end: (end) => void ends.push(end) }) },
    });
    const { queued, settled } = message(body('k1'), 2);
    expect(await run(consume, queued)).toEqual(['handled']);
    expect(starts).toEqual([
      expect.objectContaining({
        queueName: 'deliveries',
        jobId: 'm-2',
        sender: 'neynar',
        attempt: 2,
        carrier: { traceparent: '00-abc-def-01' },
        enqueuedAt: 1_764_000_000_500,
      }),
    ]);
    expect([ends, settled]).toEqual([[{ outcome: 'completed', willRetry: false }], { ack: 1, retries: [] }]);
  });

  it('retries a failed handler with the backoff doubling per attempt, releasing its claim so the retry runs', async () => {
    const store = memoryStore();
    const consume = queueConsumer({
      sender,
      dedupe: { store },
      retryDelaySeconds: 2,
      onError: () => undefined,
      on: { 'cast.created': () => Promise.reject(new Error('down')) },
    });
    const delays = [];
    for (const attempt of [1, 2, 3]) {
      const { queued, settled } = message(body('k2'), attempt);
      expect(await run(consume, queued)).toEqual(['retried']);
      delays.push(...settled.retries);
    }
    expect(delays).toEqual([2, 4, 8]);
  });

  it('acks a delivery handled before, and puts one another invocation holds back for the lease', async () => {
    const store = memoryStore();
    const consume = queueConsumer({ sender, dedupe: { store, leaseMs: 30_000 }, on: { 'cast.created': () => undefined } });
    expect(await run(consume, message(body('k3')).queued)).toEqual(['handled']);
    const again = message(body('k3'));
    expect([await run(consume, again.queued), again.settled]).toEqual([['duplicate'], { ack: 1, retries: [] }]);
    await store.claim('k4', 'another-invocation', 30_000);
    const held = message(body('k4'));
    expect([await run(consume, held.queued), held.settled]).toEqual([['retried'], { ack: 0, retries: [30] }]);
  });

  it('runs nothing while the dedupe store fails, and retries with backoff (fails closed)', async () => {
    let ran = 0;
    const failing: DedupeStore = {
      claim: () => Promise.reject(new Error('D1 unavailable')),
      complete: async () => undefined,
      release: async () => undefined,
    };
    const consume = queueConsumer({ sender, dedupe: { store: failing }, on: { 'cast.created': () => void (ran += 1) } });
    const { queued, settled } = message(body('k5'), 3);
    expect([await run(consume, queued), settled, ran]).toEqual([['retried'], { ack: 0, retries: [4] }, 0]);
  });

  it("runs no handler on another sender's message nor on a body it did not write: both go on to the dead-letter queue", async () => {
    let ran = 0;
    const consume = queueConsumer({ sender, dedupe: false, on: { 'cast.created': () => void (ran += 1) } });
    const other = message({ ...body('k6'), sender: 'miniapp' });
    const junk = message({ hello: 'world' });
    expect(await run(consume, other.queued)).toEqual(['retried']);
    expect(await run(consume, junk.queued)).toEqual(['retried']);
    expect([other.settled, junk.settled, ran]).toEqual([{ ack: 0, retries: [0] }, { ack: 0, retries: [0] }, 0]);
  });
});
