import { notificationBroadcaster, notificationWorker } from '@social-webhooks/bullmq';
import type { ConnectionOptions } from 'bullmq';
import { WebhookError, memoryTokenStore } from '@social-webhooks/core';
import { Redis } from 'ioredis';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finished } from './support/broadcast-finished.js';
import { startNotificationClient, type StandInClient } from './support/notification-client.js';
import { fillTokens, range } from './support/token-fill.js';
import { startRedis, type RedisServer } from './support/redis-server.js';

// What `connection` the notification side takes (its README: options or an ioredis instance), on the
// BullMQ major this run loads (test/support/peers/): the broadcast record runs on the queue's own client.
const notification = { notificationId: 'conn-1', title: 'Digest', body: 'Three new casts', targetUrl: 'https://app.example.com/digest' };

describe('the connection of notificationBroadcaster and notificationWorker', () => {
  let redis: RedisServer;
  let stand: StandInClient;
  beforeAll(async () => {
    redis = await startRedis();
    stand = await startNotificationClient();
  });
  afterAll(async () => {
    await stand?.close();
    await redis?.stop();
  });

  it('sends a broadcast with an ioredis instance as the connection, every user once', async () => {
    // ioredis 6, as @social-webhooks/bullmq installs it. The types name BullMQ 5's ioredis (5), whose
    // classes differ in protected members only; at run time both majors take the instance.
    const connection = new Redis(redis.url, { maxRetriesPerRequest: null }) as unknown as ConnectionOptions & Redis;
    const store = memoryTokenStore();
    await fillTokens(store, stand, range(150));
    const broadcaster = notificationBroadcaster({ connection, queueName: 'conn-ioredis' });
    const worker = notificationWorker({ connection, queueName: 'conn-ioredis', store, logger: false });
    try {
      const { id } = await broadcaster.broadcast(notification, { to: 'all' });
      expect(await finished(broadcaster, id)).toMatchObject({ planned: 150, successful: 150, requests: 2 });
      expect(stand.delivered.size).toBe(150);
      expect([...stand.delivered.values()].every((count) => count === 1)).toBe(true);
    } finally {
      await worker.close();
      await broadcaster.close();
      await connection.quit();
    }
  });

  it('refuses a node-redis client, saying what to pass instead', () => {
    const client = createClient({ url: redis.url });
    const store = memoryTokenStore();
    for (const build of [
      () => notificationBroadcaster({ connection: client as never }),
      () => notificationWorker({ connection: client as never, store }),
    ]) {
      expect(build).toThrow(WebhookError);
      expect(build).toThrow(
        /`connection` is a node-redis client.*Pass Redis connection options such as \{ host: '127\.0\.0\.1', port: 6379 \}, or an ioredis instance/,
      );
    }
  });
});
