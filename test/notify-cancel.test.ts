import { WebhookError, createNotifier, memoryNotificationLimiter, memoryTokenStore } from '@social-webhooks/core';
import { afterEach, describe, expect, it } from 'vitest';
import { startNotificationClient, type StandInClient } from './support/notification-client.js';
import { fillTokens, range } from './support/token-fill.js';

// `signal` through createNotifier against the stand-in client: once aborted, no request starts, and
// every target read but not sent is counted `cancelled`.
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

async function client(): Promise<StandInClient> {
  const started = await startNotificationClient();
  clients.push(started);
  return started;
}

/** `fetch` that notes when each request starts. */
function notingFetch(starts: number[]): typeof fetch {
  return (input, init) => {
    starts.push(Date.now());
    return fetch(input, init);
  };
}

describe('createNotifier: signal', () => {
  it('starts no request after the abort: the requests on their way are answered, the rest counted cancelled', async () => {
    const a = await client();
    const store = memoryTokenStore();
    await fillTokens(store, a, range(1_000));
    for (let index = 0; index < 10; index++) a.fault({ count: 1, delayMs: 100 + index * 10 });
    const controller = new AbortController();
    const starts: number[] = [];
    let abortedAt = Infinity;
    const notifier = createNotifier({
      store,
      logger: false,
      concurrency: 2,
      fetch: notingFetch(starts),
      onBatch: () => {
        if (starts.length >= 3 && abortedAt === Infinity) {
          controller.abort();
          abortedAt = Date.now();
        }
      },
    });
    const report = await notifier.send(notification('abort-1'), { to: 'all', signal: controller.signal });
    expect(starts.filter((start) => start > abortedAt)).toEqual([]);
    expect(report.successful).toBe(a.delivered.size);
    expect(report.successful).toBeGreaterThanOrEqual(300);
    expect(report.successful).toBeLessThan(1_000);
    expect(report.cancelled).toBeGreaterThan(0);
    expect(report.successful + report.cancelled).toBe(report.targets);
  });

  it('sends nothing for a signal aborted already', async () => {
    const a = await client();
    const store = memoryTokenStore();
    await fillTokens(store, a, range(250));
    const report = await createNotifier({ store, logger: false }).send(notification('abort-2'), { to: 'all', signal: AbortSignal.abort() });
    expect(report).toMatchObject({ successful: 0, requests: 0 });
    expect(report.cancelled).toBe(report.targets);
    expect(a.requests).toEqual([]);
  });

  it('stops waiting for a rate limit window when aborted, counting the held tokens cancelled', async () => {
    const a = await client();
    const store = memoryTokenStore();
    await fillTokens(store, a, range(5));
    // A 5 s window: within rateLimitWaitMs, so send() would hold the tokens and wait it out.
    const limiter = memoryNotificationLimiter({ intervalMs: 5_000 });
    const notifier = createNotifier({ store, logger: false, limiter });
    await notifier.send(notification('first'), { to: [1, 2, 3] });
    const started = Date.now();
    const report = await notifier.send(notification('second'), { to: 'all', signal: AbortSignal.timeout(300) });
    expect(Date.now() - started).toBeLessThan(4_000);
    expect(report).toMatchObject({ targets: 5, successful: 2, cancelled: 3, rateLimited: 0 });
    expect([...a.delivered.keys()].filter((key) => key.endsWith(':second')).sort()).toEqual(['4:second', '5:second']);
  });

  it('refuses a signal that is not an AbortSignal', async () => {
    const notifier = createNotifier({ store: memoryTokenStore(), logger: false });
    await expect(notifier.send(notification('x'), { to: 'all', signal: 'stop' as never })).rejects.toThrow(WebhookError);
  });
});
