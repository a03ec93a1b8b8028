import { memoryTokenStore, type NotificationTarget, type NotificationTokenStore } from '@social-webhooks/core';
import { describe, expect, it } from 'vitest';
import { finished } from './support/broadcast-finished.js';
import { useNotifyQueues } from './support/notify-queues.js';
import { pollUntil } from './support/queue-processes.js';
import { fillTokens, range } from './support/token-fill.js';

// A plan that runs twice and reads the store in another order the second time, as a Redis store's
// SCAN may while Redis resizes: the second run forms other batches than the first. Every user is
// still notified once, and the progress counts every batch that ran, done only once all have.
const USERS = 6_000;

/** `targets` in pages of 500. */
const pagesOf = (targets: NotificationTarget[]) =>
  Array.from({ length: Math.ceil(targets.length / 500) }, (_, index) => targets.slice(index * 500, (index + 1) * 500));

describe('a broadcast whose plan runs again and forms other batches', () => {
  const queues = useNotifyQueues('replan');

  it('notifies every user once and reads done only after the last batch of either run', async () => {
    const inner = memoryTokenStore();
    const client = await queues.standIn();
    await fillTokens(inner, client, range(USERS));
    const all: NotificationTarget[] = [];
    for await (const target of inner.list()) all.push(target);
    let runs = 0;
    const store: NotificationTokenStore = {
      ...inner,
      // The first run adds 50 batches (fids 1-5,000), then fails at fid 5,500; the second starts at fid 51.
      // Pages, as the shipped stores list for a broadcast (listPages() is read before list()).
      async *listPages() {
        runs += 1;
        if (runs === 1) {
          yield* pagesOf(all.slice(0, 5_500));
          throw new Error('the store went away mid-read');
        }
        yield* pagesOf([...all.slice(50), ...all.slice(0, 50)]);
      },
    };
    const queueName = queues.queueName();
    const broadcaster = queues.broadcaster(queueName);
    queues.worker(queueName, store, { concurrency: 4 });
    const { id } = await broadcaster.broadcast(
      { notificationId: 'replan-1', title: 'Hello', body: 'Planned twice', targetUrl: 'https://app.example.com/' },
      { to: 'all' },
    );
    const progress = await finished(broadcaster, id);
    expect(runs).toBe(2);
    // Done means every user has it: none is still waiting in a batch of the first run.
    expect(client.delivered.size).toBe(USERS);
    expect([...client.delivered.values()].every((count) => count === 1)).toBe(true);
    expect(client.violations).toEqual([]);
    // 50 batches of the first run and 60 of the second, each counted once, each settled.
    expect(progress).toMatchObject({ planned: 11_000, pending: 0, invalid: 0, failed: {}, remaining: 0, planning: false });
    expect(progress.successful + progress.alreadySent).toBe(11_000);
    expect(progress.successful).toBeGreaterThanOrEqual(USERS);
    // The last batch records its outcome, which reads done, a moment before BullMQ moves its job to
    // completed: no job is left once it has.
    const counts = await pollUntil(
      () => broadcaster.queue.getJobCounts('waiting', 'active', 'delayed'),
      (now) => Object.values(now).every((count) => count === 0),
    );
    expect(counts).toMatchObject({ waiting: 0, active: 0, delayed: 0 });
  }, 60_000);
});
