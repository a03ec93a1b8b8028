import { memoryTokenStore } from '@social-webhooks/core';
import { redisNotificationHistory, redisNotificationLimiter } from '@social-webhooks/redis';
import { describe, expect, it } from 'vitest';
import { finished } from './support/broadcast-finished.js';
import { deliveredTo, digest, expectHistoryOf, historyClients, WARPCAST_FID } from './support/history-scenario.js';
import { useNotifyQueues } from './support/notify-queues.js';
import { fillTokens, range } from './support/token-fill.js';

// Durable broadcasts with a Redis history: two workers on one queue, a real redis-server, real BullMQ,
// stand-in clients on loopback. The history's counts are the broadcast's progress and what the client saw.
const queues = useNotifyQueues('history');

function setUp(store: ReturnType<typeof memoryTokenStore>, options: { rateLimitRetryMs?: number; limiter?: false } = {}) {
  const queueName = queues.queueName();
  const history = redisNotificationHistory({ client: queues.client, prefix: `${queueName}:history:` });
  const limiter = options.limiter ?? redisNotificationLimiter({ client: queues.client, prefix: `${queueName}:notify:` });
  const broadcaster = queues.broadcaster(queueName);
  // Two workers on the queue.
  for (let count = 0; count < 2; count++) queues.worker(queueName, store, { limiter, history, concurrency: 2, ...options });
  return { broadcaster, history };
}

describe('notificationWorker with a history', () => {
  it('keeps counts equal to the broadcast’s progress and to what the client delivered, across two workers', async () => {
    const store = memoryTokenStore();
    const { good, other } = await historyClients(store);
    queues.track(good);
    queues.track(other);
    const { broadcaster, history } = setUp(store);
    const { id } = await broadcaster.broadcast(digest, { to: 'all' });
    const progress = await finished(broadcaster, id);
    const kept = expectHistoryOf(await history.get(digest.notificationId), progress, good);
    expect(kept.byClient[String(WARPCAST_FID)]).toMatchObject({ successful: 230, invalid: 20 });
    expect((await history.list()).broadcasts.map(({ notificationId }) => notificationId)).toEqual([digest.notificationId]);
  });

  it('a target the client rate-limited is an attempt in the timeline, then counted once when a later job delivers it', async () => {
    const client = await queues.standIn({ limits: { intervalMs: 800, perDay: 100 } });
    const store = memoryTokenStore();
    const users = range(10, 500);
    await fillTokens(store, client, users);
    const { broadcaster, history } = setUp(store, { limiter: false, rateLimitRetryMs: 900 });
    await finished(broadcaster, (await broadcaster.broadcast(digest, { to: users })).id);
    const second = { ...digest, notificationId: 'digest-2', title: 'Digest 2' };
    const progress = await finished(broadcaster, (await broadcaster.broadcast(second, { to: users })).id);
    expect(progress).toMatchObject({ successful: 10, rateLimited: 0 });
    expect(client.rateLimited).toBe(10);
    const kept = (await history.get('digest-2'))!;
    expect(kept.counts).toMatchObject({ successful: 10, rateLimited: 0 });
    expect(deliveredTo(client, 'digest-2')).toHaveLength(10);
    const [latest] = await history.timeline(users[0]!);
    expect(latest!.attempts.map(({ outcome, final }) => `${outcome}:${final}`)).toEqual(['rateLimited:false', 'successful:true']);
  });
});
