import { describe, expect, it } from 'vitest';
import { memoryStore, memoryTokenStore, neynarSender } from '@social-webhooks/core';
import { notificationConsumer } from './notification-consumer.js';
import { queueBroadcaster } from './queue-broadcaster.js';
import { queueConsumer } from './queue-consumer.js';
import { queueHandoff } from './queue-handoff.js';
import type { QueueProducer } from './queue-types.js';

// The queues on workerd are tested in test/cloudflare-queues.test.ts; these checks throw at start-up.
const sent: unknown[] = [];
const queue: QueueProducer<never> = {
  send: async (body) => void sent.push(body),
  sendBatch: async (messages) => void sent.push(...messages),
};

describe('the queue factories refuse malformed options, saying what to pass', () => {
  it('queueHandoff', () => {
    expect(() => queueHandoff(undefined as never)).toThrow(
      /got undefined \(is the binding declared, and read from the env of this request\?\)/,
    );
    expect(() => queueHandoff(queue, { timeoutMs: 0 })).toThrow(
      /`timeoutMs` must be a positive whole number of milliseconds \(default 1000\)/,
    );
    expect(queueHandoff(queue).timeoutMs).toBe(1000);
  });

  it('queueConsumer', () => {
    const sender = neynarSender({ secrets: 's' });
    expect(() => queueConsumer({ sender } as never)).toThrow(/`dedupe` must be \{ store \}.*or `false` when every handler is idempotent/);
    expect(() => queueConsumer({ sender, dedupe: false, on: { 'profile.created': () => 1 } as never })).toThrow(
      /"profile.created", which is not an event name of the neynar sender/,
    );
    expect(() => queueConsumer({ sender, dedupe: { store: memoryStore(), leaseMs: 0 } })).toThrow(
      /`dedupe.leaseMs` must be a whole number of at least 1/,
    );
    expect(() => queueConsumer({ sender, dedupe: false, retryDelaySeconds: -1 })).toThrow(/`retryDelaySeconds`/);
    expect(() => queueConsumer({ sender, dedupe: false, instrumentation: {} as never })).toThrow(/startJob method/);
    expect(typeof queueConsumer({ sender, dedupe: false })).toBe('function');
  });

  it('queueBroadcaster and notificationConsumer', async () => {
    expect(() => queueBroadcaster({} as never)).toThrow(/`queue` must be the producer binding of the notifications queue/);
    expect(() => queueBroadcaster({ queue, domain: 'https://x.example' })).toThrow(/`domain` is your Mini App's host name/);
    const broadcaster = queueBroadcaster({ queue, domain: 'app.example.com' });
    const notification = { notificationId: 'n1', title: 't', body: 'b', targetUrl: 'https://elsewhere.example/' };
    await expect(broadcaster.broadcast(notification, { to: 'all' })).rejects.toThrow(/not on your Mini App's domain/);
    await expect(broadcaster.broadcast({ ...notification, targetUrl: 'https://app.example.com/' }, { to: [] })).rejects.toThrow(/`to`/);
    const many = Array.from({ length: 30_000 }, (_, index) => index + 1);
    await expect(broadcaster.broadcast({ ...notification, targetUrl: 'https://app.example.com/' }, { to: many })).rejects.toThrow(
      /over the 128000 a message may carry: split the list/,
    );
    expect(sent).toEqual([]);
    expect(() => notificationConsumer({ store: memoryTokenStore() } as never)).toThrow(/`queue` must be the producer binding/);
    expect(() => notificationConsumer({ queue, store: memoryTokenStore(), rateLimitRounds: -1 })).toThrow(/`rateLimitRounds`/);
    expect(() => notificationConsumer({ queue, store: memoryTokenStore(), colour: 1 } as never)).toThrow(/unknown option `colour`/);
    expect(() => notificationConsumer({ queue, store: memoryTokenStore(), history: {} as never })).toThrow(
      /^@social-webhooks\/cloudflare: notificationConsumer\(\): `history` must be a notification history \(record, list, get, timeline\)/,
    );
  });
});
