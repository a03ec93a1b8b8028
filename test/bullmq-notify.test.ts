import {
  notificationBroadcaster,
  notificationWorker,
  type NotificationBroadcaster,
  type NotificationWorker,
  type NotificationWorkerOptions,
} from '@social-webhooks/bullmq';
import { WebhookError, memoryNotificationLimiter, memoryTokenStore, type NotificationTokenStore } from '@social-webhooks/core';
import { describe, expect, it } from 'vitest';
import { finished } from './support/broadcast-finished.js';
import type { StandInOptions } from './support/notification-client.js';
import { fillTokens, range } from './support/token-fill.js';
import { pollUntil } from './support/queue-processes.js';
import { useNotifyQueues } from './support/notify-queues.js';

// Durable broadcasts in one process: a real redis-server, real BullMQ, stand-in Farcaster clients on loopback.
const notification = (notificationId: string) => ({
  notificationId,
  title: 'Digest',
  body: 'Three new casts',
  targetUrl: 'https://app.example.com/digest',
});

const queues = useNotifyQueues('notify');
const client = (options?: StandInOptions) => queues.standIn(options);

/** A broadcaster (its warnings kept) and a worker on a queue of their own. */
function setUp(
  store: NotificationTokenStore,
  options: Partial<NotificationWorkerOptions> = {},
): { broadcaster: NotificationBroadcaster; worker: NotificationWorker; warnings: string[] } {
  const queueName = queues.queueName();
  const warnings: string[] = [];
  const broadcaster = queues.broadcaster(queueName, { logger: { warn: (message, { code }) => warnings.push(`${code}: ${message}`) } });
  return { broadcaster, worker: queues.worker(queueName, store, options), warnings };
}

