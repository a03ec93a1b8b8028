import { describe, expect, expectTypeOf, it } from 'vitest';
import { neynarSender, type FollowPayload, type NeynarCast, type NeynarFollow } from '@social-webhooks/core';
import type { JobContext } from './job-context.js';
import { webhookWorker, type WebhookWorkerOptions } from './webhook-worker.js';

// A worker against a real Redis is tested in test/bullmq-*.test.ts; these checks throw before any
// connection is made.
const connection = { host: '127.0.0.1', port: 6379 };

describe('webhookWorker', () => {
  it('refuses malformed options before connecting, saying what to pass', () => {
    expect(() => webhookWorker({ connection } as WebhookWorkerOptions)).toThrow(/`queueName` must be the queue's name/);
    expect(() => webhookWorker({ queueName: 'webhooks' } as WebhookWorkerOptions)).toThrow(/`connection` must be Redis connection options/);
    expect(() => webhookWorker({ queueName: 'webhooks', connection, on: { 'cast.created': () => undefined } as never })).toThrow(
      /"cast.created", which is not an event name/,
    );
    expect(() => webhookWorker({ queueName: 'webhooks', connection, concurrency: 0 })).toThrow(
      /`concurrency` must be a positive whole number \(default 1\)/,
    );
    expect(() => webhookWorker({ queueName: 'webhooks', connection, instrumentation: {} as never })).toThrow(/startJob method/);
    expect(() => webhookWorker({ queueName: 'webhooks', connection, sender: {} as never })).toThrow(/`sender` must be the sender/);
    expect(() =>
      webhookWorker({
        queueName: 'webhooks',
        connection,
        sender: neynarSender({ secrets: 's' }),
        on: { 'profile.created': () => 1 } as never,
      }),
    ).toThrow(/"profile.created", which is not an event name of the neynar sender. Use one of: cast.created, cast.deleted/);
  });

  it("types handlers by the sender's events, createdAt included", () => {
    // Type-level only: never called.
    const typed = () =>
      webhookWorker({
        queueName: 'neynar',
        connection,
        sender: neynarSender({ secrets: 's' }),
        on: {
          'cast.created': (event, context) => {
            expectTypeOf(event.data).toEqualTypeOf<NeynarCast>();
            expectTypeOf(event.createdAt).toEqualTypeOf<number | undefined>();
            expectTypeOf(context).toEqualTypeOf<JobContext>();
          },
          'follow.deleted': (event) => expectTypeOf(event.data).toEqualTypeOf<NeynarFollow>(),
          // @ts-expect-error: the founding service's event, not Neynar's
          'profile.created': () => undefined,
        },
      });
    expect(typeof typed).toBe('function');
  });

  it('types handlers as the receiver does, with the job context second', () => {
    // Type-level only: never called.
    const typed = () =>
      webhookWorker({
        queueName: 'webhooks',
        connection,
        on: {
          'follow.created': (event, context) => {
            expectTypeOf(event.eventName).toEqualTypeOf<'follow.created'>();
            expectTypeOf(event.data).toEqualTypeOf<FollowPayload>();
            expectTypeOf(context).toEqualTypeOf<JobContext>();
            expectTypeOf(context.attempt).toBeNumber();
          },
          // @ts-expect-error: not an event name
          'follow.updated': () => undefined,
        },
      });
    expect(typeof typed).toBe('function');
  });
});
