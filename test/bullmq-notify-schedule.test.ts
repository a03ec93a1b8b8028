import { WebhookError, memoryNotificationLimiter, memoryTokenStore } from '@social-webhooks/core';
import { describe, expect, it } from 'vitest';
import { finished } from './support/broadcast-finished.js';
import { fillTokens, range } from './support/token-fill.js';
import { pollUntil } from './support/queue-processes.js';
import { useNotifyQueues } from './support/notify-queues.js';

// Recurring broadcasts on BullMQ's job schedulers: a real redis-server, real BullMQ (5 and 6), a stand-in client.
const digest = { title: 'Digest', body: 'New casts', targetUrl: 'https://app.example.com/digest' };

const queues = useNotifyQueues('schedule');
const broadcasterOn = (queueName: string) => queues.broadcaster(queueName, { domain: 'app.example.com' });

describe('broadcaster.schedule()', () => {
  it('sends every second under a distinct notificationId per tick, lists the schedule, and sends no tick after removeSchedule', async () => {
    const client = await queues.standIn();
    const store = memoryTokenStore();
    await fillTokens(store, client, range(30));
    const queueName = queues.queueName();
    const broadcaster = broadcasterOn(queueName);
    // A tick a second: our limiter's interval is cut from the protocol's 30 s, or each tick after the first would wait.
    const limiter = memoryNotificationLimiter({ intervalMs: 100 });
    queues.worker(queueName, store, { limiter });

    const { id, next } = await broadcaster.schedule('digest', { every: 1_000, notification: digest, to: 'all' });
    expect(id).toBe('digest');
    expect(next).toEqual(expect.any(Number));
    expect(await broadcaster.listSchedules()).toEqual([
      { id: 'digest', every: 1_000, pattern: undefined, tz: undefined, next: expect.any(Number), notification: digest, to: 'all' },
    ]);
    const idsOf = () => [...new Set(client.requests.map((request) => request.notificationId))];
    await pollUntil(
      async () => idsOf().length,
      (count) => count >= 2,
      10_000,
    );
    expect(await broadcaster.removeSchedule('digest')).toBe(true);
    expect(await broadcaster.listSchedules()).toEqual([]);
    const ticks = idsOf();
    expect(ticks.length).toBeGreaterThanOrEqual(2);
    for (const tick of ticks) {
      expect(tick).toMatch(/^digest-\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      // Each tick's broadcast reached every user once.
      expect(await finished(broadcaster, tick)).toMatchObject({ planned: 30, successful: 30 });
    }
    // A tick taken as the schedule was removed may still queue its broadcast; none comes after it.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const settled = idsOf();
    expect(settled.length).toBeLessThanOrEqual(ticks.length + 1);
    await new Promise((resolve) => setTimeout(resolve, 2_200));
    expect(idsOf()).toEqual(settled);
    expect(client.delivered.size).toBe(30 * settled.length);
  });

  it('stores a cron pattern with its time zone, replaces a schedule of the same id, and refuses malformed options', async () => {
    const broadcaster = broadcasterOn(queues.queueName());
    await broadcaster.schedule('morning', { pattern: '0 9 * * *', tz: 'Europe/Paris', notification: digest, to: [1, 2, 3] });
    await broadcaster.schedule('morning', { pattern: '30 9 * * *', tz: 'Europe/Paris', notification: digest, to: [1, 2, 3] });
    const [morning, ...others] = await broadcaster.listSchedules();
    expect(others).toEqual([]);
    expect(morning).toMatchObject({ id: 'morning', pattern: '30 9 * * *', tz: 'Europe/Paris', to: [1, 2, 3] });
    // The next 9:30 in Paris.
    const next = new Date(morning!.next!);
    expect(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Paris', timeStyle: 'short' }).format(next)).toBe('09:30');
    const bad: [string, object, RegExp][] = [
      ['a:b', { every: 1_000, notification: digest, to: 'all' }, /without ":"/],
      ['x', { notification: digest, to: 'all' }, /exactly one of `every`/],
      ['x', { every: 1_000, pattern: '* * * * *', notification: digest, to: 'all' }, /exactly one of `every`/],
      ['x', { every: 10, notification: digest, to: 'all' }, /at least 1000/],
      ['x', { every: 1_000, notification: { ...digest, targetUrl: 'https://elsewhere.example/' }, to: 'all' }, /domain/],
      ['x', { every: 1_000, notification: digest, to: [] }, /to/],
      ['x', { every: 1_000, notification: digest, to: 'all', expiresInMs: -1 }, /expiresInMs/],
      // Refused as invalid_options, not thrown as cron-parser's own errors ("Invalid characters, got value: a").
      ['x', { pattern: 'not a cron', notification: digest, to: 'all' }, /`pattern` "not a cron" is not a cron pattern BullMQ reads/],
      ['x', { pattern: '* * * * * * * *', notification: digest, to: 'all' }, /is not a cron pattern/],
      [
        'x',
        { pattern: '0 9 * * *', tz: 'Mars/Olympus', notification: digest, to: 'all' },
        /`tz` is a time zone name .*got "Mars\/Olympus"/,
      ],
    ];
    for (const [id, options, message] of bad) {
      const call = broadcaster.schedule(id, options as never);
      await expect(call).rejects.toThrow(WebhookError);
      await expect(call).rejects.toThrow(message);
    }
    expect((await broadcaster.listSchedules()).map(({ id }) => id)).toEqual(['morning']);
    expect(await broadcaster.removeSchedule('morning')).toBe(true);
    expect(await broadcaster.removeSchedule('morning')).toBe(false);
  });

  it('refuses with invalid_options naming the version to install on a BullMQ without job schedulers (older than 5.16)', async () => {
    const broadcaster = broadcasterOn(queues.queueName());
    // The queue as a BullMQ before 5.16 builds it: no upsertJobScheduler (npm installs one below the peer range with a warning only).
    Object.defineProperty(broadcaster.queue, 'upsertJobScheduler', { value: undefined });
    const call = broadcaster.schedule('digest', { every: 1_000, notification: digest, to: 'all' });
    await expect(call).rejects.toThrow(WebhookError);
    await expect(call).rejects.toThrow(
      /^@social-webhooks\/bullmq: broadcaster\.schedule\(\): needs bullmq 5\.55\.0 or later \(or 6\).*npm install bullmq@\^5\.55\.0\.$/,
    );
    expect(await broadcaster.listSchedules()).toEqual([]);
  });
});
