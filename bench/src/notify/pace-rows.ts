import { notificationBroadcaster } from '@social-webhooks/bullmq';
import { availableParallelism, loadavg } from 'node:os';
import { createClient } from 'redis';
import { hasRedisServer, startRedisProcess } from '../queue/redis-process.js';
import { formatCount } from '../support/stats.js';
import type { Table } from '../support/table.js';
import { expectedRequests, fillTokens } from './fill-tokens.js';
import { runChild } from './memory-rows.js';
import { startPacedClients, type PacedClients, type PacedFigures } from './paced-clients.js';
import { redisCpuSeconds, startWorkerProcesses, type WorkerFigures } from './worker-processes.js';

export interface PaceBenchOptions {
  /** Tokens of the broadcast. Default 1,000,000. */
  readonly tokens: number;
  /** How long each stand-in client takes to answer a request, in ms. Default 250. */
  readonly delayMs: number;
  /** BullMQ worker processes. Default 2. */
  readonly workers: number;
  /** Options given to every sender (`{ concurrency: 64 }`); the library's defaults when empty. */
  readonly settings: Readonly<Record<string, number>>;
}

const URLS = 3;
/** The goal: a million tokens in at most 60 s, scaled to the row's count. */
const GOAL_TOKENS_PER_S = 1_000_000 / 60;
const GOAL_RSS_MB = 100;
const notification = (notificationId: string) => ({
  notificationId,
  title: 'Bench',
  body: 'A broadcast',
  targetUrl: 'https://app.example.com/',
});

interface Sender {
  readonly rssGrowth: number;
  readonly rssPeak: number;
  /** The heap held once done over the heap at the start, each after a full collection (bytes). */
  readonly heapHeld: number | undefined;
  readonly cpuSeconds: number;
}

interface Row {
  readonly name: string;
  readonly seconds: number;
  readonly successful: number;
  readonly clients: PacedFigures;
  /** Each sending process's RSS growth over its start, and its CPU seconds. */
  readonly senders: readonly Sender[];
  readonly redisCpuSeconds: number;
  /** The machine's load average (1 minute) as the row ended. */
  readonly load: number;
}

/**
 * A broadcast at a real client's pace: `tokens` in a Redis store, over three stand-in client URLs
 * that answer each request after `delayMs` (in a process of their own, which counts every token it
 * receives and the requests open at once), sent through BullMQ by `workers` worker processes with the
 * Redis store and `redisNotificationLimiter`, then by `createNotifier` in one process. Each row checks
 * every token arrived exactly once in exactly ceil(tokens of the URL / 100) requests, and prints the
 * wall time, the requests in flight at most, each process's RSS growth over its start and the CPU
 * seconds of the senders, the clients and Redis.
 */
export async function paceRows(options: PaceBenchOptions): Promise<{ table: Table; met: boolean }> {
  const settings = Object.entries(options.settings).map(([name, value]) => `${name} ${value}`);
  const title =
    `Broadcasts at a client's pace: ${formatCount(options.tokens)} tokens over ${URLS} client URLs answering in ${options.delayMs} ms, ` +
    (settings.length === 0 ? "the library's defaults" : settings.join(', '));
  const columns = [
    'broadcast',
    'wall s',
    'tokens/s',
    'in flight at most: per URL (all)',
    'requests per URL (expected)',
    'tokens distinct (repeated)',
    'RSS growth MB per process (of the peak)',
    'heap held after GC MB',
    'CPU s: senders / clients / redis',
    'goal',
    'met',
  ];
  if (!hasRedisServer()) return { table: { title, columns, rows: [['skipped: redis-server is not installed']] }, met: false };
  const clients = await startPacedClients(URLS, options.delayMs);
  const redis = await startRedisProcess();
  const client = createClient({ url: `redis://127.0.0.1:${redis.port}` });
  await client.connect();
  const notes: string[] = [];
  try {
    const filling = performance.now();
    await fillTokens(client, clients.urls, options.tokens);
    notes.push(
      `Filling the Redis store took ${((performance.now() - filling) / 1000).toFixed(1)} s (pipelined, 10,000 users a round trip).`,
    );
    const queued = await bullmqRow(clients, client, redis.port, options);
    const direct = await measure(clients, client, async () => {
      const figures = await runChild(redis.port, 'bench-pace-notifier', options.settings);
      return { seconds: figures.seconds, successful: figures.successful, senders: [senderOf(figures)] };
    });
    const rows = [
      { ...queued, name: `BullMQ, ${options.workers} worker processes, Redis store and limits` },
      { ...direct, name: 'createNotifier, one process, Redis store and limits' },
    ].map((row) => cells(row, options.tokens, clients.urls));
    for (const row of [queued, direct]) notes.push(share(row, options.delayMs));
    return { table: { title, columns, rows: rows.map(({ cells }) => cells), notes }, met: rows.every(({ met }) => met) };
  } finally {
    await client.quit();
    await redis.stop();
    await clients.close();
  }
}

