import { memoryTokenStore } from '@social-webhooks/core';
import { redisNotificationLimiter } from '@social-webhooks/redis';
import { describe, expect, it } from 'vitest';
import { finished } from './support/broadcast-finished.js';
import { useNotifyQueues } from './support/notify-queues.js';
import { fillTokens, range } from './support/token-fill.js';

// The durable path keeps the window as createNotifier does (test/notify-rate-windows.test.ts): a
// client that counts a token's 1.5 s interval from receipt, A's request slow to reach it, then B to
// the same users. B's batch is handed to a job delayed until the window counted from A's answer.
const interval = 1_500;
const message = (notificationId: string) => ({
  notificationId,
  title: 'Digest',
  body: notificationId,
  targetUrl: 'https://app.example.com/',
});
describe('notificationWorker with redisNotificationLimiter, against a client that counts its window from receipt', () => {
  const queues = useNotifyQueues('rate-window');

  it('sends B to all 50 users once A’s window has passed by the client’s count, the client refusing none', async () => {
    const client = await queues.standIn({ limits: { intervalMs: interval, perDay: 100 } });
    const store = memoryTokenStore();
    const users = range(50);
    await fillTokens(store, client, users);
    client.fault({ count: 1, delayMs: 1_000 });
    const limiter = redisNotificationLimiter({ client: queues.client, prefix: 'bullmq-window:', intervalMs: interval });
    const queueName = queues.queueName();
    const broadcaster = queues.broadcaster(queueName);
    queues.worker(queueName, store, { limiter, rateLimitRetryMs: interval });

    await finished(broadcaster, (await broadcaster.broadcast(message('a'), { to: 'all' })).id);
    const progress = await finished(broadcaster, (await broadcaster.broadcast(message('b'), { to: 'all' })).id);
    expect(progress).toMatchObject({ successful: 50, rateLimited: 0, failed: {}, remaining: 0 });
    expect(users.filter((fid) => client.delivered.has(`${fid}:b`))).toEqual(users);
    expect(client.rateLimited).toBe(0);
    expect(client.requests.map(({ notificationId }) => notificationId)).toEqual(['a', 'b']);
  });
});
