import {
  createBroadcasts,
  createNotifier,
  memoryBroadcastRecords,
  memoryNotificationLimiter,
  memoryTokenStore,
} from '@social-webhooks/core';
import { afterEach, describe, expect, it } from 'vitest';
import { fillPaced, startPacedClient, type PacedClient } from './support/paced-client.js';

// Requests in flight, in all (`concurrency`) and per client URL (`concurrencyPerUrl`), against clients
// on loopback that take 200 ms to answer, as real clients take 100 to 300 ms.
const notification = { notificationId: 'paced-1', title: 'Digest', body: 'Three new casts', targetUrl: 'https://app.example.com/digest' };
const open: PacedClient[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((client) => client.close()));
});

async function twoClients() {
  const opened = { now: 0, max: 0 };
  const clients = [await startPacedClient(200, opened), await startPacedClient(200, opened)];
  open.push(...clients);
  const store = memoryTokenStore();
  // 1,000 users of the first URL, 300 of the second, listed in turn at first: ten batches and three.
  for (let fid = 1; fid <= 1300; fid++) await fillPaced(store, clients[fid <= 600 && fid % 2 === 0 ? 1 : 0]!, 1, fid);
  return { clients, opened, store };
}

const once = (clients: PacedClient[]) => clients.flatMap((client) => [...client.received.values()]);

describe('createNotifier: requests in flight', () => {
  it('keeps at most concurrencyPerUrl requests open to one client URL, the others still sent beside it', async () => {
    const { clients, opened, store } = await twoClients();
    const report = await createNotifier({ store, logger: false, concurrency: 8, concurrencyPerUrl: 3 }).send(notification, { to: 'all' });
    expect(report).toMatchObject({ targets: 1300, successful: 1300, requests: 13 });
    expect(clients.map((client) => client.maxOpen)).toEqual([3, 3]);
    expect(opened.max).toBeLessThanOrEqual(6);
    expect(once(clients)).toEqual(Array(1300).fill(1));
  });

  it('keeps at most concurrency requests open in all', async () => {
    const { clients, opened, store } = await twoClients();
    await createNotifier({ store, logger: false, concurrency: 4, concurrencyPerUrl: 3 }).send(notification, { to: 'all' });
    expect(clients[0]!.maxOpen).toBe(3);
    expect(opened.max).toBe(4);
    expect(once(clients)).toEqual(Array(1300).fill(1));
  });

  it('refuses a concurrencyPerUrl that is not a whole number of at least 1', () => {
    for (const bad of [0, 1.5, -2]) {
      expect(() => createNotifier({ store: memoryTokenStore(), concurrencyPerUrl: bad })).toThrow(
        `@social-webhooks/core: createNotifier(): \`concurrencyPerUrl\` must be an integer of at least 1; got ${bad}.`,
      );
    }
  });
});

describe('createBroadcasts: requests in flight', () => {
  it('keeps at most concurrencyPerUrl requests open to one client URL, taking the URLs in turn', async () => {
    const { clients, opened, store } = await twoClients();
    const records = memoryBroadcastRecords();
    const limiter = memoryNotificationLimiter();
    const broadcasts = createBroadcasts({ store, records, limiter, logger: false, concurrency: 8, concurrencyPerUrl: 2 });
    const { id } = await broadcasts.start(notification, { to: 'all' });
    let run = await broadcasts.run({ id });
    while (!run.done) run = await broadcasts.run({ id });
    expect(clients.map((client) => client.maxOpen)).toEqual([2, 2]);
    expect(opened.max).toBe(4);
    expect(once(clients)).toEqual(Array(1300).fill(1));
  });
});
