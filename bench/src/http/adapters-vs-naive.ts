import type { ChildServer } from '../support/child-server.js';
import type { BenchDelivery } from '../support/payloads.js';
import { formatCount, formatFigure, median } from '../support/stats.js';
import type { Table } from '../support/table.js';
import { runWrk } from '../wrk/run-wrk.js';
import type { CpuPlan } from './cpu-plan.js';
import { describeGoal, verdicts, type Ratios } from './goals.js';
import type { Framework, Pair, RuntimeName } from './pairs.js';
import { startServer } from './start-server.js';

export interface HttpOptions {
  readonly rounds: number;
  readonly seconds: number;
  readonly connections: number;
  /** What wrk sends to every server of the table, and what the servers must be told to accept it. */
  readonly delivery: BenchDelivery;
  /** The table's pairs, before `frameworks` and `runtimes` filter them. */
  readonly pairs: readonly Pair[];
  /** Lines printed under the table. */
  readonly notes?: readonly string[];
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

/** A pair measured: the medians of each side, and the medians of the per-round ratios. */
interface Measured {
  readonly pair: Pair;
  readonly ours: RunFigures;
  readonly theirs: RunFigures;
  readonly ratios: Ratios;
}

/** How long wrk drives one pair at `rounds` rounds of `seconds` s, warm-ups included, in seconds (server starts not counted). */
export function pairSeconds(rounds: number, seconds: number): number {
  return rounds * 2 * (warmUpSeconds(seconds) + seconds);
}

const warmUpSeconds = (seconds: number) => Math.max(2, Math.ceil(seconds / 2));

/** The pairs a table runs once `--framework` and `--runtime` have filtered them. */
export function chosenPairs(options: Pick<HttpOptions, 'pairs' | 'frameworks' | 'runtimes'>): readonly Pair[] {
  return options.pairs.filter((pair) => options.frameworks.includes(pair.framework) && options.runtimes.includes(pair.runtime));
}

/**
 * One sender's table over HTTP: each pair's receiver against its route, each server in its own
 * process, driven by wrk; the two alternated (A B, B A, ...) for several rounds after a warm-up.
 * Ratios are medians of the per-round ratios: the two runs of a round saw the same machine. Each
 * row's verdict is `verdicts`' (goals.ts): on one runtime, only the fastest receiver is held to goal 2.
 */
export async function adaptersVsNaive(options: HttpOptions): Promise<{ table: Table; met: boolean }> {
  const measured: Measured[] = [];
  for (const pair of chosenPairs(options)) measured.push(await comparePair(pair, options));
  const verdictOf = verdicts(measured);
  const met = verdictOf.every((verdict) => verdict.met !== false);
  const rows = measured.map(({ pair, ours, theirs, ratios }, index) => [
    pair.label,
    describeGoal(pair),
    formatCount(ours.rps),
    formatCount(theirs.rps),
    ratios.throughput.toFixed(3),
    formatFigure(ours.p99),
    formatFigure(theirs.p99),
    ratios.p99.toFixed(2),
    `${formatFigure(ours.cpuUs)} / ${formatFigure(theirs.cpuUs)}`,
    verdictOf[index]!.text,
  ]);
  const { delivery } = options;
  return {
    table: {
      title:
        `Over HTTP on loopback, driven by wrk: the three goals (${delivery.label}, ${delivery.body.byteLength} B; ` +
        `${options.connections} connections; median of ${options.rounds} alternating ${options.seconds} s runs; ${describePlan(options.plan)})`,
      columns: [
        'receiver vs route',
        'goal',
        'ours req/s',
        'route req/s',
        'ratio',
        'ours p99 ms',
        'route p99 ms',
        'p99 ratio',
        'server CPU µs/req (ours / route)',
        'verdict',
      ],
      rows,
      notes: options.notes ?? [],
    },
    met,
  };
}

/**
 * Two servers, alternated: the medians of each side and of the per-round ratios. Each round starts
 * both servers afresh and warms them up: one process of a runtime can run faster or slower than the
 * next for its whole life (where its JIT and memory settle; the same Deno server measured 75,000
 * req/s in one process and 94,000 in another), which a pair of long-lived processes would report
 * as the servers' own difference.
 */
async function comparePair(pair: Pair, options: HttpOptions): Promise<Measured> {
  const drive = (server: ChildServer, seconds: number) => driveServer(pair.label, server, seconds, options);
  const env = options.delivery.serverEnv;
  const rounds: [RunFigures, RunFigures][] = [];
  for (let round = 0; round < options.rounds; round++) {
    const servers = [
      await startServer(pair.adapter, options.plan?.serverCpu, env),
      await startServer(pair.naive, options.plan?.serverCpu, env),
    ] as const;
    try {
      // Warm-up: the JIT compiles the hot path before anything is counted.
      for (const server of servers) await drive(server, warmUpSeconds(options.seconds));
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
  const side = (index: 0 | 1): RunFigures => ({
    rps: median(rounds.map((round) => round[index].rps)),
    p99: median(rounds.map((round) => round[index].p99)),
    cpuUs: median(rounds.map((round) => round[index].cpuUs)),
  });
  const ratioOf = (key: keyof RunFigures) => median(rounds.map(([a, b]) => a[key] / b[key]));
  return { pair, ours: side(0), theirs: side(1), ratios: { throughput: ratioOf('rps'), p99: ratioOf('p99') } };
}

/** One wrk run against `server`: its throughput, its p99, and the server's CPU time per request. A non-2xx answer fails the run. */
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
