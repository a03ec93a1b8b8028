import type { ChildServer } from '../support/child-server.js';
import type { BenchDelivery } from '../support/payloads.js';
import { formatCount, formatFigure, median } from '../support/stats.js';
import type { Table } from '../support/table.js';
import { runWrk } from '../wrk/run-wrk.js';
import type { CpuPlan } from './cpu-plan.js';
import { CONTRACT_FLOOR_PAIRS, CONTRACT_PAIRS, NODE_CEILING, type Framework, type Pair, type RuntimeName } from './pairs.js';
import { startServer } from './start-server.js';
import type { ServerSpec } from './servers/server-names.js';

/** The goals: at least the hand-written route's throughput, p99 at most 1.1 times its p99. */
export const THROUGHPUT_GOAL = 1;
export const P99_GOAL = 1.1;
/** On Node, the fastest receiver against bare node:http + JSON.parse. */
export const NODE_CEILING_GOAL = 0.85;
/** The Node receivers that may be the fastest, each compared with the ceiling. */
const CEILING_CANDIDATES: ReadonlySet<string> = new Set(['web-handler', 'hono-adapter', 'node-adapter']);

export interface HttpOptions {
  readonly rounds: number;
  readonly seconds: number;
  readonly connections: number;
  /** What wrk sends to every server of the table. */
  readonly delivery: BenchDelivery;
  /** The pairs that count towards the goal, before `frameworks` and `runtimes` filter them. */
  readonly pairs: readonly Pair[];
  /** Whether the table adds the contract rows and the Node ceiling (the founding sender's tables). */
  readonly informativeRows: boolean;
  readonly frameworks: readonly Framework[];
  readonly runtimes: readonly RuntimeName[];
  readonly plan: CpuPlan | undefined;
}

/** One wrk run's figures, and the server's own CPU time per request. */
interface RunFigures {
  readonly rps: number;
  readonly p99: number;
  readonly cpuUs: number;
}

/**
 * Section 2: on every runtime, each receiver against the hand-written route on the same framework,
 * each server in its own process, driven by wrk; the two alternated (A B, B A, ...) for several
 * rounds after a warm-up. Ratios are medians of the per-round ratios: the two runs of a round saw
 * the same machine. On Node, the receivers are also compared with bare node:http + JSON.parse.
 */
export async function adaptersVsNaive(options: HttpOptions): Promise<{ table: Table; met: boolean }> {
  const { body } = options.delivery;
  const rows: string[][] = [];
  let met = true;
  const pairs = options.pairs.filter((pair) => options.frameworks.includes(pair.framework) && options.runtimes.includes(pair.runtime));
  // The rows of pairs whose hand-written route is the ceiling itself (the node:http listener's).
  const againstCeiling = new Map<string, { row: string[]; ratio: number }>();
  for (const pair of pairs) {
    const { row, pairMet, ratio } = await comparePair(pair.label, pair.adapter, pair.naive, options);
    rows.push(row);
    met &&= pairMet;
    if (pair.naive.runtime === NODE_CEILING.runtime && pair.naive.app === NODE_CEILING.app)
      againstCeiling.set(pair.adapter.app, { row, ratio });
  }
  // Not counted in `met`: these rows say where a miss against the bare route comes from.
  for (const pair of [...CONTRACT_PAIRS, ...CONTRACT_FLOOR_PAIRS].filter(
    (contract) => options.informativeRows && options.frameworks.includes('web') && options.runtimes.includes(contract.runtime),
  )) {
    rows.push((await comparePair(pair.label, pair.adapter, pair.naive, options)).row);
  }
  if (options.informativeRows && options.runtimes.includes('node')) {
    // The fastest Node receiver against the ceiling; the candidates are the Web handler, Hono and
    // the node:http listener (whose own pair already ran against the ceiling: its row is reused).
    const fastest = pairs.filter((pair) => pair.runtime === 'node').map((pair) => pair.adapter);
    for (const adapter of fastest.filter((spec) => CEILING_CANDIDATES.has(spec.app))) {
      const label = `Node, ${adapter.app} vs bare node:http + JSON.parse`;
      const { row, ratio } = againstCeiling.get(adapter.app) ?? (await comparePair(label, adapter, NODE_CEILING, options));
      rows.push([
        label,
        ...row.slice(1, -1),
        ratio >= NODE_CEILING_GOAL ? `met (>= ${NODE_CEILING_GOAL})` : `MISSED (< ${NODE_CEILING_GOAL})`,
      ]);
    }
  }
  return {
    table: {
      title:
        `Over HTTP on loopback, driven by wrk: receiver vs hand-written route (${options.delivery.label}, ${body.byteLength} B; ` +
        `${options.connections} connections; median of ${options.rounds} alternating ${options.seconds} s runs; ${describePlan(options.plan)})`,
      columns: [
        'runtime and framework',
        'ours req/s',
        'hand-written req/s',
        'ratio',
        'ours p99 ms',
        'hand-written p99 ms',
        'p99 ratio',
        'server CPU µs/req (ours / hand-written)',
        `goal >= ${THROUGHPUT_GOAL}, p99 <= ${P99_GOAL}x`,
      ],
      rows,
    },
    met,
  };
}

