import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { createClient } from 'redis';
import { formatCount } from '../support/stats.js';
import type { FastClients } from './fast-clients.js';
import { checkRequests, expectedRequests, fillTokens } from './fill-tokens.js';

const CHILD = fileURLToPath(new URL('./notify-memory.js', import.meta.url));
const GOAL_RSS_MB = 100;

export interface ChildFigures {
  readonly seconds: number;
  readonly cpuSeconds: number;
  readonly successful: number;
  readonly rssBefore: number;
  readonly rssPeak: number;
  /** The heap in use after a full collection at the start and once done (bytes; `--expose-gc`). */
  readonly heapBefore?: number;
  readonly heapAfter?: number;
}

/**
 * The memory rows: for each count, a Redis store of that many tokens broadcast by `createNotifier`
 * with the Redis limits in a process of its own (`dist/notify-memory.js`, started connected and idle),
 * its resident memory's peak over its start. The goal is held by the largest count; the smaller one
 * says whether the growth is flat in the number of tokens. Each row checks every URL got exactly
 * ceil(its tokens / 100) requests and every token was delivered.
 */
export async function memoryRows(
  clients: FastClients,
  client: ReturnType<typeof createClient>,
  redisPort: number,
  counts: readonly number[],
): Promise<{ rows: string[][]; met: boolean }> {
  const rows: string[][] = [];
  let met = true;
  const largest = Math.max(...counts);
  for (const count of counts) {
    await client.flushAll();
    await fillTokens(client, clients.urls, count);
    await clients.reset();
    const figures = await runChild(redisPort, `bench-memory-${count}`);
    const requests = await clients.requests();
    const expected = expectedRequests(clients.urls, count);
    const { exact, cell } = checkRequests(requests, expected, figures.successful, count);
    const mb = (figures.rssPeak - figures.rssBefore) / 1024 / 1024;
    const judged = count === largest;
    const ok = exact && (!judged || mb < GOAL_RSS_MB);
    met = ok && met;
    rows.push([
      'createNotifier, Redis store and limits, a process of its own',
      formatCount(count),
      formatCount(Math.round(count / figures.seconds)),
      formatCount(Math.round(count / figures.cpuSeconds)),
      cell,
      `${mb.toFixed(1)} (of ${(figures.rssPeak / 1024 / 1024).toFixed(0)})`,
      judged ? `< ${GOAL_RSS_MB} MB` : '',
      ok ? 'yes' : 'NO',
    ]);
  }
  return { rows, met };
}

/** Runs `dist/notify-memory.js`: a broadcast of the Redis store by createNotifier in a process of its own, with `options` passed on. */
export function runChild(redisPort: number, prefix: string, options: object = {}): Promise<ChildFigures> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--expose-gc', CHILD, String(redisPort), prefix, JSON.stringify(options)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code === 0) resolve(JSON.parse(output) as ChildFigures);
      else reject(new Error(`the notify memory child exited with ${code}: ${output}`));
    });
  });
}
