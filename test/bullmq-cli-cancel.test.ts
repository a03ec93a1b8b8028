import { readFileSync } from 'node:fs';
import { notificationBroadcaster, notificationWorker } from '@social-webhooks/bullmq';
import { runCli, type CliIo } from '@social-webhooks/cli';
import { memoryTokenStore } from '@social-webhooks/core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { finished } from './support/broadcast-finished.js';
import { startNotificationClient } from './support/notification-client.js';
import { pollUntil } from './support/queue-processes.js';
import { redisConnection } from './support/redis-connection.js';
import { startRedis, type RedisServer } from './support/redis-server.js';
import { fillTokens, range } from './support/token-fill.js';

// `notify --queue NAME [--at TIME]` and `cancel ID`: broadcasts queued from the command line for the
// app's notificationWorkers, on a real redis-server and real BullMQ (5, and 6 under the current
// peers), sent to a stand-in client that takes each request 100 to 200 ms late.
const message = ['--title', 'Sale', '--body', 'Ends at 6', '--target-url', 'https://app.example.com/sale'];

let redis: RedisServer;
let queueSerial = 0;
const open: { close(): Promise<unknown> }[] = [];
beforeAll(async () => {
  redis = await startRedis();
});
afterEach(async () => {
  for (const item of open.splice(0).reverse()) await item.close();
});
afterAll(async () => {
  await redis?.stop();
});

async function cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const out = { stdout: '', stderr: '' };
  const io: CliIo = { stdout: (t) => void (out.stdout += t), stderr: (t) => void (out.stderr += t), env: {}, cwd: process.cwd() };
  const code = await runCli(args, io);
  return { code, ...out };
}

async function setUp(users: number, slowRequests: number) {
  const client = await startNotificationClient();
  open.push(client);
  for (let index = 0; index < slowRequests; index++) client.fault({ count: 1, delayMs: 100 + ((index * 37) % 101) });
  const store = memoryTokenStore();
  await fillTokens(store, client, range(users));
  const queueName = `cli-cancel-${++queueSerial}`;
  const connection = redisConnection(redis.url);
  const broadcaster = notificationBroadcaster({ connection, queueName, logger: false });
  open.push(broadcaster);
  const startWorker = () =>
    open.push(notificationWorker({ connection, queueName, store, logger: false, concurrency: 4, retryDelayMs: 10 }));
  const queue = ['--redis', redis.url, '--queue', queueName];
  return { client, broadcaster, startWorker, queue };
}