async function bullmqRow(clients: PacedClients, client: ReturnType<typeof createClient>, port: number, options: PaceBenchOptions) {
  const workers = await startWorkerProcesses(options.workers, port, 'bench-pace-bullmq', options.settings);
  const broadcaster = notificationBroadcaster({ connection: { host: '127.0.0.1', port } });
  try {
    return await measure(clients, client, async () => {
      const started = performance.now();
      const { id } = await broadcaster.broadcast(notification('bench-pace-bullmq'), { to: 'all' });
      let progress = await broadcaster.progress(id);
      while (progress?.done !== true) {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        progress = await broadcaster.progress(id);
      }
      const seconds = (performance.now() - started) / 1000;
      const figures = await workers.report();
      return { seconds, successful: progress.successful, senders: figures.map(senderOf) };
    });
  } finally {
    await broadcaster.close();
  }
}

function senderOf(figures: WorkerFigures): Sender {
  const { rssPeak, rssBefore, heapBefore, heapAfter, cpuSeconds } = figures;
  const heapHeld = heapBefore === undefined || heapAfter === undefined ? undefined : heapAfter - heapBefore;
  return { rssGrowth: rssPeak - rssBefore, rssPeak, heapHeld, cpuSeconds };
}

async function measure(
  clients: PacedClients,
  client: ReturnType<typeof createClient>,
  run: () => Promise<Pick<Row, 'seconds' | 'successful' | 'senders'>>,
): Promise<Omit<Row, 'name'>> {
  await clients.reset();
  const redisBefore = await redisCpuSeconds(client);
  const result = await run();
  const load = loadavg()[0]!;
  return { ...result, load, clients: await clients.figures(), redisCpuSeconds: (await redisCpuSeconds(client)) - redisBefore };
}

/**
 * What the row's processes (senders, clients, Redis) had of the machine: their CPU seconds over the
 * wall time's core-seconds; and the requests in flight on average. Far under 100% with the wall time
 * missed and far fewer in flight than allowed, the row waited for CPU that other work on the machine
 * held (its load average says how much), not for the clients.
 */
function share(row: Omit<Row, 'name'>, delayMs: number): string {
  const cpu = row.senders.reduce((sum, { cpuSeconds }) => sum + cpuSeconds, 0) + row.clients.cpuSeconds + row.redisCpuSeconds;
  const cores = availableParallelism();
  const requests = row.clients.requests.reduce((sum, count) => sum + count, 0);
  return (
    `${row.senders.length > 1 ? 'BullMQ' : 'createNotifier'}: ${cpu.toFixed(1)} CPU s over ${row.seconds.toFixed(1)} s on ${cores} cores, ` +
    `${((100 * cpu) / (row.seconds * cores)).toFixed(0)}% of the machine; load average ${row.load.toFixed(1)} as it ended; ` +
    `${((requests * delayMs) / 1000 / row.seconds).toFixed(1)} requests in flight on average (requests × ${delayMs} ms / wall time).`
  );
}

function cells(row: Row, tokens: number, urls: readonly string[]): { cells: string[]; met: boolean } {
  const expected = expectedRequests(urls, tokens);
  const { requests, distinct, duplicates, maxInFlight, maxInFlightTotal } = row.clients;
  const exact =
    requests.every((count, index) => count === expected[index]) && distinct === tokens && duplicates === 0 && row.successful === tokens;
  const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
  const flat = row.senders.every(({ rssGrowth }) => rssGrowth / 1024 / 1024 < GOAL_RSS_MB);
  const goalSeconds = tokens / GOAL_TOKENS_PER_S;
  const met = exact && flat && row.seconds <= goalSeconds;
  const senderCpu = row.senders.map(({ cpuSeconds }) => cpuSeconds.toFixed(1)).join(' + ');
  return {
    met,
    cells: [
      row.name,
      row.seconds.toFixed(1),
      formatCount(Math.round(tokens / row.seconds)),
      `${maxInFlight.join(' / ')} (${maxInFlightTotal})`,
      `${requests.join(' / ')} (${expected.join(' / ')})${exact ? '' : ' WRONG'}`,
      `${formatCount(distinct)} (${formatCount(duplicates)})`,
      row.senders.map(({ rssGrowth, rssPeak }) => `${mb(rssGrowth)} (${mb(rssPeak)})`).join(', '),
      row.senders.map(({ heapHeld }) => (heapHeld === undefined ? 'n/a' : mb(heapHeld))).join(', '),
      `${senderCpu} / ${row.clients.cpuSeconds.toFixed(1)} / ${row.redisCpuSeconds.toFixed(1)}`,
      `≤ ${goalSeconds.toFixed(0)} s, < ${GOAL_RSS_MB} MB each`,
      met ? 'yes' : 'NO',
    ],
  };
}
