import type { BroadcastAudience, NotificationWorkerOptions } from '@social-webhooks/bullmq';
import { redisNotificationLimiter, redisTokenStore } from '@social-webhooks/redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finished } from './support/broadcast-finished.js';
import { startNotificationClient, type StandInClient } from './support/notification-client.js';
import { useNotifyQueues } from './support/notify-queues.js';
import { fillTokens, range } from './support/token-fill.js';

// Audiences and expiry through durable broadcasts: a real redis-server holds the queue, the tokens
// (redisTokenStore) and the limiter's record; two strict stand-in clients on loopback: Farcaster's
// (appFid 9152, users 1-200) and another (appFid 1, the even users).
const notification = (notificationId: string) => ({
  notificationId,
  title: 'Sale',
  body: 'Ends at 6',
  targetUrl: 'https://app.example.com/sale',
});
const queues = useNotifyQueues('audiences');
let farcaster: StandInClient;
let other: StandInClient;
beforeAll(async () => {
  [farcaster, other] = [await startNotificationClient(), await startNotificationClient()];
});
afterAll(async () => {
  await Promise.all([farcaster?.close(), other?.close()]);
});

/** A token store and limiter on Redis under a prefix of their own, a broadcaster and a worker on a queue of their own. */
async function setUp(fill: (store: ReturnType<typeof redisTokenStore>) => Promise<void>, options: Partial<NotificationWorkerOptions> = {}) {
  const name = queues.queueName();
  const store = redisTokenStore({ client: queues.client, prefix: `${name}:tokens:` });
  await fill(store);
  const limiter = redisNotificationLimiter({ client: queues.client, prefix: `${name}:limits:` });
  const broadcaster = queues.broadcaster(name);
  queues.worker(name, store, { limiter, ...options });
  return { broadcaster, store, queueName: name };
}

const bothClients = async (store: ReturnType<typeof redisTokenStore>) => {
  await fillTokens(store, farcaster, range(200));
  await fillTokens(
    store,
    other,
    range(200).filter((fid) => fid % 2 === 0),
    1,
  );
};

const reached = (client: StandInClient, id: string) =>
  [...client.delivered.keys()]
    .filter((key) => key.endsWith(`:${id}`))
    .map((key) => Number(key.split(':')[0]))
    .sort((a, b) => a - b);

describe('notificationBroadcaster audiences', () => {
  it.each<[string, () => BroadcastAudience, (fid: number, appFid: number) => boolean]>([
    ['everyone but an exclude list', () => ({ all: true, exclude: range(150) }), (fid) => fid > 150],
    ["one client's users, by its FID", () => ({ client: 1 }), (_, appFid) => appFid === 1],
    [
      "one client's users, by its URL, but two",
      () => ({ client: farcaster.url, exclude: [1, 2] }),
      (fid, appFid) => appFid === 9152 && fid > 2,
    ],
    ['a list at one client, less one', () => ({ fids: [3, 4, 5, 6], client: 1, exclude: [6] }), (fid, appFid) => appFid === 1 && fid === 4],
  ])('%s reaches exactly its users, at exactly their clients', async (name, audience, inside) => {
    const { broadcaster, queueName } = await setUp(bothClients);
    const id = `${name.replace(/\W+/g, '-')}-${queueName}`;
    const queued = await broadcaster.broadcast(notification(id), { to: audience() });
    const progress = await finished(broadcaster, queued.id);
    const expected = (appFid: number) => range(200).filter((fid) => (appFid === 9152 || fid % 2 === 0) && inside(fid, appFid));
    expect(reached(farcaster, id)).toEqual(expected(9152));
    expect(reached(other, id)).toEqual(expected(1));
    expect(progress).toMatchObject({ planned: expected(9152).length + expected(1).length, failed: {}, expired: 0, pending: 0 });
    expect(progress.successful).toBe(progress.planned);
  });

  it('gives one audience one id however it is spelt, and two audiences two', async () => {
    const { broadcaster } = await setUp(async () => undefined);
    const ids = async (...audiences: BroadcastAudience[]) =>
      Promise.all(audiences.map(async (to) => (await broadcaster.broadcast(notification('same'), { to })).id));
    const [all, everyone, excluded, excludedAgain, client] = await ids(
      'all',
      { all: true },
      { all: true, exclude: [2, 1] },
      { all: true, exclude: [1, 2, 2] },
      { client: 9152 },
    );
    expect([all, everyone]).toEqual(['same', 'same']);
    expect(excluded).toMatch(/^same@[0-9a-f]{16}$/);
    expect(excludedAgain).toBe(excluded);
    expect(new Set([all, excluded, client]).size).toBe(3);
    const [list, fids] = await ids([3, 2], { fids: [2, 3, 3] });
    expect(fids).toBe(list);
  });

  it('{ all: true, enabledSince } reaches only the users enabled since, never one before or one stored without a time; one id however the time is spelt', async () => {
    const since = Date.parse('2026-11-01T00:00:00Z');
    const { broadcaster, queueName } = await setUp(async (store) => {
      for (const fid of range(200)) {
        const enabledAt = fid <= 100 ? since - 86_400_000 + fid : since + fid - 101;
        await store.save({ fid, appFid: 9152, url: farcaster.url, token: farcaster.issue(fid), enabledAt });
      }
    });
    // Users 201-210 as a store wrote them before it kept enabledAt: in no audience narrowed by time.
    for (const fid of range(10, 201)) {
      const token = farcaster.issue(fid);
      await queues.client.hSet(`${queueName}:tokens:${fid}`, '9152', JSON.stringify({ url: farcaster.url, token }));
    }
    const id = `enabled-since-${queueName}`;
    const queued = await broadcaster.broadcast(notification(id), { to: { all: true, enabledSince: new Date(since) } });
    expect(queued.id).toMatch(new RegExp(`^${id}@[0-9a-f]{16}$`));
    const again = await broadcaster.broadcast(notification(id), { to: { all: true, enabledSince: '2026-11-01T00:00:00.000Z' } });
    expect(again).toMatchObject({ id: queued.id, existing: true });
    const progress = await finished(broadcaster, queued.id);
    expect(reached(farcaster, id)).toEqual(range(100, 101));
    expect(progress).toMatchObject({ planned: 100, successful: 100, failed: {} });
    const before = `enabled-before-${queueName}`;
    const earlier = await broadcaster.broadcast(notification(before), { to: { fids: range(210), enabledBefore: since } });
    await finished(broadcaster, earlier.id);
    expect(reached(farcaster, before)).toEqual(range(100));
    await expect(broadcaster.broadcast(notification('x'), { to: { all: true, enabledSince: 'last week' } })).rejects.toThrow(
      /`enabledSince` is a time/,
    );
  });

  it('refuses a where function or an iterable of FIDs, saying what to use instead, and queues nothing', async () => {
    const { broadcaster } = await setUp(async () => undefined);
    // Refused by the type too: a BroadcastAudience has no where and no iterable (a JavaScript caller gets the error below).
    // @ts-expect-error `where` is not in a BroadcastAudience
    const withWhere: BroadcastAudience = { all: true, where: () => true };
    await expect(broadcaster.broadcast(notification('w'), { to: withWhere })).rejects.toMatchObject({
      code: 'invalid_options',
      message: expect.stringMatching(
        /^@social-webhooks\/bullmq: broadcaster.broadcast\(\): `where` is a function, which a queued job or a broadcast’s record cannot carry/,
      ),
    });
    async function* fids() {
      yield 1;
    }
    // @ts-expect-error an iterable is not a list
    const streamed: BroadcastAudience = { fids: fids() };
    await expect(broadcaster.broadcast(notification('i'), { to: streamed })).rejects.toThrow(
      /`fids` is an iterable, which a queued job or a broadcast’s record cannot carry: collect it into a list/,
    );
    await expect(broadcaster.broadcast(notification('e'), { to: { all: true, exlude: [1] } as never })).rejects.toThrow(
      /no option `exlude`/,
    );
    expect(await broadcaster.queue.count()).toBe(0);
  });
});

