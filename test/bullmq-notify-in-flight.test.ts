import { notificationWorker } from '@social-webhooks/bullmq';
import { memoryTokenStore } from '@social-webhooks/core';
import { describe, expect, it } from 'vitest';
import { finished } from './support/broadcast-finished.js';
import { fillPaced, startPacedClient, type PacedClient } from './support/paced-client.js';
import { useNotifyQueues } from './support/notify-queues.js';

// A worker's requests in flight, in all (`concurrency`, its batch jobs at once) and per client URL
// (`concurrencyPerUrl`), against clients on loopback that take 200 ms to answer, on a real redis-server.
const queues = useNotifyQueues('notify-in-flight');

describe('notificationWorker: requests in flight', () => {
  it('keeps at most concurrencyPerUrl requests open to one client URL, its other jobs sent beside them', async () => {
    const opened = { now: 0, max: 0 };
    const clients: PacedClient[] = [await startPacedClient(200, opened), await startPacedClient(200, opened)];
    for (const client of clients) queues.track(client);
    const store = memoryTokenStore();
    for (let fid = 1; fid <= 1300; fid++) await fillPaced(store, clients[fid <= 600 && fid % 2 === 0 ? 1 : 0]!, 1, fid);
    const queueName = queues.queueName();
    const broadcaster = queues.broadcaster(queueName);
    queues.worker(queueName, store, { concurrency: 8, concurrencyPerUrl: 3 });
    const { id } = await broadcaster.broadcast(
      { notificationId: 'paced-1', title: 'Digest', body: 'Three new casts', targetUrl: 'https://app.example.com/digest' },
      { to: 'all' },
    );
    expect(await finished(broadcaster, id)).toMatchObject({ successful: 1300, requests: 13 });
    expect(clients.map((client) => client.maxOpen)).toEqual([3, 3]);
    expect(opened.max).toBeLessThanOrEqual(6);
    expect(clients.flatMap((client) => [...client.received.values()])).toEqual(Array(1300).fill(1));
  });

  it('refuses a concurrencyPerUrl that is not a whole number of at least 1', () => {
    expect(() => notificationWorker({ connection: queues.connection(), store: memoryTokenStore(), concurrencyPerUrl: 0 })).toThrow(
      '@social-webhooks/bullmq: notificationWorker(): `concurrencyPerUrl` must be an integer of at least 1; got 0.',
    );
  });
});
