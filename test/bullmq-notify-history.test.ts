import { notificationBroadcaster, notificationWorker } from '@social-webhooks/bullmq';
import { memoryTokenStore } from '@social-webhooks/core';
import { redisNotificationHistory, redisNotificationLimiter } from '@social-webhooks/redis';
import { afterEach, describe, expect, it } from 'vitest';
import { finished } from './support/broadcast-finished.js';
import { deliveredTo, digest, expectHistoryOf, historyClients, WARPCAST_FID } from './support/history-scenario.js';
import { startNotificationClient } from './support/notification-client.js';
import { useRedisClient } from './support/redis-client.js';
import { redisConnection } from './support/redis-connection.js';
import { fillTokens, range } from './support/token-fill.js';

// Durable broadcasts with a Redis history: two workers on one queue, a real redis-server, real BullMQ,
// stand-in clients on loopback. The history's counts are the broadcast's progress and what the client saw.
const redis = useRedisClient();
const open: { close(): Promise<unknown> }[] = [];
afterEach(async () => {
  for (const item of open.splice(0).reverse()) await item.close();
});
let serial = 0;

function setUp(store: ReturnType<typeof memoryTokenStore>, options: { rateLimitRetryMs?: number; limiter?: false } = {}) {
  const queueName = `history-${++serial}`;
  const connection = redisConnection(redis.server.url);
  const history = redisNotificationHistory({ client: redis.client, prefix: `${queueName}:history:` });
  const limiter = options.limiter ?? redisNotificationLimiter({ client: redis.client, prefix: `${queueName}:notify:` });
  const broadcaster = notificationBroadcaster({ connection, queueName, logger: false });
  const workers = [1, 2].map(() =>
    notificationWorker({ connection, queueName, store, limiter, history, logger: false, retryDelayMs: 10, concurrency: 2, ...options }),
  );
  open.push(broadcaster, ...workers);
  return { broadcaster, history };
}

describe('notificationWorker with a history', () => {
  it('keeps counts equal to the broadcast’s progress and to what the client delivered, across two workers', async () => {
    const store = memoryTokenStore();
    const { good, other } = await historyClients(store);
    open.push(good, other);
    const { broadcaster, history } = setUp(store);
    const { id } = await broadcaster.broadcast(digest, { to: 'all' });
    const progress = await finished(broadcaster, id);
    const kept = expectHistoryOf(await history.get(digest.notificationId), progress, good);
    expect(kept.byClient[String(WARPCAST_FID)]).toMatchObject({ successful: 230, invalid: 20 });
    expect((await history.list()).broadcasts.map(({ notificationId }) => notificationId)).toEqual([digest.notificationId]);
  });

  it('a target the client rate-limited is an attempt in the timeline, then counted once when a later job delivers it', async () => {
    const client = await startNotificationClient({ limits: { intervalMs: 800, perDay: 100 } });
    open.push(client);
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