describe('notificationBroadcaster and notificationWorker', () => {
  it('returns at once with the id, then sends every user once, in ceil(tokens / 100) requests per client URL', async () => {
    const [a, b] = [await client(), await client()];
    const store = memoryTokenStore();
    await fillTokens(store, a, range(2_450));
    await fillTokens(store, b, range(530, 10_000), 1);
    const { broadcaster } = setUp(store, { concurrency: 4 });
    const queued = await broadcaster.broadcast(notification('digest-1'), { to: 'all' });
    expect(queued).toEqual({ id: 'digest-1', added: true, existing: false, createdAt: expect.any(Number) });
    const progress = await finished(broadcaster, queued.id);
    expect(progress).toMatchObject({
      planned: 2_980,
      successful: 2_980,
      requests: 25 + 6,
      invalid: 0,
      remaining: 0,
      pending: 0,
      failed: {},
    });
    expect([a.requests.length, b.requests.length]).toEqual([25, 6]);
    expect([...a.delivered.values(), ...b.delivered.values()].every((count) => count === 1)).toBe(true);
    expect(a.delivered.size + b.delivered.size).toBe(2_980);
    expect([...a.violations, ...b.violations]).toEqual([]);
    // The same notification to everyone again adds nothing: its id is its notificationId.
    expect(await broadcaster.broadcast(notification('digest-1'), { to: 'all' })).toMatchObject({ id: 'digest-1', existing: true });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(a.requests.length + b.requests.length).toBe(31);
  });

  it('queues one notification to two audiences as two broadcasts, and the same audience twice as one', async () => {
    const a = await client();
    const store = memoryTokenStore();
    await fillTokens(store, a, range(4));
    const { broadcaster } = setUp(store);
    const first = await broadcaster.broadcast(notification('news-1'), { to: [1, 2] });
    expect(first).toMatchObject({ id: expect.stringMatching(/^news-1@[0-9a-f]{16}$/), added: true, existing: false });
    expect(await broadcaster.broadcast(notification('news-1'), { to: [2, 1, 2] })).toMatchObject({ id: first.id, existing: true });
    const second = await broadcaster.broadcast(notification('news-1'), { to: 3 });
    expect(second.added).toBe(true);
    expect(second.id).not.toBe(first.id);
    await finished(broadcaster, first.id);
    await finished(broadcaster, second.id);
    expect([...a.delivered.keys()].sort()).toEqual(['1:news-1', '2:news-1', '3:news-1']);
  });

  it("says a broadcast queued again is an existing one: the first run's createdAt, one warning with the fix, nobody notified twice", async () => {
    const a = await client();
    const store = memoryTokenStore();
    await fillTokens(store, a, range(3));
    const { broadcaster, warnings } = setUp(store);
    const first = await broadcaster.broadcast(notification('digest-again'), { to: 'all' });
    expect(first).toEqual({ id: 'digest-again', added: true, existing: false, createdAt: expect.any(Number) });
    expect(warnings).toEqual([]);
    await finished(broadcaster, first.id);
    await new Promise((resolve) => setTimeout(resolve, 20));
    for (let run = 0; run < 2; run++) {
      expect(await broadcaster.broadcast(notification('digest-again'), { to: 'all' })).toEqual({
        id: 'digest-again',
        added: false,
        existing: true,
        createdAt: first.createdAt,
      });
    }
    expect((await broadcaster.progress(first.id))?.createdAt).toBe(first.createdAt);
    // Warned once for the id, with what to do; the users had the notification once.
    expect(warnings).toEqual([
      `broadcast_exists: @social-webhooks/bullmq: broadcast "digest-again" was queued already at ${new Date(first.createdAt).toISOString()}: ` +
        'nothing was added and nobody is notified again (progress(id) reads the earlier run). To send a new broadcast, give it a new ' +
        'notificationId (not "digest-again"): the id is the retry key, kept for keepMs.',
    ]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect([...a.delivered.values()]).toEqual([1, 1, 1]);
  });

  it('checks the notification and the audience before anything is queued', async () => {
    const { broadcaster } = setUp(memoryTokenStore());
    await expect(broadcaster.broadcast({ ...notification('n'), title: 'x'.repeat(33) }, { to: 'all' })).rejects.toMatchObject({
      code: 'invalid_options',
      message: expect.stringContaining('`title` is 33 characters'),
    });
    await expect(broadcaster.broadcast(notification('n'), { to: -1 as number })).rejects.toBeInstanceOf(WebhookError);
    expect(await broadcaster.progress('n')).toBeUndefined();
    expect(() => notificationBroadcaster({ connection: queues.connection(), logger: { warn: 'loud' } as never })).toThrow(
      /notificationBroadcaster\(\): `logger` must be an object with a warn method, such as console, or false/,
    );
    expect(() => notificationWorker({ connection: queues.connection(), store: {} as NotificationTokenStore })).toThrow(
      /notificationWorker\(\): `store` must be a notification token store/,
    );
    expect(() => notificationWorker({ connection: queues.connection(), store: memoryTokenStore(), concurrency: 0 })).toThrow(
      /`concurrency` must be an integer of at least 1/,
    );
  });

  it('hands rate-limited targets to a delayed job, readable as waiting, then sends them once the window ends', async () => {
    const a = await client();
    const store = memoryTokenStore();
    await fillTokens(store, a, range(150));
    const limiter = memoryNotificationLimiter({ intervalMs: 1_500 });
    const { broadcaster } = setUp(store, { limiter });
    await finished(broadcaster, (await broadcaster.broadcast(notification('first'), { to: 'all' })).id);
    const { id } = await broadcaster.broadcast(notification('second'), { to: range(120) });
    const waiting = await pollUntil(
      () => broadcaster.progress(id),
      (progress) => (progress?.rateLimited ?? 0) === 120,
    );
    expect(waiting?.rateLimited).toBe(120);
    expect(waiting!).toMatchObject({ done: false, successful: 0, requests: 0 });
    expect(waiting!.retryAt).toBeGreaterThan(Date.now());
    const progress = await finished(broadcaster, id);
    expect(progress).toMatchObject({ planned: 120, successful: 120, rateLimited: 0, retryAt: undefined });
    expect(range(120).every((fid) => a.delivered.get(`${fid}:second`) === 1)).toBe(true);
  });

  it('retries a failed request with a delayed job under the same notificationId, each user notified once', async () => {
    const a = await client();
    const store = memoryTokenStore();
    await fillTokens(store, a, range(300));
    a.fault({ count: 2, status: 503 });
    const { broadcaster } = setUp(store, { concurrency: 1 });
    const progress = await finished(broadcaster, (await broadcaster.broadcast(notification('retried'), { to: 'all' })).id);
    expect(progress).toMatchObject({ planned: 300, successful: 300, retrying: 0, failed: {} });
    expect(progress.requests).toBe(5);
    expect(a.delivered.size).toBe(300);
    expect(a.requests.every((request) => request.notificationId === 'retried')).toBe(true);
  });

  it('counts a request still failing after `retries` as failed, with its reason', async () => {
    const a = await client();
    const store = memoryTokenStore();
    await fillTokens(store, a, range(40));
    a.fault({ count: 3, status: 502 });
    const { broadcaster } = setUp(store, { retries: 2 });
    const progress = await finished(broadcaster, (await broadcaster.broadcast(notification('gave-up'), { to: 'all' })).id);
    expect(progress).toMatchObject({ planned: 40, successful: 0, failed: { 'the client answered 502': 40 }, requests: 3 });
  });

  it('records a configuration failure once and skips that client’s later batches, counted remaining; other clients go on', async () => {
    const [strict, other] = [await client({ domain: 'other.example.com' }), await client()];
    const store = memoryTokenStore();
    await fillTokens(store, strict, range(500));
    await fillTokens(store, other, range(100, 1_000), 1);
    const { broadcaster } = setUp(store, { concurrency: 1 });
    const progress = await finished(broadcaster, (await broadcaster.broadcast(notification('wrong-domain'), { to: 'all' })).id);
    expect(progress.stopped).toEqual([{ url: strict.url, reason: 'domain_mismatch' }]);
    expect(progress).toMatchObject({ planned: 600, successful: 100, failed: { domain_mismatch: 100 }, remaining: 400 });
    expect(strict.requests.length).toBe(1);
  });

  it('removes invalid tokens from the store and counts them', async () => {
    const a = await client();
    const store = memoryTokenStore();
    await fillTokens(store, a, range(30));
    for (const fid of [3, 4]) a.revoke((await store.get(fid))[0]!.token);
    const { broadcaster } = setUp(store);
    const progress = await finished(broadcaster, (await broadcaster.broadcast(notification('revoked'), { to: 'all' })).id);
    expect(progress).toMatchObject({ planned: 30, successful: 28, invalid: 2 });
    expect([await store.get(3), await store.get(4)]).toEqual([[], []]);
  });
});
