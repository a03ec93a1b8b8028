import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Queue } from 'bullmq';
import express from 'express5';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bullmqHandoff, webhookWorker, type WebhookWorker } from '@social-webhooks/bullmq';
import { neynarSender, type AnyEvent } from '@social-webhooks/core';
import { buildNeynarDelivery, neynarSampleEvent, sampleEvent } from '@social-webhooks/core/testing';
import { webhookHandler } from '@social-webhooks/express';
import { redisConnection } from './support/redis-connection.js';
import { startRedis, type RedisServer } from './support/redis-server.js';

// A Neynar delivery end to end through a real redis-server: an Express receiver hands it to BullMQ,
// a worker given the same sender runs its handler with the event the receiver would have handed it.
const SECRET = 'bullmq-neynar-secret';
const sender = neynarSender({ secrets: SECRET });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a Neynar receiver and worker over BullMQ', () => {
  let redis: RedisServer;
  let server: Server;
  let url: string;
  const queues: Queue[] = [];
  const workers: WebhookWorker[] = [];
  const open = (name: string) => {
    const queue = new Queue(name, { connection: { ...redisConnection(redis.url), enableOfflineQueue: false } });
    queues.push(queue);
    return queue;
  };
  const until = async (check: () => Promise<boolean>) => {
    for (let waited = 0; !(await check()) && waited < 10_000; waited += 50) await sleep(50);
  };

  beforeAll(async () => {
    redis = await startRedis();
    const app = express();
    app.post('/neynar', webhookHandler({ sender, handoff: bullmqHandoff({ queue: open('neynar') }) }));
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/neynar`;
  });
  afterAll(async () => {
    await Promise.all(workers.map((worker) => worker.close()));
    await new Promise((resolve) => server?.close(resolve));
    await Promise.all(queues.map((queue) => queue.close()));
    await redis?.stop();
  });

  it('queues a signed delivery, runs it once with createdAt and the typed data, and adds no job for a redelivery', async () => {
    const handled: AnyEvent[] = [];
    workers.push(
      webhookWorker({
        queueName: 'neynar',
        connection: redisConnection(redis.url),
        sender,
        on: {
          'cast.created': (event, { attempt }) => {
            handled.push(event);
            expect(event.data.author.fid).toBeTypeOf('number');
            expect(attempt).toBe(1);
          },
        },
      }),
    );
    const sample = neynarSampleEvent('cast.created');
    const { headers, body } = await buildNeynarDelivery({ secret: SECRET, type: 'cast.created', createdAt: sample.createdAt! });
    for (const attempt of [1, 2]) {
      const response = await fetch(url, { method: 'POST', headers, body });
      expect([attempt, response.status, await response.json()]).toEqual([attempt, 202, 'queued']);
    }
    const forged = await fetch(url, { method: 'POST', headers: { ...headers, 'x-neynar-signature': '0'.repeat(128) }, body });
    expect(forged.status).toBe(401);
    await until(async () => (await queues[0]!.getCompletedCount()) >= 1);
    await sleep(200);
    expect(handled).toEqual([sample]);
    const [job] = await queues[0]!.getCompleted();
    expect(job!.data).toMatchObject({ eventName: 'cast.created', sender: 'neynar', extra: { createdAt: sample.createdAt } });
    expect(job!.id).toMatch(/^neynar%3Acast\.created%3A/);
  });

  it("fails a job another sender's receiver queued, unrun, saying to give each sender its own queue", async () => {
    const queue = open('shared');
    let ran = false;
    workers.push(
      webhookWorker({ queueName: 'shared', connection: redisConnection(redis.url), on: { 'follow.created': () => void (ran = true) } }),
    );
    const event = neynarSampleEvent('follow.created');
    await bullmqHandoff({ queue }).enqueue({
      event,
      key: 'neynar:follow.created:body:1',
      carrier: {},
      receivedAt: Date.now(),
      sender: 'neynar',
    });
    await until(async () => (await queue.getFailedCount()) >= 1);
    const [failed] = await queue.getFailed();
    expect(failed!.failedReason).toMatch(/queued by a receiver of the neynar sender, and this worker runs the airstack sender's handlers/);
    expect(failed!.attemptsMade).toBeLessThanOrEqual(1);
    expect(ran).toBe(false);
  });

  it("runs a job written before jobs named their sender as the founding service's", async () => {
    const queue = open('older');
    const handled: string[] = [];
    workers.push(
      webhookWorker({
        queueName: 'older',
        connection: redisConnection(redis.url),
        on: { 'follow.created': (event) => void handled.push(event.data.followerProfileId) },
      }),
    );
    const { eventName, data } = sampleEvent('follow.created');
    await queue.add(eventName, { eventName, data, carrier: {}, receivedAt: Date.now() }, { jobId: 'older-1' });
    await until(async () => handled.length > 0);
    expect(handled).toEqual(['3761']);
  });
});
