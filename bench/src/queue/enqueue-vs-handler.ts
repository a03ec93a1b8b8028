import { Queue } from 'bullmq';
import { bullmqHandoff } from '@social-webhooks/bullmq';
import { createWebhookReceiver, type WebhookReceiver } from '@social-webhooks/core/adapter';
import { deliveryOf } from '../in-process/contenders.js';
import { BENCH_SECRET, sampleBody } from '../support/payloads.js';
import { sink } from '../support/sink.js';
import { formatCount, formatFigure, median } from '../support/stats.js';
import type { Table } from '../support/table.js';
import { hasRedisServer, startRedisProcess } from './redis-process.js';

export interface QueueBenchOptions {
  /** Alternating rounds per contender. */
  readonly rounds: number;
  /** Seconds per round. */
  readonly seconds: number;
  /** Deliveries in flight at once, as concurrent requests would be. */
  readonly concurrency: number;
}

interface RoundResult {
  readonly perSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
}

/**
 * The enqueue path: the core's receive path with `handoff: bullmqHandoff()` against a real local
 * redis-server (each delivery a new event, so each is a real job add), against the same receive
 * path running a no-op handler in process. Both in this process, without HTTP, `concurrency`
 * deliveries in flight; throughput and the per-delivery latency's p50 and p99, medians over rounds.
 * No goal: the figure says what durability costs per delivery.
 */
export async function enqueueVsHandler(options: QueueBenchOptions): Promise<{ table: Table; met: boolean }> {
  const title = `In process: the enqueue path (handoff to BullMQ on a local redis-server) vs a no-op handler, ${options.concurrency} in flight (median of ${options.rounds} alternating rounds of ${options.seconds} s)`;
  const columns = ['receiver', 'deliveries/s', 'p50 ms', 'p99 ms'];
  if (!hasRedisServer()) return { table: { title, columns, rows: [['skipped: redis-server is not installed', '', '', '']] }, met: true };
  const redis = await startRedisProcess();
  const queue = new Queue('bench', { connection: { host: '127.0.0.1', port: redis.port, enableOfflineQueue: false } });
  try {
    await queue.waitUntilReady();
    const contenders: { name: string; receiver: WebhookReceiver<undefined>; expect: number }[] = [
      {
        name: 'in-process handler',
        receiver: createWebhookReceiver<undefined>({ secret: BENCH_SECRET, on: { 'follow.created': sink }, logger: false }),
        expect: 200,
      },
      // No worker takes the jobs: the figure is the add itself, what a delivery waits for.
      {
        name: 'handoff (BullMQ)',
        receiver: createWebhookReceiver<undefined>({ secret: BENCH_SECRET, handoff: bullmqHandoff({ queue }), logger: false }),
        expect: 202,
      },
    ];
    const results = new Map<string, RoundResult[]>(contenders.map(({ name }) => [name, []]));
    const template = new TextDecoder().decode(sampleBody('follow.created'));
    let sequence = 0;
    const nextDelivery = () => deliveryOf(new TextEncoder().encode(template.replace(/"id":"[^"]*"/, `"id":"bench-${sequence++}"`)));
    for (let round = 0; round < options.rounds + 1; round++) {
      for (const { name, receiver, expect } of contenders) {
        const result = await runRound(receiver, nextDelivery, expect, round === 0 ? 0.5 : options.seconds, options.concurrency);
        // Round 0 warms both up and is not counted.
        if (round > 0) results.get(name)!.push(result);
      }
      // The queue grows by every add; emptying it keeps each round's Redis the same size.
      await queue.obliterate({ force: true });
    }
    const rows = contenders.map(({ name }) => {
      const rounds = results.get(name)!;
      return [
        name,
        formatCount(median(rounds.map((r) => r.perSecond))),
        formatFigure(median(rounds.map((r) => r.p50Ms))),
        formatFigure(median(rounds.map((r) => r.p99Ms))),
      ];
    });
    return { table: { title, columns, rows }, met: true };
  } finally {
    await queue.close();
    await redis.stop();
  }
}

async function runRound(
  receiver: WebhookReceiver<undefined>,
  nextDelivery: () => ReturnType<typeof deliveryOf>,
  expected: number,
  seconds: number,
  concurrency: number,
): Promise<RoundResult> {
  const latencies: number[] = [];
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < until) {
        const delivery = nextDelivery();
        const at = performance.now();
        const result = await receiver.receive(delivery);
        latencies.push(performance.now() - at);
        if (result.status !== expected) throw new Error(`the bench delivery was answered ${result.status} ${result.code}, not ${expected}`);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (share: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * share))]!;
  return { perSecond: latencies.length / elapsed, p50Ms: at(0.5), p99Ms: at(0.99) };
}
