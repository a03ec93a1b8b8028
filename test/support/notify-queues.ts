import {
  notificationBroadcaster,
  notificationWorker,
  type NotificationBroadcaster,
  type NotificationBroadcasterOptions,
  type NotificationWorker,
  type NotificationWorkerOptions,
} from '@social-webhooks/bullmq';
import type { NotificationTokenStore } from '@social-webhooks/core';
import { afterEach } from 'vitest';
import { startNotificationClient, type StandInClient, type StandInOptions } from './notification-client.js';
import { useRedisClient, type RedisClient } from './redis-client.js';
import { redisConnection } from './redis-connection.js';
import type { RedisServer } from './redis-server.js';

interface Closable {
  close(): Promise<unknown>;
}

/** What {@link useNotifyQueues} answers: the redis-server, and what a BullMQ broadcast test opens on it. */
export interface NotifyQueues {
  readonly redis: RedisServer;
  /** A node-redis client on that server, for the Redis stores (tokens, limiter, history) beside the queue. */
  readonly client: RedisClient;
  /** BullMQ's `connection` to that server. */
  connection(): { host: string; port: number };
  /** A queue name of the test's own: `<prefix>-<n>`. */
  queueName(): string;
  /** Closes `item` after the test, after what was opened later. */
  track<T extends Closable>(item: T): T;
  /** A stand-in Farcaster client on loopback, closed after the test. */
  standIn(options?: StandInOptions): Promise<StandInClient>;
  /** A broadcaster on `queueName` (silent unless `logger` is given), closed after the test. */
  broadcaster(queueName: string, options?: Partial<NotificationBroadcasterOptions>): NotificationBroadcaster;
  /** A worker on `queueName` sending from `store` (silent, retries 10 ms apart unless given), closed after the test. */
  worker(queueName: string, store: NotificationTokenStore, options?: Partial<NotificationWorkerOptions>): NotificationWorker;
}

/**
 * The set-up of the BullMQ broadcast tests: a redis-server and a node-redis client on it for the
 * enclosing `describe` (or file), and per test its broadcasters, workers and stand-in clients, each
 * closed after the test in the reverse order of opening. Read the server once the tests run:
 * `const queues = useNotifyQueues('cancel'); ... queues.redis.url`.
 */
export function useNotifyQueues(prefix: string): NotifyQueues {
  const redis = useRedisClient();
  const open: Closable[] = [];
  let serial = 0;
  afterEach(async () => {
    for (const item of open.splice(0).reverse()) await item.close();
  });
  const track = <T extends Closable>(item: T): T => (open.push(item), item);
  const connection = () => redisConnection(redis.server.url);
  return {
    get redis() {
      return redis.server;
    },
    get client() {
      return redis.client;
    },
    connection,
    queueName: () => `${prefix}-${++serial}`,
    track,
    standIn: async (options) => track(await startNotificationClient(options)),
    broadcaster: (queueName, options = {}) =>
      track(notificationBroadcaster({ connection: connection(), queueName, logger: false, ...options })),
    worker: (queueName, store, options = {}) =>
      track(notificationWorker({ connection: connection(), queueName, store, logger: false, retryDelayMs: 10, ...options })),
  };
}
