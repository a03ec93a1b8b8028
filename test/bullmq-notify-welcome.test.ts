import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { notificationBroadcaster, notificationWorker } from '@social-webhooks/bullmq';
import { applyMiniAppEvent, memoryTokenStore, miniAppSender, type MiniAppEvent } from '@social-webhooks/core';
import { createMiniAppSigner, type MiniAppSigner } from '@social-webhooks/core/testing';
import { webhookHandler } from '@social-webhooks/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNotificationClient, type StandInClient } from './support/notification-client.js';
import { eventually } from './support/queue-processes.js';
import { redisConnection } from './support/redis-connection.js';
import { startRedis, type RedisServer } from './support/redis-server.js';

// "Answer first, notify after" (SENDERS.md §2.1: a host gives the webhook seconds): the handler of
// miniapp_added saves the token and queues the welcome; the webhook answers at once; a notification
// worker sends the welcome after. A real receiver over HTTP, real BullMQ on a real redis-server.
describe('the welcome notification, sent after the webhook answered', () => {
  let redis: RedisServer;
  let client: StandInClient;
  let server: Server;
  let close: () => Promise<void>;
  let signer: MiniAppSigner;
  const tokens = memoryTokenStore();

  beforeAll(async () => {
    redis = await startRedis();
    client = await startNotificationClient();
    const connection = redisConnection(redis.url);
    const broadcaster = notificationBroadcaster({ connection, queueName: 'welcome', domain: 'app.example.com' });
    const worker = notificationWorker({ connection, queueName: 'welcome', store: tokens, logger: false });
    const onEvent = async (event: MiniAppEvent) => {
      await applyMiniAppEvent(tokens, event);
      if (event.eventName === 'miniapp_added' && event.data.notificationDetails !== undefined) {
        // Queued, not sent: the answer waits for Redis to hold the job, never for the client.
        await broadcaster.broadcast(
          {
            notificationId: `welcome-${event.data.fid}`,
            title: 'Welcome!',
            body: 'Thanks for adding the app',
            targetUrl: 'https://app.example.com/',
          },
          { to: event.data.fid },
        );
      }
    };
    signer = await createMiniAppSigner({ fid: 3 });
    server = createServer(
      webhookHandler({
        sender: miniAppSender({ verifyAppKey: signer.verifyAppKey }),
        on: { miniapp_added: onEvent, miniapp_removed: onEvent },
      }),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    close = async () => {
      await broadcaster.close();
      await worker.close();
    };
  });
  afterAll(async () => {
    await close?.();
    await new Promise((resolve) => server?.close(resolve));
    await client?.close();
    await redis?.stop();
  });

  it('answers the miniapp_added delivery before the slow client has the welcome, which then arrives once', async () => {
    const token = client.issue(3);
    // The client takes 2 seconds to answer the welcome's request.
    client.fault({ count: 1, delayMs: 2_000 });
    const delivery = await signer.delivery({ event: 'miniapp_added', notificationDetails: { url: client.url, token } });
    const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/webhook`, {
      method: 'POST',
      headers: delivery.headers,
      body: delivery.body,
    });
    expect(response.status).toBe(200);
    // The client holds the welcome's request 2 s before it delivers: nothing delivered yet means the
    // webhook was answered first (no wall-clock bound, which a loaded machine breaks).
    expect(client.delivered.size).toBe(0);
    expect(await tokens.get(3)).toEqual([{ fid: 3, appFid: 9152, url: client.url, token, enabledAt: expect.any(Number) }]);

    expect(await eventually(() => client.delivered.get('3:welcome-3') === 1, 15_000)).toBe(true);
    expect(client.requests).toEqual([{ notificationId: 'welcome-3', tokens: 1, at: expect.any(Number) }]);
    expect(client.violations).toEqual([]);
  });
});
