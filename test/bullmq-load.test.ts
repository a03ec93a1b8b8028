import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChildServer } from './support/child-server.js';
import { completed, deliver, eventually, followEvent, startQueueReceiver, startQueueWorker } from './support/queue-processes.js';
import { startRedis, type RedisServer } from './support/redis-server.js';

// 10,000 deliveries, a tenth of them redeliveries, through two receiver processes into one queue
// worked by two worker processes, as instances behind a load balancer would run.
const DISTINCT = 9000;
const DUPLICATES = 1000;
const IN_FLIGHT = 64;

describe('10,000 deliveries through two receivers and two workers', () => {
  let redis: RedisServer;
  let receivers: ChildServer[] = [];
  let workers: ChildServer[] = [];
  beforeAll(async () => {
    redis = await startRedis();
    [receivers, workers] = await Promise.all([
      Promise.all([startQueueReceiver(redis, 'load'), startQueueReceiver(redis, 'load')]),
      Promise.all([startQueueWorker(redis, 'load', { CONCURRENCY: '50' }), startQueueWorker(redis, 'load', { CONCURRENCY: '50' })]),
    ]);
  });
  afterAll(async () => {
    await Promise.all([...receivers, ...workers].map((server) => server.stop()));
    await redis?.stop();
  });

  it('processes every distinct event exactly once, loses none, and collapses the duplicates', async () => {
    // Every other event carries the gateway's idempotency key, the rest are keyed by payload id.
    // A duplicate goes to the other receiver, as a retry may land on any instance.
    const plan: { id: string; receiver: number }[] = [];
    for (let index = 0; index < DISTINCT; index++) plan.push({ id: `load-${index}`, receiver: index % 2 });
    for (let index = 0; index < DUPLICATES; index++) {
      const original = (index * 9) % DISTINCT;
      plan.splice(original + index + 1 + Math.floor(index / 3), 0, { id: `load-${original}`, receiver: (original + 1) % 2 });
    }
    expect(plan).toHaveLength(DISTINCT + DUPLICATES);
    const statuses = new Map<number, number>();
    let next = 0;
    await Promise.all(
      Array.from({ length: IN_FLIGHT }, async () => {
        while (next < plan.length) {
          const { id, receiver } = plan[next++]!;
          const number = Number(id.slice('load-'.length));
          const headers: Record<string, string> = number % 2 === 0 ? { 'x-convoy-idempotency-key': `convoy-${id}` } : {};
          const { status } = await deliver(receivers[receiver]!.port, followEvent(id), headers);
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
        }
      }),
    );
    expect(Object.fromEntries(statuses)).toEqual({ 202: DISTINCT + DUPLICATES });

    expect(await eventually(() => completed(workers).length >= DISTINCT, 45_000)).toBe(true);
    // A late second run of any job would show up here.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const runs = completed(workers);
    expect(runs).toHaveLength(DISTINCT);
    expect(new Set(runs).size).toBe(DISTINCT);
    // Both workers took a share.
    expect(workers.map((worker) => completed([worker]).length).every((count) => count > 0)).toBe(true);
  });
});
