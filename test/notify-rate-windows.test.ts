import {
  createNotifier,
  memoryNotificationLimiter,
  memoryTokenStore,
  type NotificationLimiter,
  type NotificationWait,
} from '@social-webhooks/core';
import { redisNotificationLimiter } from '@social-webhooks/redis';
import { afterEach, describe, expect, it } from 'vitest';
import { startNotificationClient, type StandInClient } from './support/notification-client.js';
import { useRedisClient } from './support/redis-client.js';
import { fillTokens, range } from './support/token-fill.js';

// A client counts a token's interval from when the request reached it; we claim the token before we
// send. With a slow first request the client's window ends later than a window counted from our
// claim: these tests send A, then B at once, to the same users through a stand-in client that keeps a
// 1.5 s window by receipt time, and check that B reaches everyone and is never dropped.
const interval = 1_500;
const a = { notificationId: 'a', title: 'A', body: 'First', targetUrl: 'https://app.example.com/a' };
const b = { ...a, notificationId: 'b', title: 'B', body: 'Second' };
const users = range(50);
const clients: StandInClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
});

/** A client keeping a 1.5 s window by receipt time, 50 users' tokens, and A's request 1 s slow to arrive. */
async function slowFirstRequest() {
  const client = await startNotificationClient({ limits: { intervalMs: interval, perDay: 100 } });
  clients.push(client);
  const store = memoryTokenStore();
  await fillTokens(store, client, users);
  client.fault({ count: 1, delayMs: 1_000 });
  return { client, store };
}

/** Sends A then B with `limiter`, and checks B reached all 50 users, the client never refusing one. */
async function sendsBToAll(limiter: NotificationLimiter | false, options: { rateLimitRetryMs?: number } = {}) {
  const { client, store } = await slowFirstRequest();
  const waits: NotificationWait[] = [];
  const notifier = createNotifier({ store, limiter, logger: false, onWait: (wait) => void waits.push(wait), ...options });
  expect(await notifier.send(a, { to: 'all' })).toMatchObject({ successful: 50, waited: { ms: 0, tokens: 0 } });
  const report = await notifier.send(b, { to: 'all' });
  expect(report).toMatchObject({ successful: 50, rateLimited: 0, retryAt: undefined, failed: {} });
  expect(users.filter((fid) => client.delivered.has(`${fid}:b`))).toEqual(users);
  return { client, report, waits };
}

describe('createNotifier: a rate window the client counts from receipt', () => {
  it('with memoryNotificationLimiter, waits until the window counted from A’s answer has passed: B reaches all 50, none refused', async () => {
    const { client, report, waits } = await sendsBToAll(memoryNotificationLimiter({ intervalMs: interval }));
    // Our window, counted again from A's answer, ends no sooner than the client's: B goes out once.
    expect(client.rateLimited).toBe(0);
    expect(client.requests.map(({ notificationId, tokens }) => `${notificationId}:${tokens}`)).toEqual(['a:50', 'b:50']);
    expect(report.waited.tokens).toBe(50);
    expect(report.waited.ms).toBeGreaterThanOrEqual(interval - 100);
    expect(waits).toHaveLength(1);
    expect(waits[0]).toMatchObject({ tokens: 50 });
    expect(waits[0]!.ms).toBeGreaterThanOrEqual(interval - 100);
  });

  describe('with redisNotificationLimiter', () => {
    const redis = useRedisClient();
    it('waits until the window counted from A’s answer (Redis’s clock) has passed: B reaches all 50, none refused', async () => {
      const limiter = redisNotificationLimiter({ client: redis.client, prefix: 'rate-windows:', intervalMs: interval });
      const { client, report } = await sendsBToAll(limiter);
      expect(client.rateLimited).toBe(0);
      expect(client.requests.map(({ notificationId }) => notificationId)).toEqual(['a', 'b']);
      expect(report.waited.tokens).toBe(50);
    });
  });

  it('sends a token the client refuses again, round after round, while it has waited less than rateLimitWaitMs', async () => {
    // No limiter of ours: the client refuses B at 0.5 s and 1 s after A, and takes it at 1.5 s.
    const { client, report, waits } = await sendsBToAll(false, { rateLimitRetryMs: 500 });
    expect(client.rateLimited).toBeGreaterThanOrEqual(100);
    expect(waits.length).toBeGreaterThanOrEqual(2);
    expect(waits.every((wait) => wait.tokens === 50)).toBe(true);
    expect(report.waited.tokens).toBe(50);
    expect(report.waited.ms).toBeGreaterThanOrEqual(1_000);
  });

  it('gives a token up once it would wait past rateLimitWaitMs, and reports it rate-limited with when to retry', async () => {
    const { client, store } = await slowFirstRequest();
    const notifier = createNotifier({ store, limiter: false, logger: false, rateLimitRetryMs: 500, rateLimitWaitMs: 700 });
    await notifier.send(a, { to: 'all' });
    const report = await notifier.send(b, { to: 'all' });
    expect(report).toMatchObject({ successful: 0, rateLimited: 50, waited: { tokens: 50 } });
    expect(report.retryAt).toBeGreaterThan(Date.now());
    expect(client.requests.map(({ notificationId }) => notificationId)).toEqual(['a', 'b', 'b']);
  });
});
