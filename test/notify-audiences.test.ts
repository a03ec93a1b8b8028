import { createNotifier, memoryTokenStore, type NotificationAudience, type NotificationTokenStore } from '@social-webhooks/core';
import { redisTokenStore } from '@social-webhooks/redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNotificationClient, type StandInClient } from './support/notification-client.js';
import { useRedisClient } from './support/redis-client.js';
import { fillTokens, range } from './support/token-fill.js';

// Audiences through createNotifier, on the memory store and a redisTokenStore on a real redis-server,
// against two strict stand-in clients: Farcaster's (appFid 9152, users 1-300) and another (appFid 1,
// the even users). Each row checks that exactly its users were reached, at exactly its clients.
const notification = (notificationId: string) => ({
  notificationId,
  title: 'Sale',
  body: 'Ends at 6',
  targetUrl: 'https://app.example.com/sale',
});
const redis = useRedisClient();
let farcaster: StandInClient;
let other: StandInClient;
beforeAll(async () => {
  [farcaster, other] = [await startNotificationClient(), await startNotificationClient()];
});
afterAll(async () => {
  await Promise.all([farcaster?.close(), other?.close()]);
});

async function* generated(fids: readonly number[]): AsyncGenerator<number> {
  for (const fid of fids) yield await Promise.resolve(fid);
}

/** Who each row must reach: a test of (FID, the client's appFid). */
const rows: [string, () => NotificationAudience, (fid: number, appFid: number) => boolean][] = [
  ['everyone but an exclude list', () => ({ all: true, exclude: range(50) }), (fid) => fid > 50],
  ["one client's users, by its FID", () => ({ client: 9152 }), (_, appFid) => appFid === 9152],
  ["one client's users, by its URL, but one", () => ({ client: other.url, exclude: [2] }), (fid, appFid) => appFid === 1 && fid !== 2],
  ['a list at one client', () => ({ fids: [5, 6, 7], client: 1 }), (fid, appFid) => fid === 6 && appFid === 1],
  ['everyone a test allows, answered by promises', () => ({ all: true, where: async ({ fid }) => fid > 250 }), (fid) => fid > 250],
  [
    'an async iterable of FIDs, narrowed by a test of the target',
    () => ({ fids: generated(range(100, 1).map((n) => n * 3 - 2)), where: ({ appFid }) => appFid === 1 }),
    (fid, appFid) => appFid === 1 && fid % 3 === 1 && fid <= 298,
  ],
  ['a FID and a list, as before', () => [4, 4, 9], (fid) => fid === 4 || fid === 9],
  // Each token once in a request and in the report: not three times for a FID yielded three times.
  ['an async iterable that yields a FID twice, or three times', () => ({ fids: generated([7, 7, 8, 7]) }), (fid) => fid === 7 || fid === 8],
];

describe.each([
  ['the memory store', async () => memoryTokenStore()],
  ['a redisTokenStore', async () => redisTokenStore({ client: redis.client, prefix: `audiences:${Math.random()}:` })],
])('createNotifier audiences on %s', (_, makeStore) => {
  let store: NotificationTokenStore;
  beforeAll(async () => {
    store = await makeStore();
    await fillTokens(store, farcaster, range(300));
    await fillTokens(
      store,
      other,
      range(300).filter((fid) => fid % 2 === 0),
      1,
    );
  });

  it.each(rows)('%s reaches exactly its users, at exactly their clients', async (name, audience, inside) => {
    const id = `${name}-${Math.random()}`;
    const report = await createNotifier({ store, logger: false }).send(notification(id), { to: audience() });
    const reached = (client: StandInClient) =>
      [...client.delivered.keys()]
        .filter((key) => key.endsWith(`:${id}`))
        .map((key) => Number(key.split(':')[0]))
        .sort((a, b) => a - b);
    const expected = (appFid: number) => range(300).filter((fid) => (appFid === 9152 || fid % 2 === 0) && inside(fid, appFid));
    expect(reached(farcaster)).toEqual(expected(9152));
    expect(reached(other)).toEqual(expected(1));
    expect(report).toMatchObject({ targets: expected(9152).length + expected(1).length, failed: {}, expired: 0 });
    expect(report.successful).toBe(report.targets);
    expect([...farcaster.violations, ...other.violations]).toEqual([]);
  });
});

describe('an async iterable audience', () => {
  it('is read as the send goes, never held whole', async () => {
    const client = await startNotificationClient();
    const store = memoryTokenStore();
    await fillTokens(store, client, range(2_000));
    let yielded = 0;
    let sent = 0;
    let ahead = 0;
    async function* fids(): AsyncGenerator<number> {
      for (let fid = 1; fid <= 2_000; fid++) {
        yielded += 1;
        ahead = Math.max(ahead, yielded - sent);
        yield fid;
      }
    }
    const notifier = createNotifier({ store, logger: false, concurrency: 1, onBatch: (result) => void (sent += result.successful.length) });
    const report = await notifier.send(notification('streamed'), { to: { fids: fids() } });
    expect(report).toMatchObject({ targets: 2_000, successful: 2_000 });
    expect(client.delivered.size).toBe(2_000);
    // One batch forming while one is in flight: a couple of hundred FIDs read ahead, not 2,000.
    expect(ahead).toBeLessThanOrEqual(201);
    await client.close();
  });
});
