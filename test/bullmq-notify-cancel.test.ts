import type { NotificationBroadcaster } from '@social-webhooks/bullmq';
import { WebhookError, memoryTokenStore, type NotificationTokenStore } from '@social-webhooks/core';
import { describe, expect, it } from 'vitest';
import { finished } from './support/broadcast-finished.js';
import type { StandInClient } from './support/notification-client.js';
import { fillTokens, range } from './support/token-fill.js';
import { pollUntil } from './support/queue-processes.js';
import { useNotifyQueues } from './support/notify-queues.js';

// Cancelling and timing BullMQ broadcasts: a real redis-server, real BullMQ, a stand-in client that
// takes each request 100-200 ms late (as real clients answer) and notes when it took it.
const notification = (notificationId: string) => ({
  notificationId,
  title: 'Sale',
  body: 'Ends at 6',
  targetUrl: 'https://app.example.com/sale',
});

const queues = useNotifyQueues('cancel');

/** A stand-in client whose next `requests` requests are each taken 100 to 200 ms late. */
async function slowClient(requests: number): Promise<StandInClient> {
  const client = await queues.standIn();
  for (let index = 0; index < requests; index++) client.fault({ count: 1, delayMs: 100 + ((index * 37) % 101) });
  return client;
}

function setUp(): { broadcaster: NotificationBroadcaster; startWorker(store: NotificationTokenStore): void } {
  const queueName = queues.queueName();
  return {
    broadcaster: queues.broadcaster(queueName),
    startWorker: (store) => void queues.worker(queueName, store, { concurrency: 4 }),
  };
}

describe('broadcaster.cancel()', () => {
  it('removes a broadcast no worker has started: nothing is sent, and progress is done with nothing planned', async () => {
    const client = await slowClient(0);
    const store = memoryTokenStore();
    await fillTokens(store, client, range(250));
    const { broadcaster, startWorker } = setUp();
    const { id } = await broadcaster.broadcast(notification('sale-1'), { to: 'all' });
    expect(await broadcaster.cancel(id)).toEqual({ id, cancelled: 'not-started' });
    startWorker(store);
    const progress = await finished(broadcaster, id);
    expect(progress).toMatchObject({ planned: 0, successful: 0, cancelled: 0, cancelledAt: expect.any(Number), done: true });
    // Queued again under the same id: still cancelled, nothing is sent.
    expect(await broadcaster.broadcast(notification('sale-1'), { to: 'all' })).toMatchObject({ existing: true });
    expect(await broadcaster.cancel(id)).toEqual({ id, cancelled: 'cancelled-already' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(client.requests).toEqual([]);
  });

  it('stops a broadcast of 3,000 tokens mid-way: the client takes nothing after cancel() resolved, and sent + cancelled = planned', async () => {
    const client = await slowClient(30);
    const store = memoryTokenStore();
    await fillTokens(store, client, range(3_000));
    const { broadcaster, startWorker } = setUp();
    startWorker(store);
    const { id } = await broadcaster.broadcast(notification('sale-2'), { to: 'all' });
    await pollUntil(
      async () => client.requests.length,
      (count) => count >= 5,
      20_000,
    );
    expect(await broadcaster.cancel(id)).toEqual({ id, cancelled: 'stopped' });
    const returned = Date.now();
    const progress = await finished(broadcaster, id);
    // Longer than any request could still take to arrive (200 ms late at most).
    await new Promise((resolve) => setTimeout(resolve, 500));
    const late = client.requests.filter((request) => request.at > returned);
    expect(late).toEqual([]);
    const delivered = client.requests.reduce((sum, request) => sum + request.tokens, 0);
    expect(progress.successful).toBe(delivered);
    expect(progress.successful).toBeGreaterThanOrEqual(500);
    expect(progress.cancelled).toBeGreaterThan(0);
    expect(progress.successful + progress.cancelled).toBe(progress.planned);
    expect(progress).toMatchObject({ pending: 0, rateLimited: 0, retrying: 0, planning: false });
    expect(client.delivered.size).toBe(delivered);
  });

  it('answers finished-already for a broadcast that had every outcome, and unknown for an id never queued', async () => {
    const client = await slowClient(0);
    const store = memoryTokenStore();
    await fillTokens(store, client, range(120));
    const { broadcaster, startWorker } = setUp();
    startWorker(store);
    const { id } = await broadcaster.broadcast(notification('sale-3'), { to: 'all' });
    await finished(broadcaster, id);
    expect(await broadcaster.cancel(id)).toEqual({ id, cancelled: 'finished-already' });
    expect(await broadcaster.progress(id)).toMatchObject({ successful: 120, cancelled: 0, cancelledAt: undefined });
    expect(await broadcaster.cancel('never-queued')).toEqual({ id: 'never-queued', cancelled: 'unknown' });
    await expect(broadcaster.cancel('')).rejects.toThrow(WebhookError);
  });
});

describe('broadcast(notification, { to, at })', () => {
  it('queues the plan delayed until `at`: progress reads scheduledAt, and the first request arrives after it', async () => {
    const client = await slowClient(0);
    const store = memoryTokenStore();
    await fillTokens(store, client, range(150));
    const { broadcaster, startWorker } = setUp();
    startWorker(store);
    const at = Date.now() + 1_000;
    const { id } = await broadcaster.broadcast(notification('sale-4'), { to: 'all', at: new Date(at) });
    expect(await broadcaster.progress(id)).toMatchObject({ scheduledAt: at, planned: 0, planning: true, done: false });
    const progress = await finished(broadcaster, id);
    expect(progress).toMatchObject({ successful: 150, scheduledAt: at });
    expect(Math.min(...client.requests.map((request) => request.at))).toBeGreaterThanOrEqual(at);
  });

  it('sends at once for a time past, and cancels one due later before it starts', async () => {
    const client = await slowClient(0);
    const store = memoryTokenStore();
    await fillTokens(store, client, range(50));
    const { broadcaster, startWorker } = setUp();
    startWorker(store);
    const past = await broadcaster.broadcast(notification('sale-5'), { to: 'all', at: Date.now() - 60_000 });
    expect(await finished(broadcaster, past.id)).toMatchObject({ successful: 50, scheduledAt: undefined });
    const later = await broadcaster.broadcast(notification('sale-6'), { to: 'all', at: Date.now() + 30 * 86_400_000 });
    expect(await broadcaster.cancel(later.id)).toEqual({ id: later.id, cancelled: 'not-started' });
    expect(await broadcaster.progress(later.id)).toMatchObject({ planned: 0, done: true });
    expect(await broadcaster.queue.getDelayedCount()).toBe(0);
    expect(client.requests.filter((request) => request.notificationId === 'sale-6')).toEqual([]);
    await expect(broadcaster.broadcast(notification('sale-7'), { to: 'all', at: 1_700_000_000 })).rejects.toThrow(/reads as seconds/);
  });
});