describe('notify --queue and cancel', () => {
  it('queues a broadcast for later with --at; cancel removes it before any worker starts it: nothing is sent', async () => {
    const { client, broadcaster, startWorker, queue } = await setUp(150, 0);
    const at = new Date(Date.now() + 60_000).toISOString();
    const queued = await cli(['notify', ...queue, '--at', at, '--all', '--id', 'sale-later', ...message, '--json']);
    expect(queued.code, queued.stderr).toBe(0);
    const { queued: result } = JSON.parse(queued.stdout) as { queued: { id: string; added: boolean; scheduledAt: string } };
    expect(result).toMatchObject({ id: 'sale-later', added: true, existing: false, scheduledAt: at });
    expect(await broadcaster.progress(result.id)).toMatchObject({ scheduledAt: Date.parse(at), done: false });

    const cancelled = await cli(['cancel', result.id, ...queue, '--json']);
    expect(cancelled.code, cancelled.stderr).toBe(0);
    expect(JSON.parse(cancelled.stdout)).toMatchObject({ id: result.id, cancelled: 'not-started' });
    const again = await cli(['cancel', result.id, ...queue]);
    expect(again).toMatchObject({ code: 0 });
    expect(again.stdout).toContain('sale-later: cancelled-already');
    startWorker();
    expect(await finished(broadcaster, result.id)).toMatchObject({ planned: 0, successful: 0, done: true });
    expect(client.requests).toEqual([]);
    expect(await cli(['cancel', 'never-queued', ...queue])).toMatchObject({ code: 1 });
  });

  it('stops a broadcast the workers are sending: the client takes nothing after cancel exits, sent + cancelled = planned', async () => {
    const { client, broadcaster, startWorker, queue } = await setUp(2_000, 40);
    startWorker();
    const queued = await cli(['notify', ...queue, '--all', '--id', 'sale-now', ...message]);
    expect(queued.code, queued.stderr).toBe(0);
    expect(queued.stdout).toContain('Queued as broadcast sale-now');
    await pollUntil(
      async () => client.requests.length,
      (count) => count >= 3,
      20_000,
    );
    const cancelled = await cli(['cancel', 'sale-now', ...queue]);
    const returned = Date.now();
    expect(cancelled.code, cancelled.stderr).toBe(0);
    expect(cancelled.stdout).toContain('sale-now: stopped');
    const progress = await finished(broadcaster, 'sale-now');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(client.requests.filter((request) => request.at > returned)).toEqual([]);
    expect(progress.successful).toBe(client.requests.reduce((sum, request) => sum + request.tokens, 0));
    expect(progress.cancelled).toBeGreaterThan(0);
    expect(progress.successful + progress.cancelled).toBe(progress.planned);
  });

  it("the CLI README's two commands, run as written on a queue of their own: queued, then cancelled before any worker", async () => {
    const { client, broadcaster, startWorker } = await setUp(20, 0);
    const queueName = `cli-cancel-${queueSerial}`;
    const text = readFileSync(new URL('../packages/cli/README.md', import.meta.url), 'utf8').replace(/ \\\n\s*/g, ' ');
    // The queue's two; `cancel … --records` is createBroadcasts' (redis-cli-cancel-records.test.ts runs it).
    const lines = text.split('\n').filter((line) => /^social-webhooks (notify --redis \S+ --queue|cancel (?!.*--records))/.test(line));
    expect(lines).toHaveLength(2);
    const argv = (line: string) =>
      [...line.matchAll(/'([^']*)'|"([^"]*)"|(\S+)/g)]
        .map(([, single, double, bare]) => single ?? double ?? bare!)
        .slice(1)
        .map((arg) => (arg === 'redis://127.0.0.1:6379' ? redis.url : arg === 'notifications' ? queueName : arg));
    const queued = await cli(argv(lines[0]!));
    expect(queued.code, queued.stderr).toBe(0);
    expect(queued.stdout).toContain('Queued as broadcast launch-2026-11-28');
    const cancelled = await cli(argv(lines[1]!));
    expect(cancelled.code, cancelled.stderr).toBe(0);
    expect(cancelled.stdout).toContain('launch-2026-11-28: not-started');
    startWorker();
    expect(await finished(broadcaster, 'launch-2026-11-28')).toMatchObject({ planned: 0, done: true });
    expect(client.requests).toEqual([]);
  });

  it('refuses --at without --queue, --queue without --redis, and the flags of a send in this process', async () => {
    const base = ['notify', '--all', '--id', 'sale-refused', ...message];
    const refusals: [string[], RegExp][] = [
      [['--redis', redis.url, '--at', '2026-12-01T09:00:00Z'], /--at queues the broadcast .* --queue NAME/],
      [['--queue', 'notifications'], /--queue NAME needs --redis URL/],
      [['--redis', redis.url, '--queue', 'notifications', '--concurrency', '4'], /--concurrency is for a send in this process/],
      [['--redis', redis.url, '--queue', 'notifications', '--at', 'tomorrow'], /--at expects an ISO time with its zone/],
    ];
    for (const [flags, pattern] of refusals) {
      const run = await cli([...base, ...flags]);
      expect(run.code, flags.join(' ')).toBe(2);
      expect(run.stderr).toMatch(pattern);
    }
    expect(await cli(['cancel', 'x', '--redis', 'http://127.0.0.1:1'])).toMatchObject({ code: 2 });
    // An empty ID ("$ID" unset) is a usage error, not "Redis failed" (it was exit 4).
    const empty = await cli(['cancel', '', '--redis', redis.url]);
    expect(empty).toMatchObject({ code: 2, stdout: '' });
    expect(empty.stderr).toMatch(/ID is empty/);
  });
});
