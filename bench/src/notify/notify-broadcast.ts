import { notificationBroadcaster, notificationWorker } from '@social-webhooks/bullmq';
import { createNotifier, memoryTokenStore } from '@social-webhooks/core';
import { redisNotificationLimiter, redisTokenStore } from '@social-webhooks/redis';
import { createClient } from 'redis';
import { hasRedisServer, startRedisProcess } from '../queue/redis-process.js';
import { formatCount } from '../support/stats.js';
import type { Table } from '../support/table.js';
import { startFastClients, type FastClients } from './fast-clients.js';
import { checkRequests, expectedRequests, fillTokens } from './fill-tokens.js';
import { memoryRows } from './memory-rows.js';

export interface NotifyBenchOptions {
  /** Tokens of the throughput rows. Default 100,000. */
  readonly tokens: number;
  /** Tokens of the memory row. Default 1,000,000. */
  readonly memoryTokens: number;
}

const GOAL_IN_PROCESS = 50_000;
const GOAL_BULLMQ = 20_000;
const URLS = 3;
const notification = (notificationId: string) => ({
  notificationId,
  title: 'Bench',
  body: 'A broadcast',
  targetUrl: 'https://app.example.com/',
});

/**
 * A broadcast to local stand-in clients (three URLs, every token answered successful, in a process of
 * their own): tokens per second end to end with `createNotifier` in this process, and through BullMQ
 * (`notificationBroadcaster` and one in-process `notificationWorker`) with a Redis token store and
 * `redisNotificationLimiter`; each row checks that every URL got exactly ceil(its tokens / 100)
 * requests. Then the memory rows ({@link memoryRows}): a Redis store of `tokens`, then of
 * `memoryTokens`, broadcast in a process of its own, its resident memory's peak over its start.
 * Tokens per CPU second (the sending process's; the clients' and Redis's not) says what a row costs
 * on a machine that other work shares, where tokens per second says little.
 */
export async function notifyBroadcast(options: NotifyBenchOptions): Promise<{ table: Table; met: boolean }> {
  const title = `Notification broadcasts: ${formatCount(options.tokens)} tokens over ${URLS} client URLs to local stand-in clients, and a ${formatCount(options.memoryTokens)}-token Redis store's memory`;
  const columns = ['broadcast', 'tokens', 'tokens/s', 'tokens per CPU s', 'requests per URL (expected)', 'RSS growth MB', 'goal', 'met'];
  const rows: string[][] = [];
  let met = true;
  const clients = await startFastClients(URLS);
  try {
    const expected = expectedRequests(clients.urls, options.tokens);

    // One process: the memory store and limiter, createNotifier's default concurrency.
    const memory = memoryTokenStore();
    for (let fid = 1; fid <= options.tokens; fid++)
      await memory.save({ fid, appFid: 9152, url: clients.urls[fid % URLS]!, token: `bench-token-${fid}` });
    const inProcess = await timed(clients, () =>
      createNotifier({ store: memory, logger: false }).send(notification('bench-1'), { to: 'all' }),
    );
    met = row(rows, 'createNotifier, one process', options.tokens, inProcess, expected, GOAL_IN_PROCESS) && met;

    if (!hasRedisServer()) {
      rows.push(['BullMQ and memory rows skipped: redis-server is not installed', '', '', '', '', '', '', '']);
      return { table: { title, columns, rows }, met };
    }
    const redis = await startRedisProcess();
    const client = createClient({ url: `redis://127.0.0.1:${redis.port}` });
    await client.connect();
    try {
      await fillTokens(client, clients.urls, options.tokens);
      const connection = { host: '127.0.0.1', port: redis.port };
      const store = redisTokenStore({ client });
      const worker = notificationWorker({
        connection,
        store,
        limiter: redisNotificationLimiter({ client }),
        concurrency: 16,
        logger: false,
      });
      const broadcaster = notificationBroadcaster({ connection });
      try {
        await worker.worker.waitUntilReady();
        const queued = await timed(clients, async () => {
          const { id } = await broadcaster.broadcast(notification('bench-2'), { to: 'all' });
          for (;;) {
            const progress = await broadcaster.progress(id);
            if (progress?.done === true) return progress;
            await new Promise((resolve) => setTimeout(resolve, 20));
          }
        });
        met = row(rows, 'BullMQ worker, Redis store and limits', options.tokens, queued, expected, GOAL_BULLMQ) && met;
      } finally {
        await broadcaster.close();
        await worker.close();
      }

      const memory = await memoryRows(clients, client, redis.port, [options.tokens, options.memoryTokens]);
      rows.push(...memory.rows);
      met = memory.met && met;
    } finally {
      await client.quit();
      await redis.stop();
    }
  } finally {
    await clients.close();
  }
  return { table: { title, columns, rows }, met };
}

interface Timed {
  readonly seconds: number;
  /** CPU time of this process (user and system, every thread) over the run: the clients run in a process of their own. */
  readonly cpuSeconds: number;
  readonly successful: number;
  readonly requests: number[];
}

async function timed(clients: FastClients, run: () => Promise<{ successful: number }>): Promise<Timed> {
  await clients.reset();
  const started = performance.now();
  const cpu = process.cpuUsage();
  const { successful } = await run();
  const seconds = (performance.now() - started) / 1000;
  const { user, system } = process.cpuUsage(cpu);
  return { seconds, cpuSeconds: (user + system) / 1e6, successful, requests: await clients.requests() };
}

function row(rows: string[][], name: string, tokens: number, result: Timed, expected: number[], goal: number): boolean {
  const perSecond = tokens / result.seconds;
  const { exact, cell } = checkRequests(result.requests, expected, result.successful, tokens);
  const ok = perSecond >= goal && exact;
  rows.push([
    name,
    formatCount(tokens),
    formatCount(Math.round(perSecond)),
    formatCount(Math.round(tokens / result.cpuSeconds)),
    cell,
    '',
    `≥ ${formatCount(goal)}/s`,
    ok ? 'yes' : 'NO',
  ]);
  return ok;
}
