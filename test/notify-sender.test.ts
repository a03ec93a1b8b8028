import { createNotifier, memoryNotificationLimiter, memoryTokenStore, type NotificationTokenStore } from '@social-webhooks/core';
import { afterEach, describe, expect, it } from 'vitest';
import { startNotificationClient, type StandInClient } from './support/notification-client.js';
import { fillTokens, range } from './support/token-fill.js';

// The notification sender against a stand-in Farcaster client on loopback that enforces the protocol.
const notification = { notificationId: 'digest-1', title: 'Digest', body: 'Three new casts', targetUrl: 'https://app.example.com/digest' };
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

describe('createNotifier: batches', () => {
  it('sends every user once, in ceil(tokens / 100) requests per client URL, none over 100', async () => {
    const [a, b] = [await client(), await client()];
    const store = memoryTokenStore();
    await fillTokens(store, a, range(250));
    await fillTokens(store, b, range(120, 1000), 1);
    const report = await createNotifier({ store, ...quiet }).send(notification, { to: 'all' });
    expect(report).toMatchObject({ targets: 370, successful: 370, requests: 5, invalid: 0, rateLimited: 0, remaining: 0, failed: {} });
    expect(a.requests.map((request) => request.tokens).sort()).toEqual([100, 100, 50].sort());
    expect(b.requests.map((request) => request.tokens).sort()).toEqual([100, 20].sort());
    expect(a.delivered.size + b.delivered.size).toBe(370);
    expect([...a.violations, ...b.violations]).toEqual([]);
  });

  it('sends to one user, or a list, reading only their targets', async () => {
    const a = await client();
    const store = memoryTokenStore();
    await fillTokens(store, a, range(10));
    const notifier = createNotifier({ store, ...quiet });
    expect(await notifier.send(notification, { to: 3 })).toMatchObject({ targets: 1, successful: 1 });
    expect(await notifier.send({ ...notification, notificationId: 'n2' }, { to: [4, 5, 5] })).toMatchObject({ targets: 2, successful: 2 });
    expect([...a.delivered.keys()].sort()).toEqual(['3:digest-1', '4:n2', '5:n2']);
  });
});

describe('createNotifier: every outcome', () => {
  it('removes an invalid token from the store, but not a newer token of the same client', async () => {
    const a = await client();
    const store = memoryTokenStore();
    const [first, second] = await fillTokens(store, a, [1, 2]);
    a.revoke(first!);
    a.revoke(second!);
    // User 2 enables again before the answer is handled: the new token must survive.
    const fresh = a.issue(2);
    const racing: NotificationTokenStore = {
      ...store,
      deleteToken: async (target) => {
        if (target.fid === 2) await store.save({ fid: 2, appFid: 9152, url: a.url, token: fresh });
        return store.deleteToken!(target);
      },
    };
    const report = await createNotifier({ store: racing, ...quiet }).send(notification, { to: 'all' });
    expect(report).toMatchObject({ invalid: 2, successful: 0 });
    expect(await store.get(1)).toEqual([]);
    expect((await store.get(2)).map((target) => target.token)).toEqual([fresh]);
  });

  it('reports a configuration failure once and sends none of that client’s other batches', async () => {
    const a = await client({ domain: 'other.example.com' });
    const store = memoryTokenStore();
    await fillTokens(store, a, range(300));
    const errors: string[] = [];
    const notifier = createNotifier({ store, concurrency: 1, retryDelayMs: 10, logger: { error: (message) => errors.push(message) } });
    const report = await notifier.send(notification, { to: 'all' });
    expect(report.requests).toBe(1);
    expect(report.failed).toEqual({ domain_mismatch: 100 });
    expect(report.remaining).toBe(200);
    expect(report.stopped).toEqual([{ url: a.url, reason: 'domain_mismatch' }]);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/refused notification "digest-1": domain_mismatch/);
  });

  it.each([
    ['a 503', { status: 503, count: 2 }],
    ['a 200 that is not JSON', { broken: 'not-json' as const, count: 2 }],
    ['a 200 without a result', { broken: 'no-result' as const, count: 2 }],
    ['no answer in time', { delayMs: 400, count: 1 }],
  ])('retries %s with the same notificationId, and each user is notified once', async (_name, fault) => {
    const a = await client();
    const store = memoryTokenStore();
    await fillTokens(store, a, range(5));
    a.fault(fault);
    const report = await createNotifier({ store, ...quiet, timeoutMs: 200 }).send(notification, { to: 'all' });
    expect(report).toMatchObject({ successful: 5, failed: {} });
    expect(report.requests).toBeGreaterThan(1);
    expect(new Set(a.requests.map((request) => request.notificationId))).toEqual(new Set(['digest-1']));
    expect([...a.delivered.values()]).toEqual([1, 1, 1, 1, 1]);
  });

  it('gives up after `retries` and reports the failure with its reason, never as a success', async () => {
    const a = await client();
    const store = memoryTokenStore();
    await fillTokens(store, a, range(3));
    a.fault({ status: 500, count: 10 });
    const report = await createNotifier({ store, ...quiet, retries: 2 }).send(notification, { to: 'all' });
    expect(report).toMatchObject({ successful: 0, requests: 3, failed: { 'the client answered 500': 3 } });
  });

  it('sends a token the client rate-limited again once its window has passed', async () => {
    const a = await client({ limits: { intervalMs: 300, perDay: 100 } });
    const store = memoryTokenStore();
    await fillTokens(store, a, [1]);
    const notifier = createNotifier({ store, ...quiet, limiter: false, rateLimitRetryMs: 350 });
    await notifier.send(notification, { to: 1 });
    const report = await notifier.send({ ...notification, notificationId: 'digest-2' }, { to: 1 });
    expect(report).toMatchObject({ successful: 1, rateLimited: 0, requests: 2 });
    expect(a.delivered.has('1:digest-2')).toBe(true);
  });
});

