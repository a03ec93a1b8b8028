import { context } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import type { InMemorySpanExporter } from '@opentelemetry/sdk-trace-base';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { redisConnection } from './redis-connection.js';
import { startRedis, type RedisServer } from './redis-server.js';

/** What {@link useOtelQueue} gives a test, read once the tests run. */
export interface OtelQueue {
  /** The BullMQ queue on the file's own redis-server. */
  readonly queue: Queue;
  /** That server's `{ host, port }`, as a worker's `connection` takes it. */
  readonly connection: { host: string; port: number };
  /** Closes `worker` after the tests, before the queue and the server. */
  closeAfter(worker: { close(): Promise<void> }): void;
}

/**
 * For the enclosing `describe`: the context manager the OpenTelemetry Node SDK registers (without
 * it, spans started in a handler would have no parent), a redis-server and a BullMQ queue named
 * `name` on it, and `spans` reset before each test; all stopped after the tests.
 */
export function useOtelQueue(name: string, spans: InMemorySpanExporter): OtelQueue {
  let redis: RedisServer | undefined;
  let queue: Queue | undefined;
  const workers: { close(): Promise<void> }[] = [];
  beforeAll(async () => {
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
    redis = await startRedis();
    queue = new Queue(name, { connection: redisConnection(redis.url) });
  });
  beforeEach(() => spans.reset());
  afterAll(async () => {
    for (const worker of workers) await worker.close();
    await queue?.close();
    await redis?.stop();
    context.disable();
  });
  return {
    get queue() {
      return queue!;
    },
    get connection() {
      return redisConnection(redis!.url);
    },
    closeAfter: (worker) => void workers.push(worker),
  };
}