describe('notificationBroadcaster expiresAt', () => {
  it('plans a broadcast whose time has passed into expired batches, queues none and sends nothing', async () => {
    const { broadcaster } = await setUp(bothClients);
    const expiresAt = Date.now() - 1;
    const progress = await finished(broadcaster, (await broadcaster.broadcast(notification('past'), { to: 'all', expiresAt })).id);
    expect(progress).toMatchObject({ planned: 300, expired: 300, successful: 0, requests: 0, expiresAt, done: true });
    expect([...reached(farcaster, 'past'), ...reached(other, 'past')]).toEqual([]);
  });

  it('drops the batch jobs that come to run after it, not the one on its way', async () => {
    const { broadcaster } = await setUp((store) => fillTokens(store, farcaster, range(300)).then(() => undefined), { concurrency: 1 });
    farcaster.fault({ delayMs: 2_000, count: 1 });
    const queued = await broadcaster.broadcast(notification('slow'), { to: 'all', expiresAt: Date.now() + 1_000 });
    const progress = await finished(broadcaster, queued.id);
    expect(progress).toMatchObject({ planned: 300, successful: 100, expired: 200, requests: 1 });
    expect(reached(farcaster, 'slow')).toHaveLength(100);
  });

  it('counts rate-limited targets expired when their window ends past it, handing on no delayed job', async () => {
    const { broadcaster } = await setUp((store) => fillTokens(store, farcaster, range(5)).then(() => undefined));
    await finished(broadcaster, (await broadcaster.broadcast(notification('before'), { to: [1, 2, 3] })).id);
    const queued = await broadcaster.broadcast(notification('limited'), { to: 'all', expiresAt: Date.now() + 5_000 });
    const progress = await finished(broadcaster, queued.id);
    expect(progress).toMatchObject({ planned: 5, successful: 2, expired: 3, rateLimited: 0 });
    expect(reached(farcaster, 'limited')).toEqual([4, 5]);
    expect(await broadcaster.queue.getDelayedCount()).toBe(0);
  });

  it('counts a failed request expired when its retry would come past it, handing on no delayed retry job', async () => {
    const { broadcaster } = await setUp((store) => fillTokens(store, farcaster, range(5)).then(() => undefined), { retryDelayMs: 5_000 });
    farcaster.fault({ status: 503, count: 1 });
    const queued = await broadcaster.broadcast(notification('retry'), { to: 'all', expiresAt: Date.now() + 1_000 });
    const progress = await finished(broadcaster, queued.id);
    expect(progress).toMatchObject({ planned: 5, expired: 5, successful: 0, requests: 1, failed: {}, retrying: 0 });
    expect(await broadcaster.queue.getDelayedCount()).toBe(0);
    expect(reached(farcaster, 'retry')).toEqual([]);
  });
});
