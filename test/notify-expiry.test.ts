import { createNotifier, memoryNotificationLimiter, memoryTokenStore } from '@social-webhooks/core';
import { afterEach, describe, expect, it } from 'vitest';
import { startNotificationClient, type StandInClient } from './support/notification-client.js';
import { fillTokens, range } from './support/token-fill.js';

// `expiresAt` through createNotifier against the strict stand-in client: a batch not sent by then is
// dropped and counted `expired`, wherever it was waiting; nothing reaches a user after it.
const notification = (notificationId: string) => ({
  notificationId,
  title: 'Sale',
  body: 'Ends at 6',
  targetUrl: 'https://app.example.com/sale',
});
const clients: StandInClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
});

async function client(options?: Parameters<typeof startNotificationClient>[0]): Promise<StandInClient> {
  const started = await startNotificationClient(options);
  clients.push(started);
  return started;
}

const quiet = { logger: false as const, retryDelayMs: 10 };

describe('createNotifier: expiresAt', () => {
  it('sends nothing once it has passed, and counts every target expired', async () => {
    const a = await client();
    const store = memoryTokenStore();
    await fillTokens(store, a, range(150));
    const report = await createNotifier({ store, ...quiet }).send(notification('late'), { to: 'all', expiresAt: new Date(Date.now() - 1) });
    expect(report).toMatchObject({ targets: 150, expired: 150, successful: 0, requests: 0 });
    expect(a.requests).toEqual([]);
  });

  it('drops the batches still waiting for a request slot when it passes, not the one on its way', async () => {
    const a = await client();
    const store = memoryTokenStore();
    await fillTokens(store, a, range(300));
    a.fault({ delayMs: 2_000, count: 1 });
    const notifier = createNotifier({ store, ...quiet, concurrency: 1 });
    const report = await notifier.send(notification('slots'), { to: 'all', expiresAt: Date.now() + 1_000 });
    expect(report).toMatchObject({ targets: 300, successful: 100, expired: 200, requests: 1 });
    expect(a.delivered.size).toBe(100);
  });

  it('drops a token our limiter holds until past it, rather than waiting for its window', async () => {
    const a = await client();
    const store = memoryTokenStore();
    await fillTokens(store, a, range(5));
    const waits: number[] = [];
    const limiter = memoryNotificationLimiter({ intervalMs: 60_000 });
    const notifier = createNotifier({ store, ...quiet, limiter, onWait: ({ tokens }) => void waits.push(tokens) });
    await notifier.send(notification('first'), { to: [1, 2, 3] });
    const report = await notifier.send(notification('sale'), { to: 'all', expiresAt: Date.now() + 5_000 });
    expect(report).toMatchObject({ targets: 5, successful: 2, expired: 3, rateLimited: 0, waited: { tokens: 0 } });
    expect(waits).toEqual([]);
    expect([...a.delivered.keys()].filter((key) => key.endsWith(':sale')).sort()).toEqual(['4:sale', '5:sale']);
  });

  it('drops a token the client rate-limited when its window ends past it', async () => {
    const a = await client({ limits: { intervalMs: 60_000, perDay: 100 } });
    const store = memoryTokenStore();
    await fillTokens(store, a, [1]);
    const notifier = createNotifier({ store, ...quiet, limiter: false, rateLimitRetryMs: 2_000 });
    await notifier.send(notification('first'), { to: 1 });
    const report = await notifier.send(notification('sale'), { to: 1, expiresAt: Date.now() + 1_000 });
    expect(report).toMatchObject({ targets: 1, expired: 1, rateLimited: 0, requests: 1 });
    expect(a.requests.filter((request) => request.notificationId === 'sale')).toHaveLength(1);
    expect(a.delivered.has('1:sale')).toBe(false);
  });

  it('drops a failed request whose retry would come past it, and sends no retry', async () => {
    const a = await client();
    const store = memoryTokenStore();
    await fillTokens(store, a, range(5));
    a.fault({ status: 503, count: 1 });
    const notifier = createNotifier({ store, ...quiet, retryDelayMs: 5_000 });
    const report = await notifier.send(notification('sale'), { to: 'all', expiresAt: Date.now() + 1_000 });
    expect(report).toMatchObject({ targets: 5, expired: 5, successful: 0, requests: 1, failed: {} });
    expect(a.delivered.size).toBe(0);
  });

  it('refuses an expiresAt that is not a time, or reads as seconds', async () => {
    const notifier = createNotifier({ store: memoryTokenStore(), ...quiet });
    await expect(notifier.send(notification('n'), { to: 'all', expiresAt: 'tomorrow' as never })).rejects.toThrow(
      /notifier.send\(\): `expiresAt` is a time, milliseconds since the epoch/,
    );
    await expect(notifier.send(notification('n'), { to: 'all', expiresAt: 1_764_000_000 })).rejects.toThrow(
      /1764000000 reads as seconds since the epoch; it is in milliseconds: multiply by 1000/,
    );
  });
});
