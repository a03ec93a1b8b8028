import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisConnection } from '../../../../test/support/redis-connection.js';
import { startRedis, type RedisServer } from '../../../../test/support/redis-server.js';
import { emptyOutcome } from './batch-outcome.js';
import { BroadcastRecord } from './broadcast-record.js';
import { recordClient } from './record-client.js';

const notification = { notificationId: 'n', title: 't', body: 'b', targetUrl: 'https://a.example.com/' };

// Against a real redis-server: what the plan counts as planned, across runs.
describe('BroadcastRecord', () => {
  let redis: RedisServer;
  let queue: Queue;
  let record: BroadcastRecord;
  beforeAll(async () => {
    redis = await startRedis();
    queue = new Queue('record', { connection: redisConnection(redis.url) });
    record = new BroadcastRecord(await recordClient(queue, 'test'), 'test:', 60_000);
  });
  afterAll(async () => {
    await queue?.close();
    await redis?.stop();
  });

  it('counts a batch that two plan runs add once', async () => {
    await record.start('once', notification, 'all', 1, undefined);
    await record.adding('once', [
      { jobId: 'a', targets: 100 },
      { jobId: 'b', targets: 40 },
    ]);
    await record.added('once', { done: false });
    await record.adding('once', [
      { jobId: 'b', targets: 40 },
      { jobId: 'c', targets: 7 },
    ]);
    await record.added('once', { done: true });
    expect(await record.read('once')).toMatchObject({ planned: 147, meta: { planDone: '1', adding: '[]' } });
  });

  it('stops counting the batches a dead run noted but never queued, and keeps those queued or run', async () => {
    await record.start('dead', notification, 'all', 1, undefined);
    await record.adding('dead', [{ jobId: 'kept', targets: 100 }]);
    await record.added('dead', { done: false });
    // The run dies after noting three batches: one job was queued, one ran, one was never added.
    await record.adding('dead', [
      { jobId: 'queued', targets: 100 },
      { jobId: 'ran', targets: 100 },
      { jobId: 'lost', targets: 30 },
    ]);
    await record.batch('dead', 'ran', emptyOutcome('batch', 100, { requests: 1, successful: 100 }));
    expect((await record.read('dead'))?.planned).toBe(330);
    const asked: string[] = [];
    await record.reconcile('dead', async (jobId) => (asked.push(jobId), jobId === 'queued'));
    expect((await record.read('dead'))?.planned).toBe(300);
    // Only the noted batches without an outcome are looked up in the queue.
    expect(asked.sort()).toEqual(['lost', 'queued']);
  });

  it('reconciles nothing for a broadcast whose plan never ran', async () => {
    await record.start('fresh', notification, 'all', 1, undefined);
    await record.reconcile('fresh', () => Promise.reject(new Error('not asked')));
    expect((await record.read('fresh'))?.planned).toBe(0);
  });
});