describe('createNotifier: our side of the limits', () => {
  it('holds a second notification to a token within the interval, and reports when to retry', async () => {
    const a = await client();
    const store = memoryTokenStore();
    await fillTokens(store, a, [1, 2]);
    const notifier = createNotifier({ store, ...quiet, limiter: memoryNotificationLimiter({ intervalMs: 60_000 }), rateLimitWaitMs: 0 });
    await notifier.send(notification, { to: 1 });
    const before = Date.now();
    const report = await notifier.send({ ...notification, notificationId: 'digest-2' }, { to: 'all' });
    expect(report).toMatchObject({ successful: 1, rateLimited: 1 });
    expect(report.retryAt).toBeGreaterThanOrEqual(before + 59_000);
    expect(a.delivered.has('1:digest-2')).toBe(false);
  });

  it('holds at most 10,000 rate-limited targets to send again, and reports the rest rate-limited', async () => {
    const a = await client();
    const store = memoryTokenStore();
    await fillTokens(store, a, range(10_050));
    // Our limiter's clock stands still until the second send's first round is over: each of its
    // 101 batches finds every token within its interval.
    const start = Date.now();
    let still = true;
    const limiter = memoryNotificationLimiter({ intervalMs: 50, now: () => (still ? start : Date.now()) });
    await createNotifier({ store, ...quiet, limiter }).send(notification, { to: 'all' });
    let batches = 0;
    const onBatch = () => void (++batches === 101 && (still = false));
    const second = createNotifier({ store, ...quiet, limiter, rateLimitWaitMs: 5_000, onBatch });
    const report = await second.send({ ...notification, notificationId: 'digest-2' }, { to: 'all' });
    expect(report).toMatchObject({ targets: 10_050, successful: 10_000, rateLimited: 50, failed: {} });
    expect([...a.delivered.keys()].filter((key) => key.endsWith(':digest-2'))).toHaveLength(10_000);
  });

  it('does not send a notification again to a user it reached, and counts it as already sent', async () => {
    const a = await client();
    const store = memoryTokenStore();
    await fillTokens(store, a, range(3));
    const notifier = createNotifier({ store, ...quiet });
    await notifier.send(notification, { to: 'all' });
    const again = await notifier.send(notification, { to: 'all' });
    expect(again).toMatchObject({ successful: 0, alreadySent: 3, requests: 0 });
    expect(a.requests).toHaveLength(1);
  });
});

describe('createNotifier: checked before anything is sent', () => {
  it.each([
    [{ ...notification, title: 'x'.repeat(33) }, /`title` is 33 characters; Farcaster clients take at most 32/],
    [{ ...notification, body: 'x'.repeat(129) }, /`body` is 129 characters/],
    [{ ...notification, notificationId: '' }, /`notificationId` must be a non-empty string: a stable id/],
    [{ ...notification, targetUrl: 'http://app.example.com/' }, /`targetUrl` must be https/],
    [{ ...notification, targetUrl: 'https://elsewhere.com/' }, /not on your Mini App's domain "app.example.com"/],
  ])('refuses %j with invalid_options', async (bad, message) => {
    const a = await client();
    const store = memoryTokenStore();
    await fillTokens(store, a, [1]);
    const notifier = createNotifier({ store, ...quiet, domain: 'app.example.com' });
    await expect(notifier.send(bad, { to: 'all' })).rejects.toMatchObject({ code: 'invalid_options', message });
    expect(a.requests).toHaveLength(0);
  });

  it('refuses an audience that is not a FID, a list of FIDs, all or an audience object, and sends nothing for an empty list', async () => {
    const a = await client();
    const store = memoryTokenStore();
    await fillTokens(store, a, [1]);
    const notifier = createNotifier({ store, ...quiet });
    for (const to of [0, -3, 1.5, [1, 'x'], 'everyone']) {
      await expect(notifier.send(notification, { to } as never)).rejects.toMatchObject({
        code: 'invalid_options',
        message: expect.stringMatching(/notifier.send\(\): `to` is a user's FID, a list of FIDs, 'all', or an audience object/),
      });
    }
    expect(await notifier.send(notification, { to: [] })).toMatchObject({ targets: 0, requests: 0 });
    expect(a.requests).toHaveLength(0);
  });

  it('refuses unknown options and a store that is not one', () => {
    expect(() => createNotifier({ store: memoryTokenStore(), retry: 3 } as never)).toThrow(/unknown option `retry`/);
    expect(() => createNotifier({ store: {} as never })).toThrow(/`store` must be a notification token store/);
  });
});
