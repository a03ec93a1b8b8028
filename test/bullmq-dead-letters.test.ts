import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bullmqHandoff, deadLetters, retryFailedJobs, webhookWorker, type WebhookWorker } from '@social-webhooks/bullmq';
import { sampleEvent } from '@social-webhooks/core/testing';
import { DEAD_LETTERS, DEAD_LETTERS_HELD, observeDeadLetters, otelInstrumentation } from '@social-webhooks/otel';
import { otelSdk } from './support/otel-sdk.js';
import { pollUntil } from './support/queue-processes.js';
import { redisConnection } from './support/redis-connection.js';
import { startRedis, type RedisServer } from './support/redis-server.js';

// Dead letters: jobs that failed all their attempts stay listed with their error, are retried by
// id, by list, by event name, since a time or all, and are counted by the real OpenTelemetry SDK
// (a counter of jobs that failed for good, a gauge of those each queue holds), on a real redis-server.
const { meterProvider, points } = otelSdk();

describe('dead letters', () => {
  let redis: RedisServer;
  let queue: Queue;
  let worker: WebhookWorker;
  const failing = new Set<string>();
  const handled: string[] = [];
  const run = (id: string) => {
    if (failing.has(id)) throw new RangeError(`the store refused ${id}`);
    handled.push(id);
  };
  let observer: { stop(): void } | undefined;

  beforeAll(async () => {
    redis = await startRedis();
    queue = new Queue('dead-letters', { connection: redisConnection(redis.url) });
    worker = webhookWorker({
      queueName: 'dead-letters',
      connection: redisConnection(redis.url),
      instrumentation: otelInstrumentation({ meterProvider }),
      onError: () => undefined,
      on: {
        'follow.created': (event) => run(String(event.data.id)),
        'follow.deleted': (event) => run(String(event.data.id)),
      },
    });
    observer = observeDeadLetters({ queues: [queue], meterProvider });
  });
  afterAll(async () => {
    observer?.stop();
    await worker?.close();
    await queue?.close();
    await redis?.stop();
  });

  const handoff = () => bullmqHandoff({ queue, attempts: 2, backoffMs: 10 });
  const enqueue = (eventName: 'follow.created' | 'follow.deleted', id: string) =>
    handoff().enqueue({
      event: { eventName, data: { ...sampleEvent(eventName).data, id } },
      key: `${eventName}:id:${id}`,
      carrier: {},
      receivedAt: Date.now(),
      sender: 'airstack',
    });
  const held = async () => (await points(DEAD_LETTERS_HELD)).map((point) => [point.attributes['messaging.destination.name'], point.value]);

  it('keeps each job that failed all its attempts, with its error, counts it once, and gauges the failed list', async () => {
    for (const id of ['a', 'b', 'c']) failing.add(id);
    await enqueue('follow.created', 'a');
    await enqueue('follow.deleted', 'b');
    await enqueue('follow.created', 'c');
    await enqueue('follow.created', 'ok');
    await pollUntil(
      () => queue.getFailedCount(),
      (count) => count === 3,
    );
    await pollUntil(
      () => queue.getCompletedCount(),
      (count) => count === 1,
    );

    const { total, jobs } = await deadLetters(queue).list();
    expect(total).toBe(3);
    expect(jobs.map((job) => [job.id, job.eventName, job.attemptsMade, job.failedReason]).sort()).toEqual([
      ['follow.created%3Aid%3Aa', 'follow.created', 2, 'the store refused a'],
      ['follow.created%3Aid%3Ac', 'follow.created', 2, 'the store refused c'],
      ['follow.deleted%3Aid%3Ab', 'follow.deleted', 2, 'the store refused b'],
    ]);
    // Two attempts each, six failures, three dead letters: the counter counts the last attempts only.
    const counted = (await points(DEAD_LETTERS)).map((point) => [
      point.attributes['social_webhooks.event.name'],
      point.attributes['error.type'],
      point.attributes['messaging.destination.name'],
      point.value,
    ]);
    expect(counted.sort()).toEqual([
      ['follow.created', 'RangeError', 'dead-letters', 2],
      ['follow.deleted', 'RangeError', 'dead-letters', 1],
    ]);
    expect(await held()).toEqual([['dead-letters', 3]]);
  });

  it('retries by event name and since a time, by ids, and all, and each retried job runs again', async () => {
    failing.clear();
    const failedAt = new Map((await deadLetters(queue).list()).jobs.map((job) => [job.id, job.failedAt ?? 0]));
    const latest = Math.max(...failedAt.values());

    // An id that names no failed job moves nothing, even beside one that does.
    await expect(retryFailedJobs(queue, { ids: ['follow.created%3Aid%3Aa', 'nope'] })).rejects.toMatchObject({
      code: 'invalid_options',
      message: expect.stringContaining('no failed job has the id "nope"'),
    });
    expect(await queue.getFailedCount()).toBe(3);

    expect(await retryFailedJobs(queue, { eventName: 'follow.deleted', since: latest + 60_000 })).toEqual([]);
    expect(await retryFailedJobs(queue, { eventName: 'follow.deleted' })).toEqual(['follow.deleted%3Aid%3Ab']);
    await pollUntil(
      async () => handled.length,
      (count) => count === 2,
    );
    const since = Math.min(...failedAt.values());
    expect(await deadLetters(queue).retry(['follow.created%3Aid%3Aa'])).toEqual(['follow.created%3Aid%3Aa']);
    expect(await retryFailedJobs(queue, { since })).toEqual(['follow.created%3Aid%3Ac']);
    await pollUntil(
      async () => handled.length,
      (count) => count === 4,
    );
    expect(handled.sort()).toEqual(['a', 'b', 'c', 'ok']);
    expect(await retryFailedJobs(queue, 'all')).toEqual([]);
    expect(await held()).toEqual([['dead-letters', 0]]);
    // No retry counted as a dead letter, and none that succeeded.
    expect((await points(DEAD_LETTERS)).reduce((sum, point) => sum + Number(point.value), 0)).toBe(3);
  });

  it('refuses a malformed selection and a non-queue with the fix', async () => {
    await expect(retryFailedJobs(queue, { since: Number.NaN })).rejects.toThrow(/`since` must be a time in ms since the epoch/);
    await expect(retryFailedJobs(queue, { ids: [''] })).rejects.toThrow(/`ids` must be an array of job ids/);
    expect(() => deadLetters({} as Queue)).toThrow(/deadLetters\(\) takes a BullMQ queue/);
    expect(() => observeDeadLetters({ queues: [] })).toThrow(/observeDeadLetters\(\) takes `queues`/);
  });
});

describe('dead notification batches', () => {
  it('counts a batch whose last attempt failed, and not one that will be retried', async () => {
    const sdk = otelSdk();
    const instrumentation = otelInstrumentation({ meterProvider: sdk.meterProvider, tracerProvider: sdk.tracerProvider });
    const start = { notificationId: 'n-1', url: 'https://client.example/notify', targets: 3, queueName: 'notifications', attempt: 1 };
    instrumentation.startBatch(start).end({ error: new Error('store down'), willRetry: true });
    instrumentation.startBatch({ ...start, attempt: 5 }).end({ error: new Error('store down'), willRetry: false });
    expect((await sdk.points(DEAD_LETTERS)).map((point) => [point.attributes, point.value])).toEqual([
      [
        {
          'messaging.system': 'bullmq',
          'messaging.destination.name': 'notifications',
          'server.address': 'client.example',
          'error.type': 'Error',
        },
        1,
      ],
    ]);
  });
});
