import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bullmqHandoff, deadLetters, webhookWorker, type WebhookWorker } from '@social-webhooks/bullmq';
import { neynarSender, replay, replayOf } from '@social-webhooks/core';
import { buildNeynarDelivery } from '@social-webhooks/core/testing';
import { webhookHandler } from '@social-webhooks/node';
import { redisDeliveryArchive } from '@social-webhooks/redis';
import { pollUntil } from './support/queue-processes.js';
import { useRedisClient } from './support/redis-client.js';
import { redisConnection } from './support/redis-connection.js';

// A replay through the hand-off of a job BullMQ keeps as failed, on a real redis-server (BullMQ 5, and
// 6 under the current peers): a handler failing every attempt leaves dead letters that the receiver
// answered 202 `queued` (the sender never retries them); fixed, `replay()` runs each once more with
// its replay mark, a second replay runs none, a job still waiting is left, and a forced replay runs
// a completed one under a job of its own.
const SECRET = 'bullmq-replay-secret';
const sender = neynarSender({ secrets: SECRET });

describe('replay through the BullMQ hand-off', () => {
  const redis = useRedisClient();
  let queue: Queue;
  let worker: WebhookWorker;
  let server: Server;
  let url: string;
  const broken = { value: true };
  const handled: string[] = [];
  const options = () => ({
    sender,
    logger: false as const,
    archive: redisDeliveryArchive({ client: redis.client, prefix: 'bullmq-replay:archive:' }),
    handoff: bullmqHandoff({ queue, attempts: 2, backoffMs: 10 }),
  });

  beforeAll(async () => {
    queue = new Queue('replayed', { connection: { ...redisConnection(redis.server.url), enableOfflineQueue: false } });
    worker = webhookWorker({
      queueName: 'replayed',
      connection: redisConnection(redis.server.url),
      sender,
      onError: () => undefined,
      on: {
        'cast.created': (event) => {
          if (broken.value) throw new Error('the handler bug of the window');
          handled.push(`${String(event.data.hash)}${replayOf(event) === undefined ? '' : ' replay'}`);
        },
      },
    });
    server = createServer(webhookHandler(options()));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhook`;
  });
  afterAll(async () => {
    await worker?.close();
    await new Promise((resolve) => server?.close(resolve));
    await queue?.close();
  });

  const send = async (hash: string, secret = SECRET) => {
    const { headers, body } = await buildNeynarDelivery({ secret, type: 'cast.created', data: { hash, author: { fid: 3 } } });
    const response = await fetch(url, { method: 'POST', headers: { ...headers, 'x-convoy-idempotency-key': hash }, body });
    await response.arrayBuffer();
    return response.status;
  };

  it('runs each dead letter once after the fix, none twice on a second replay, and archives no forgery', async () => {
    const since = Date.now();
    for (const hash of ['lost-1', 'lost-2', 'lost-3']) expect(await send(hash)).toBe(202);
    expect(await send('forged-1', 'not-the-secret')).toBe(401);
    await pollUntil(
      () => queue.getFailedCount(),
      (count) => count === 3,
    );
    const dead = await deadLetters(queue).list();
    expect(dead.jobs.map((job) => [job.eventName, job.attemptsMade, job.failedReason])).toEqual(
      Array.from({ length: 3 }, () => ['cast.created', 2, 'the handler bug of the window']),
    );
    broken.value = false;
    const until = Date.now() + 1;

    const dry = await replay({ receiver: options(), since, until, dryRun: true });
    expect(dry).toMatchObject({ matched: 3, replayed: 3, skipped: 0 });
    const report = await replay({ receiver: options(), since, until, ratePerSecond: 200 });
    expect(report).toMatchObject({ matched: 3, replayed: 3, skipped: 0, failed: 0 });
    await pollUntil(
      async () => handled.length,
      (count) => count === 3,
    );
    expect([...handled].sort()).toEqual(['lost-1 replay', 'lost-2 replay', 'lost-3 replay']);
    expect((await deadLetters(queue).list()).total).toBe(0);
    await pollUntil(
      () => queue.getCompletedCount(),
      (count) => count === 3,
    );

    const again = await replay({ receiver: options(), since, until, ratePerSecond: 200 });
    expect(again).toMatchObject({ matched: 3, replayed: 0, skipped: 3, failed: 0 });
    expect(again.deliveries.map((delivery) => delivery.code)).toEqual(['already_handled', 'already_handled', 'already_handled']);
    // Long enough for a job queued by mistake to have run.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(handled).toHaveLength(3);
    const archived = await options().archive.list({ limit: 100 });
    expect(archived.deliveries.some((delivery) => delivery.event.data['hash'] === 'forged-1')).toBe(false);
  });

  it('leaves a job still waiting (skipped, already queued), and a forced replay runs a completed one once more', async () => {
    await worker.worker.pause();
    const since = Date.now();
    expect(await send('waiting-1')).toBe(202);
    const until = Date.now() + 1;
    const report = await replay({ receiver: options(), since, until, ratePerSecond: 200 });
    expect(report).toMatchObject({ matched: 1, replayed: 0, skipped: 1 });
    expect(report.deliveries[0]?.code).toBe('already_queued');
    worker.worker.resume();
    await pollUntil(
      async () => handled.filter((line) => line.startsWith('waiting-1')),
      (lines) => lines.length === 1,
    );
    const forced = await replay({ receiver: options(), since, until, force: true, ratePerSecond: 200 });
    expect(forced).toMatchObject({ matched: 1, replayed: 1, skipped: 0 });
    const lines = await pollUntil(
      async () => handled.filter((line) => line.startsWith('waiting-1')),
      (found) => found.length === 2,
    );
    expect(lines).toEqual(['waiting-1', 'waiting-1 replay']);
  });
});
