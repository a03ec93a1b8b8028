import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChildServer } from './support/child-server.js';
import { completed, deliver, eventually, followEvent, kill, startQueueReceiver, startQueueWorker } from './support/queue-processes.js';
import { startRedis, type RedisServer } from './support/redis-server.js';

// Processes killed with SIGKILL for real: nothing acknowledged is lost.
describe('the BullMQ hand-off when a process dies', () => {
  let redis: RedisServer;
  const started: ChildServer[] = [];
  const track = async (server: Promise<ChildServer>) => {
    const child = await server;
    started.push(child);
    return child;
  };
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    await Promise.all(started.map((server) => server.stop()));
    await redis?.stop();
  });

  it('processes an event exactly once when the receiver is killed right after its 2xx', async () => {
    const receiver = await track(startQueueReceiver(redis, 'receiver-killed'));
    const convoy = { 'x-convoy-idempotency-key': 'convoy-acked-then-killed' };
    const answer = await deliver(receiver.port, followEvent('acked-then-killed'), convoy);
    expect([answer.status, answer.body]).toEqual([202, 'queued']);
    await kill(receiver);
    // Only now does any worker exist: the event lives in Redis alone.
    const worker = await track(startQueueWorker(redis, 'receiver-killed'));
    expect(await eventually(() => completed([worker]).length === 1)).toBe(true);
    // The service's redelivery to another instance is acknowledged without a second job: it carries
    // the same idempotency key, which the job id prefers even over a payload id that differs.
    const second = await track(startQueueReceiver(redis, 'receiver-killed'));
    expect((await deliver(second.port, followEvent('acked-then-killed-again'), convoy)).status).toBe(202);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(completed([worker])).toEqual(['acked-then-killed']);
  });

  it('hands a job to another worker when its worker is killed mid-job, and completes it', async () => {
    const receiver = await track(startQueueReceiver(redis, 'worker-killed'));
    const slow = await track(startQueueWorker(redis, 'worker-killed', { HANDLER_MS: '60000' }));
    expect((await deliver(receiver.port, followEvent('killed-mid-job'))).status).toBe(202);
    expect(await eventually(() => slow.lines.some((line) => line.startsWith('START ')))).toBe(true);
    await kill(slow);
    // The lock lapses (lockDuration 1 s) and the stalled-job check moves the job back to wait.
    const rescuer = await track(startQueueWorker(redis, 'worker-killed'));
    expect(await eventually(() => completed([rescuer]).length === 1, 20_000)).toBe(true);
    expect(completed([slow, rescuer])).toEqual(['killed-mid-job']);
  });
});