/**
 * Two servers, alternated; their table row, whether the pair met the goals, and the throughput
 * ratio. Each round starts both servers afresh and warms them up: one process of a runtime can run
 * faster or slower than the next for its whole life (where its JIT and memory settle; the same
 * Deno server measured 75,000 req/s in one process and 94,000 in another), which a pair of
 * long-lived processes would report as the servers' own difference.
 */
async function comparePair(label: string, ours: ServerSpec, theirs: ServerSpec, options: HttpOptions) {
  const drive = (server: ChildServer, seconds: number) => driveServer(label, server, seconds, options);
  const rounds: [RunFigures, RunFigures][] = [];
  for (let round = 0; round < options.rounds; round++) {
    const servers = [await startServer(ours, options.plan?.serverCpu), await startServer(theirs, options.plan?.serverCpu)] as const;
    try {
      // Warm-up: the JIT compiles the hot path before anything is counted.
      for (const server of servers) await drive(server, Math.max(2, Math.ceil(options.seconds / 2)));
      // The order alternates, so neither side always runs on a machine the other just warmed.
      if (round % 2 === 0) {
        const a = await drive(servers[0], options.seconds);
        rounds.push([a, await drive(servers[1], options.seconds)]);
      } else {
        const b = await drive(servers[1], options.seconds);
        rounds.push([await drive(servers[0], options.seconds), b]);
      }
    } finally {
      for (const server of servers) await server.stop();
    }
  }
  const side = (index: 0 | 1, key: keyof RunFigures) => median(rounds.map((round) => round[index][key]));
  const ratioOf = (key: keyof RunFigures) => median(rounds.map(([a, b]) => a[key] / b[key]));
  const ratio = ratioOf('rps');
  const latency = ratioOf('p99');
  const pairMet = ratio >= THROUGHPUT_GOAL && latency <= P99_GOAL;
  const row = [
    label,
    formatCount(side(0, 'rps')),
    formatCount(side(1, 'rps')),
    ratio.toFixed(3),
    formatFigure(side(0, 'p99')),
    formatFigure(side(1, 'p99')),
    latency.toFixed(2),
    `${formatFigure(side(0, 'cpuUs'))} / ${formatFigure(side(1, 'cpuUs'))}`,
    pairMet ? 'met' : 'MISSED',
  ];
  return { row, pairMet, ratio };
}

/** One wrk run against `server`: its throughput, its p99, and the server's CPU time per request. */
async function driveServer(label: string, server: ChildServer, seconds: number, options: HttpOptions): Promise<RunFigures> {
  const cpuBefore = server.cpuMs() ?? 0;
  const run = await runWrk({
    url: `${server.origin}/webhook`,
    headers: options.delivery.headers,
    body: options.delivery.body,
    connections: options.connections,
    seconds,
    cpu: options.plan?.loadCpu,
  });
  if (run.errors > 0 || run.non2xx > 0)
    throw new Error(`${label}: ${run.errors} socket errors, ${run.non2xx} non-2xx answers from ${server.origin}`);
  if (run.timeouts > 0) console.warn(`${label}: ${run.timeouts} requests took over 10 s (a loaded machine?)`);
  return { rps: run.requestsPerSecond, p99: run.p99Ms, cpuUs: (((server.cpuMs() ?? 0) - cpuBefore) * 1000) / run.total };
}

function describePlan(plan: CpuPlan | undefined): string {
  return plan === undefined
    ? 'processes not pinned (taskset unavailable or a single core)'
    : `wrk pinned to CPU ${plan.loadCpu}, each server to CPU ${plan.serverCpu} (taskset)`;
}
