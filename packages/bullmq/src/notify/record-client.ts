import type { Queue } from 'bullmq';
import { WebhookError } from '@social-webhooks/core';

/** The few Redis commands the record uses: an ioredis client, as BullMQ's queue holds (recordClient below). */
export interface RecordClient {
  hget(key: string, field: string): Promise<string | null>;
  hgetall(key: string): Promise<Record<string, string>>;
  hsetnx(key: string, field: string, value: string): Promise<number>;
  hdel(key: string, ...fields: string[]): Promise<number>;
  zrem(key: string, member: string): Promise<number>;
  zcount(key: string, min: string, max: string): Promise<number>;
  multi(): RecordPipeline;
}

interface RecordPipeline {
  hset(key: string, fields: Readonly<Record<string, string>>): RecordPipeline;
  hget(key: string, field: string): RecordPipeline;
  zadd(key: string, score: number, member: string): RecordPipeline;
  pexpire(key: string, ms: number): RecordPipeline;
  exec(): Promise<unknown>;
}

const RECORD_COMMANDS = ['hget', 'hgetall', 'hsetnx', 'hdel', 'zrem', 'zcount', 'multi'] as const;
const WHAT_TO_PASS =
  "Pass Redis connection options such as { host: '127.0.0.1', port: 6379 }, or an ioredis instance " +
  '(new Redis(url, { maxRetriesPerRequest: null }))';

/** A queue of either major: BullMQ 5 answers the client at `queue.client`, BullMQ 6 at `queue.getBackend().client`. */
interface QueueOfEitherMajor {
  readonly client?: Promise<unknown>;
  getBackend?(): { readonly client?: Promise<unknown> };
}

/**
 * Refuses a node-redis client as `connection` before a queue is built: BullMQ 6 accepts one, but the
 * broadcast record needs ioredis's commands (`hsetnx`, `multi().hset(key, fields)`), which its adapter lacks.
 */
export function checkRecordConnection(connection: object, fail: (message: string) => never): void {
  const candidate = connection as { defineCommand?: unknown; sendCommand?: unknown };
  const nodeRedis = typeof candidate.sendCommand === 'function' && typeof candidate.defineCommand !== 'function' && 'isOpen' in connection;
  if (nodeRedis) fail(`\`connection\` is a node-redis client; notifications keep their record with ioredis commands. ${WHAT_TO_PASS}.`);
}

/** The queue's own Redis client, checked to have the record's commands. */
export async function recordClient(queue: Queue, source: string): Promise<RecordClient> {
  const either = queue as unknown as QueueOfEitherMajor;
  const client = (await (either.getBackend?.().client ?? either.client)) as Partial<Record<string, unknown>> | undefined;
  const missing = RECORD_COMMANDS.filter((command) => typeof client?.[command] !== 'function');
  if (missing.length > 0) {
    throw new WebhookError(
      'invalid_options',
      `@social-webhooks/bullmq: ${source}: the queue's Redis client has no ${missing.join(', ')} (it is not ioredis). ${WHAT_TO_PASS} as \`connection\`.`,
    );
  }
  return client as unknown as RecordClient;
}
