import type { EventName } from '@social-webhooks/core';
import { startChildServer, type ChildServer } from '../support/child-server.js';
import { driveLoad, type LoadRun } from '../support/drive-load.js';
import { BENCH_SECRET, HEADER, sampleBody } from '../support/payloads.js';
import { formatCount, formatFigure, median } from '../support/stats.js';
import type { Table } from '../support/table.js';
import type { ServerVariant } from './server-variants.js';

/** Issue 3's goals: at least 0.95 of the naive route's throughput, p99 at most 1.1 times its p99. */
export const THROUGHPUT_GOAL = 0.95;
export const P99_GOAL = 1.1;

const PAIRS: readonly { label: string; adapter: ServerVariant; naive: ServerVariant }[] = [
  { label: 'Express', adapter: 'express-adapter', naive: 'express-naive' },
  { label: 'Hono', adapter: 'hono-adapter', naive: 'hono-naive' },
  { label: 'core Web handler', adapter: 'web-handler', naive: 'web-bare' },
];

export interface HttpOptions {
  readonly rounds: number;
  readonly seconds: number;
  readonly connections: number;
  readonly eventName: EventName;
}

/**
 * Section 2: each adapter against the hand-written route on the same framework, each server in its
 * own child process, the two alternated (A B, B A, ...) for several rounds after a warm-up.
 */
export async function adaptersVsNaive(options: HttpOptions): Promise<{ table: Table; met: boolean }> {
  const body = sampleBody(options.eventName);
  const headers = { 'content-type': 'application/json', [HEADER]: BENCH_SECRET };
  const rows: string[][] = [];
  let met = true;
  for (const pair of PAIRS) {
    const servers = [await start(pair.adapter), await start(pair.naive)] as const;
    try {
      const runs: [LoadRun[], LoadRun[]] = [[], []];
      const drive = (server: ChildServer, seconds: number) =>
        driveLoad({ url: `${server.origin}/webhook`, headers, body, connections: options.connections, seconds });
      for (const server of servers) await drive(server, Math.max(2, Math.ceil(options.seconds / 2)));
      for (let round = 0; round < options.rounds; round++) {
        for (const side of round % 2 === 0 ? ([0, 1] as const) : ([1, 0] as const)) {
          const run = await drive(servers[side]!, options.seconds);
          if (run.errors > 0 || run.non2xx > 0) {
            throw new Error(`${pair.label} ${side === 0 ? 'adapter' : 'naive'}: ${run.errors} errors, ${run.non2xx} non-2xx answers`);
          }
          runs[side].push(run);
        }
      }
      const [adapter, naive] = runs.map((list) => ({
        rps: median(list.map((run) => run.requestsPerSecond)),
        p99: median(list.map((run) => run.p99Ms)),
      })) as [{ rps: number; p99: number }, { rps: number; p99: number }];
      const throughput = adapter.rps / naive.rps;
      const latency = adapter.p99 / naive.p99;
      const pairMet = throughput >= THROUGHPUT_GOAL && latency <= P99_GOAL;
      met &&= pairMet;
      rows.push([
        pair.label,
        formatCount(adapter.rps),
        formatCount(naive.rps),
        throughput.toFixed(3),
        formatFigure(adapter.p99),
        formatFigure(naive.p99),
        latency.toFixed(2),
        pairMet ? 'met' : 'MISSED',
      ]);
    } finally {
      for (const server of servers) await server.stop();
    }
  }
  return {
    table: {
      title:
        `Over HTTP on loopback: adapter vs hand-written route (${options.eventName} envelope, ${body.byteLength} B; ` +
        `${options.connections} connections; median of ${options.rounds} alternating ${options.seconds} s runs)`,
      columns: ['framework', 'adapter req/s', 'naive req/s', 'ratio', 'adapter p99 ms', 'naive p99 ms', 'p99 ratio', `goal >= ${THROUGHPUT_GOAL}, <= ${P99_GOAL}x`],
      rows,
    },
    met,
  };
}

// The child runs this same entry script in its `serve` mode (see bench.ts).
function start(variant: ServerVariant): Promise<ChildServer> {
  return startChildServer(process.argv[1]!, { args: ['serve', variant], ready: /^listening (\d+)$/ });
}
