import { describe, expect, it } from 'vitest';
import type { Queue } from 'bullmq';
import { neynarSampleEvent, sampleEvent } from '@social-webhooks/core/testing';
import { bullmqHandoff } from './bullmq-handoff.js';

// The options checks and what each add asks BullMQ for; adds against a real Redis are in
// test/bullmq-*.test.ts.
function recordingQueue() {
  const adds: Parameters<Queue['add']>[] = [];
  const queue = { name: 'webhooks', add: async (...args: Parameters<Queue['add']>) => void adds.push(args) } as unknown as Pick<
    Queue,
    'name' | 'add'
  >;
  return { queue, adds };
}

describe('bullmqHandoff', () => {
  it('adds the event as a job whose id is the delivery key, with retries and retention', async () => {
    const { queue, adds } = recordingQueue();
    const handoff = bullmqHandoff({ queue, attempts: 3, backoffMs: 500, keepCompletedMs: 60_000, keepFailedMs: 1500 });
    expect(handoff.timeoutMs).toBe(1000);
    await handoff.enqueue({
      event: sampleEvent('follow.created'),
      key: 'follow.created:header:k1',
      carrier: { traceparent: 't' },
      receivedAt: 42,
      sender: 'airstack',
    });
    expect(adds).toEqual([
      [
        'follow.created',
        {
          eventName: 'follow.created',
          data: sampleEvent('follow.created').data,
          sender: 'airstack',
          carrier: { traceparent: 't' },
          receivedAt: 42,
        },
        {
          attempts: 3,
          backoff: { type: 'exponential', delay: 500 },
          removeOnComplete: { age: 60 },
          removeOnFail: { age: 2 },
          jobId: 'follow.created%3Aheader%3Ak1',
        },
      ],
    ]);
  });

  it("keeps the sender and the event's own fields (Neynar's createdAt) beside its name and data", async () => {
    const { queue, adds } = recordingQueue();
    const event = neynarSampleEvent('cast.created');
    await bullmqHandoff({ queue }).enqueue({ event, key: 'neynar:cast.created:body:ab', carrier: {}, receivedAt: 7, sender: 'neynar' });
    expect(adds[0]?.[0]).toBe('cast.created');
    expect(adds[0]?.[1]).toEqual({
      eventName: 'cast.created',
      data: event.data,
      extra: { createdAt: event.createdAt },
      sender: 'neynar',
      carrier: {},
      receivedAt: 7,
    });
  });

  it("carries a replay's mark, for the worker to hand on (replayOf(event))", async () => {
    const { queue, adds } = recordingQueue();
    const replay = { of: '0001764300000000-abcdef123456', at: 5, forced: false };
    await bullmqHandoff({ queue }).enqueue({
      event: sampleEvent('follow.created'),
      key: 'k',
      carrier: {},
      receivedAt: 1,
      sender: 'airstack',
      replay,
    });
    expect(adds[0]?.[1]).toMatchObject({ replay });
  });

  it('refuses a missing queue and malformed numbers, saying what to pass', () => {
    const { queue } = recordingQueue();
    expect(() => bullmqHandoff({} as never)).toThrow(/`queue` must be a BullMQ queue: new Queue\('webhooks'/);
    expect(() => bullmqHandoff({ queue, attempts: 0 })).toThrow(/`attempts` must be a positive whole number \(default 5\); got 0/);
    expect(() => bullmqHandoff({ queue, timeoutMs: 1.5 })).toThrow(/`timeoutMs` must be a positive whole number/);
    expect(() => bullmqHandoff(undefined as never)).toThrow(/takes an options object/);
  });
});
