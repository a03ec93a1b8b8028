import type { EventName } from '@social-webhooks/core';
import { startChildServer, type ChildServer } from '../support/child-server.js';
import { driveLoad } from '../support/drive-load.js';
import { describePlan, pin, pinLoadGenerator, releaseLoadGenerator, type CpuPlan } from '../support/pin-cpu.js';
import { BENCH_SECRET, HEADER, sampleBody } from '../support/payloads.js';
import { formatCount, formatFigure, median } from '../support/stats.js';
import type { Table } from '../support/table.js';
import type { ServerVariant } from './server-variants.js';

/** Issue 3's goals: at least 0.95 of the naive route's throughput, p99 at most 1.1 times its p99. */
export const THROUGHPUT_GOAL = 0.95;
export const P99_GOAL = 1.1;

/** The frameworks compared, as `--framework` names them. */
export const FRAMEWORKS = ['express', 'hono', 'web', 'fastify', 'node'] as const;
export type Framework = (typeof FRAMEWORKS)[number];

interface Pair {
  readonly framework: Framework;
  readonly label: string;
  readonly adapter: ServerVariant;
  readonly naive: ServerVariant;
}

const PAIRS: readonly Pair[] = [
  { framework: 'express', label: 'Express', adapter: 'express-adapter', naive: 'express-naive' },
  { framework: 'hono', label: 'Hono', adapter: 'hono-adapter', naive: 'hono-naive' },
  { framework: 'web', label: 'core Web handler', adapter: 'web-handler', naive: 'web-bare' },
  { framework: 'fastify', label: 'Fastify', adapter: 'fastify-adapter', naive: 'fastify-naive' },
  { framework: 'node', label: 'node:http', adapter: 'node-adapter', naive: 'node-naive' },
];

export interface HttpOptions {
  readonly rounds: number;
  readonly seconds: number;
  readonly connections: number;
  readonly eventName: EventName;
  /** The frameworks to compare. Default: all. */
  readonly frameworks?: readonly Framework[];
}

/** One run's figures: throughput, tail latency, and the server's own CPU time per request. */
interface RunFigures {
  readonly rps: number;
  readonly p99: number;
  readonly cpuUs: number;
}

/**
 * Section 2: each adapter against the hand-written route on the same framework, each server in its
 * own child process, the two alternated (A B, B A, ...) for several rounds after a warm-up. Ratios
 * are medians of the per-round ratios: the two runs of a round saw the same machine.
 */
export async function adaptersVsNaive(options: HttpOptions): Promise<{ table: Table; met: boolean }> {
  const body = sampleBody(options.eventName);
  const rows: string[][] = [];
  let met = true;
  const plan = pinLoadGenerator();
  try {
    for (const pair of PAIRS.filter(({ framework }) => options.frameworks?.includes(framework) ?? true)) {
      const { row, pairMet } = await comparePair(pair, plan, body, options);
      rows.push(row);
      met &&= pairMet;
    }
  } finally {
    releaseLoadGenerator(plan);
  }
  return {
    table: {
      title:
        `Over HTTP on loopback: adapter vs hand-written route (${options.eventName} envelope, ${body.byteLength} B; ` +
        `${options.connections} connections; median of ${options.rounds} alternating ${options.seconds} s runs; ${describePlan(plan)})`,
      columns: [
        'framework',
        'adapter req/s',
        'naive req/s',
        'ratio',
        'adapter p99 ms',
        'naive p99 ms',
        'p99 ratio',
        'server CPU µs/req (adapter / naive)',
        `goal >= ${THROUGHPUT_GOAL}, p99 <= ${P99_GOAL}x`,
      ],
      rows,
    },
    met,
  };
}

/** One framework's adapter and naive route, alternated; its table row and whether it met the goals. */
async function comparePair(
  pair: Pair,
  plan: CpuPlan | undefined,
  body: Uint8Array,
  options: HttpOptions,
): Promise<{ row: string[]; pairMet: boolean }> {
  const headers = { 'content-type': 'application/json', [HEADER]: BENCH_SECRET };
  const servers = [await start(pair.adapter, plan), await start(pair.naive, plan)] as const;
  try {
    const drive = async (server: ChildServer, seconds: number): Promise<RunFigures> => {
      const cpuBefore = server.cpuMs() ?? 0;
      const run = await driveLoad({ url: `${server.origin}/webhook`, headers, body, connections: options.connections, seconds });
      if (run.errors > 0 || run.non2xx > 0) {
        throw new Error(`${pair.label}: ${run.errors} errors, ${run.non2xx} non-2xx answers from ${server.origin}`);
      }
      return { rps: run.requestsPerSecond, p99: run.p99Ms, cpuUs: (((server.cpuMs() ?? 0) - cpuBefore) * 1000) / run.total };
    };
    for (const server of servers) await drive(server, Math.max(2, Math.ceil(options.seconds / 2)));
    const rounds: [RunFigures, RunFigures][] = [];
    for (let round = 0; round < options.rounds; round++) {
      // The order alternates, so neither side always runs on a machine the other just warmed.
      if (round % 2 === 0) {
        const adapter = await drive(servers[0], options.seconds);
        rounds.push([adapter, await drive(servers[1], options.seconds)]);
      } else {
        const naive = await drive(servers[1], options.seconds);
        rounds.push([await drive(servers[0], options.seconds), naive]);
      }
    }
    const side = (index: 0 | 1, key: keyof RunFigures) => median(rounds.map((round) => round[index][key]));
    const ratio = (key: keyof RunFigures) => median(rounds.map(([adapter, naive]) => adapter[key] / naive[key]));
    const throughput = ratio('rps');
    const latency = ratio('p99');
    const pairMet = throughput >= THROUGHPUT_GOAL && latency <= P99_GOAL;
    const row = [
      pair.label,
      formatCount(side(0, 'rps')),
      formatCount(side(1, 'rps')),
      throughput.toFixed(3),
      formatFigure(side(0, 'p99')),
      formatFigure(side(1, 'p99')),
      latency.toFixed(2),
      `${formatFigure(side(0, 'cpuUs'))} / ${formatFigure(side(1, 'cpuUs'))}`,
      pairMet ? 'met' : 'MISSED',
    ];
    return { row, pairMet };
  } finally {
    for (const server of servers) await server.stop();
  }
}

// The child runs this same entry script in its `serve` mode (see bench.ts), on the servers' CPU.
async function start(variant: ServerVariant, plan: CpuPlan | undefined): Promise<ChildServer> {
  const server = await startChildServer(process.argv[1]!, { args: ['serve', variant], ready: /^listening (\d+)$/ });
  if (plan !== undefined) pin(server.pid, plan.serverCpu);
  return server;
}
