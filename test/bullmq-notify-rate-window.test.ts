import { notificationBroadcaster, notificationWorker } from '@social-webhooks/bullmq';
import { memoryTokenStore } from '@social-webhooks/core';
import { redisNotificationLimiter } from '@social-webhooks/redis';
import { afterEach, describe, expect, it } from 'vitest';
import { finished } from './support/broadcast-finished.js';
import { startNotificationClient } from './support/notification-client.js';
import { redisConnection } from './support/redis-connection.js';
import { useRedisClient } from './support/redis-client.js';
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
const open: { close(): Promise<unknown> }[] = [];
afterEach(async () => {
  for (const item of open.splice(0).reverse()) await item.close();
});

describe('notificationWorker with redisNotificationLimiter, against a client that counts its window from receipt', () => {
  const redis = useRedisClient();

  it('sends B to all 50 users once A’s window has passed by the client’s count, the client refusing none', async () => {
    const client = await startNotificationClient({ limits: { intervalMs: interval, perDay: 100 } });
    open.push(client);
    const store = memoryTokenStore();
    const users = range(50);
    await fillTokens(store, client, users);
    client.fault({ count: 1, delayMs: 1_000 });
    const connection = redisConnection(redis.server.url);
    const limiter = redisNotificationLimiter({ client: redis.client, prefix: 'bullmq-window:', intervalMs: interval });
    const broadcaster = notificationBroadcaster({ connection, queueName: 'rate-window' });
    const worker = notificationWorker({ connection, queueName: 'rate-window', store, limiter, logger: false, rateLimitRetryMs: interval });
    open.push(broadcaster, worker);

    await finished(broadcaster, (await broadcaster.broadcast(message('a'), { to: 'all' })).id);
    const progress = await finished(broadcaster, (await broadcaster.broadcast(message('b'), { to: 'all' })).id);
    expect(progress).toMatchObject({ successful: 50, rateLimited: 0, failed: {}, remaining: 0 });
    expect(users.filter((fid) => client.delivered.has(`${fid}:b`))).toEqual(users);
    expect(client.rateLimited).toBe(0);
    expect(client.requests.map(({ notificationId }) => notificationId)).toEqual(['a', 'b']);
  });
});
