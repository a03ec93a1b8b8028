import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bullmqHandoff, webhookWorker, type JobContext } from '@social-webhooks/bullmq';
import { runCli } from '@social-webhooks/cli';
import { sampleEvent } from '@social-webhooks/core/testing';
import { redisConnection } from './support/redis-connection.js';
import { startRedis, type RedisServer } from './support/redis-server.js';

// The worker's shutdown and failed-job handling, and the CLI commands that inspect and retry
// failed jobs, against a real redis-server.
const event = (id: string) => ({ eventName: 'follow.created' as const, data: { ...sampleEvent('follow.created').data, id } });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('webhookWorker and the failed-job commands', () => {
  let redis: RedisServer;
  const queues: Queue[] = [];
  const open = (name: string) => {
    const queue = new Queue(name, { connection: redisConnection(redis.url) });
    queues.push(queue);
    return queue;
  };
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    await Promise.all(queues.map((queue) => queue.close()));
    await redis?.stop();
  });

  it('finishes a running job on close, within the grace period', async () => {
    const queue = open('close-finishes');
    let finished = false;
    const started = new Promise<void>((resolve) => {
      webhookWorkerFor(queue, async () => {
        resolve();
        await sleep(300);
        finished = true;
      });
    });
    await bullmqHandoff({ queue }).enqueue({
      event: event('finish-me'),
      key: 'follow.created:id:finish-me',
      carrier: {},
      receivedAt: Date.now(),
      sender: 'airstack',
    });
    await started;
    await closers.pop()!();
    expect(finished).toBe(true);
    expect(await queue.getJobState('follow.created%3Aid%3Afinish-me')).toBe('completed');
  });

  it('returns a job that outlasts the grace period to the queue, and aborts its signal', async () => {
    const queue = open('close-returns');
    let signal: AbortSignal | undefined;
    const started = new Promise<void>((resolve) => {
      webhookWorkerFor(
        queue,
        async (_event, context) => {
          signal = context.signal;
          resolve();
          await sleep(5000);
        },
        200,
      );
    });
    await bullmqHandoff({ queue }).enqueue({
      event: event('return-me'),
      key: 'follow.created:id:return-me',
      carrier: {},
      receivedAt: Date.now(),
      sender: 'airstack',
    });
    await started;
    const closing = performance.now();
    await closers.pop()!();
    expect(performance.now() - closing).toBeLessThan(2000);
    expect(signal?.aborted).toBe(true);
    // Back in the queue, not failed: the next worker takes it at once.
    expect(await queue.getJobState('follow.created%3Aid%3Areturn-me')).toBe('waiting');
    const again = new Promise<string>((resolve) => webhookWorkerFor(queue, (_event, context) => resolve(context.job.id ?? '')));
    expect(await again).toBe('follow.created%3Aid%3Areturn-me');
    await closers.pop()!();
  });

  it('retries with backoff, keeps a job that ran out of attempts in the failed list, and the CLI lists and retries it', async () => {
    const queue = open('failing');
    const handoff = bullmqHandoff({ queue, attempts: 2, backoffMs: 20 });
    let fail = true;
    const attempts: number[] = [];
    webhookWorkerFor(queue, (_event, context) => {
      attempts.push(context.attempt);
      if (fail) throw new Error('downstream is down');
    });
    for (const id of ['fail-1', 'fail-2'])
      await handoff.enqueue({ event: event(id), key: `follow.created:id:${id}`, carrier: {}, receivedAt: Date.now(), sender: 'airstack' });
    for (let waited = 0; (await queue.getFailedCount()) < 2 && waited < 10_000; waited += 50) await sleep(50);
    expect(attempts.sort()).toEqual([1, 1, 2, 2]);

    const env = { REDIS_URL: redis.url, WEBHOOKS_QUEUE: 'failing' };
    const listed = await cli(['failed', '--json'], env);
    expect(listed.code).toBe(0);
    const { total, jobs } = JSON.parse(listed.stdout) as {
      total: number;
      jobs: { id: string; eventName: string; attemptsMade: number; failedReason: string }[];
    };
    expect(total).toBe(2);
    expect(jobs.map((job) => [job.eventName, job.attemptsMade, job.failedReason]).sort()).toEqual([
      ['follow.created', 2, 'downstream is down'],
      ['follow.created', 2, 'downstream is down'],
    ]);
    expect((await cli(['failed'], env)).stdout).toContain('2 failed job(s) in queue "failing"');

    fail = false;
    const one = await cli(['retry', 'follow.created%3Aid%3Afail-1'], env);
    expect([one.code, one.stdout]).toEqual([0, expect.stringContaining('Moved 1 job(s) back')]);
    const all = await cli(['retry', '--all', '--json'], env);
    expect(JSON.parse(all.stdout)).toEqual({ retried: ['follow.created%3Aid%3Afail-2'] });
    for (let waited = 0; (await queue.getCompletedCount()) < 2 && waited < 10_000; waited += 50) await sleep(50);
    expect(await queue.getCompletedCount()).toBe(2);

    const unknown = await cli(['retry', 'no-such-job'], env);
    expect([unknown.code, unknown.stderr]).toEqual([2, expect.stringContaining('no failed job has the id "no-such-job"')]);
    expect((await cli(['retry'], env)).code).toBe(2);
    expect((await cli(['retry', '--all', '--event', 'follow.created'], env)).code).toBe(2);
    expect((await cli(['retry', '--since', 'yesterday'], env)).stderr).toContain('--since expects a time');
    expect(
      JSON.parse((await cli(['retry', '--event', 'follow.created', '--since', '2026-01-01T00:00:00Z', '--json'], env)).stdout),
    ).toEqual({
      retried: [],
    });
    await closers.pop()!();
  });

  it('tells the CLI user when Redis does not answer, rather than hanging', async () => {
    const result = await cli(['failed', '--timeout', '500'], { REDIS_URL: 'redis://127.0.0.1:9' });
    expect(result.code).toBe(4);
    expect(result.stderr).toContain('Is redis-server running?');
  });

  const closers: (() => Promise<void>)[] = [];
  function webhookWorkerFor(queue: Queue, handler: (e: unknown, context: JobContext) => unknown, shutdownGraceMs?: number): void {
    const { close } = webhookWorker({
      queueName: queue.name,
      connection: redisConnection(redis.url),
      on: { 'follow.created': handler },
      onError: () => undefined,
      ...(shutdownGraceMs === undefined ? {} : { shutdownGraceMs }),
    });
    closers.push(close);
  }
});

async function cli(args: string[], env: Record<string, string>) {
  const out = { stdout: '', stderr: '' };
  const code = await runCli(args, {
    stdout: (text) => void (out.stdout += text),
    stderr: (text) => void (out.stderr += text),
    env,
    cwd: process.cwd(),
  });
  return { code, ...out };
}
