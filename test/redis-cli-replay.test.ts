import { runCli, type CliIo } from '@social-webhooks/cli';
import { bullmqHandoff, webhookWorker } from '@social-webhooks/bullmq';
import { neynarSender, replayOf, webhookHandler } from '@social-webhooks/core';
import { buildNeynarDelivery } from '@social-webhooks/core/testing';
import { redisDeliveryArchive } from '@social-webhooks/redis';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pollUntil } from './support/queue-processes.js';
import { useRedisClient } from './support/redis-client.js';

// `social-webhooks replay --archive`: a window of the Redis archive, listed by a dry run, and queued
// again through bullmqHandoff for the app's workers, on a real redis-server; a job BullMQ keeps as
// failed under the delivery key runs once more, and a second run runs nothing.
const SECRET = 'cli-replay-secret';
const prefix = 'cli-replay:archive:';

function io() {
  const out = { stdout: '', stderr: '' };
  const value: CliIo = { stdout: (t) => void (out.stdout += t), stderr: (t) => void (out.stderr += t), env: {}, cwd: process.cwd() };
  return { io: value, out };
}

describe('replay --archive, from a redisDeliveryArchive', () => {
  const redis = useRedisClient();
  let queue: Queue;
  let since: number;
  beforeAll(async () => {
    const archive = redisDeliveryArchive({ client: redis.client, prefix });
    since = Date.now();
    const handle = webhookHandler({
      sender: neynarSender({ secrets: SECRET }),
      logger: false,
      archive,
      on: { 'cast.created': (event) => (event.data.hash.startsWith('0xbad') ? Promise.reject(new Error('bug')) : undefined) },
    });
    for (const hash of ['0xok1', '0xbad1', '0xbad2']) {
      const { headers, body } = await buildNeynarDelivery({ secret: SECRET, type: 'cast.created', data: { hash, author: { fid: 3 } } });
      await handle(
        new Request('http://localhost/webhook', { method: 'POST', headers: { ...headers, 'x-convoy-idempotency-key': hash }, body }),
      );
    }
    const { hostname, port } = new URL(redis.server.url);
    queue = new Queue('cli-replay', { connection: { host: hostname, port: Number(port) } });
  });
  afterAll(async () => {
    await queue?.close();
  });
  const source = () => [
    'replay',
    '--archive',
    '--redis-url',
    redis.server.url,
    '--archive-prefix',
    prefix,
    '--since',
    new Date(since).toISOString(),
  ];

  it('--dry-run says how many and which would be replayed, and sends nothing', async () => {
    const run = io();
    expect(await runCli([...source(), '--dry-run', '--json'], run.io)).toBe(0);
    const report = JSON.parse(run.out.stdout) as {
      matched: number;
      replayed: number;
      skipped: number;
      deliveries: { eventName: string; outcome: string; recorded: string }[];
    };
    expect(report).toMatchObject({ matched: 3, replayed: 2, skipped: 1, dryRun: true });
    expect(report.deliveries.map((d) => [d.eventName, d.recorded, d.outcome])).toEqual([
      ['cast.created', 'handled', 'would_skip'],
      ['cast.created', 'handler_failed', 'would_replay'],
      ['cast.created', 'handler_failed', 'would_replay'],
    ]);
    const human = io();
    expect(await runCli([...source(), '--dry-run'], human.io)).toBe(0);
    expect(human.out.stdout).toContain('3 archived deliveries: 2 would be replayed, 1 skipped (nothing sent).');
    expect(await queue.getJobCounts()).toMatchObject({ waiting: 0 });
  });

  it('queues the failed ones for the workers, once, however often it runs', async () => {
    // The second run finds their jobs still waiting (no worker here): left, and counted skipped.
    for (const [replayed, skipped] of [
      [2, 1],
      [0, 3],
    ]) {
      const run = io();
      expect(await runCli([...source(), '--sender', 'neynar', '--queue', 'cli-replay', '--rate', '100'], run.io)).toBe(0);
      expect(run.out.stdout).toMatch(
        new RegExp(
          `3 archived deliveries to queue "cli-replay" at redis://127\\.0\\.0\\.1:\\d+: ${replayed} replayed, ${skipped} skipped, 0 failed\\.`,
        ),
      );
    }
    const jobs = await queue.getJobs(['waiting']);
    expect(jobs.map((job) => job.data.data.hash).sort()).toEqual(['0xbad1', '0xbad2']);
    expect(jobs.map((job) => job.id).sort()).toEqual([
      'neynar%3Acast.created%3Aheader%3A0xbad1',
      'neynar%3Acast.created%3Aheader%3A0xbad2',
    ]);
  });

  it('runs a job its queue keeps as failed once more, and none twice when run again', async () => {
    const connection = { host: new URL(redis.server.url).hostname, port: Number(new URL(redis.server.url).port) };
    const failedQueue = new Queue('cli-failed', { connection });
    let broken = true;
    const handled: string[] = [];
    const worker = webhookWorker({
      queueName: 'cli-failed',
      connection,
      sender: neynarSender({ secrets: SECRET }),
      onError: () => undefined,
      on: {
        'cast.created': (event) => {
          if (broken) throw new Error('the handler bug');
          handled.push(`${event.data.hash}${replayOf(event) === undefined ? '' : ' replay'}`);
        },
      },
    });
    try {
      const started = Date.now();
      const handle = webhookHandler({
        sender: neynarSender({ secrets: SECRET }),
        logger: false,
        archive: redisDeliveryArchive({ client: redis.client, prefix: 'cli-failed:archive:' }),
        handoff: bullmqHandoff({ queue: failedQueue, attempts: 1 }),
      });
      const { headers, body } = await buildNeynarDelivery({
        secret: SECRET,
        type: 'cast.created',
        data: { hash: '0xlost', author: { fid: 3 } },
      });
      const request = new Request('http://localhost/webhook', {
        method: 'POST',
        headers: { ...headers, 'x-convoy-idempotency-key': '0xlost' },
        body,
      });
      expect((await handle(request)).status).toBe(202);
      await pollUntil(
        () => failedQueue.getFailedCount(),
        (count) => count === 1,
      );
      broken = false;
      const args = ['replay', '--archive', '--redis-url', redis.server.url, '--archive-prefix', 'cli-failed:archive:'];
      const window = ['--since', new Date(started).toISOString(), '--sender', 'neynar', '--queue', 'cli-failed', '--rate', '100'];
      const first = io();
      expect(await runCli([...args, ...window], first.io)).toBe(0);
      expect(first.out.stdout).toMatch(/1 replayed, 0 skipped, 0 failed\./);
      await pollUntil(
        () => failedQueue.getCompletedCount(),
        (count) => count === 1,
      );
      expect(handled).toEqual(['0xlost replay']);
      const again = io();
      expect(await runCli([...args, ...window], again.io)).toBe(0);
      expect(again.out.stdout).toMatch(/0 replayed, 1 skipped, 0 failed\./);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(handled).toEqual(['0xlost replay']);
    } finally {
      await worker.close();
      await failedQueue.close();
    }
  });

  it('refuses to send without --sender, saying what to give', async () => {
    const run = io();
    expect(await runCli([...source(), '--queue', 'cli-replay'], run.io)).toBe(2);
    expect(run.out.stderr).toContain('give --sender neynar, miniapp or airstack (or --dry-run)');
  });
});
