import { BENCH_SECRET, HEADER, sampleBody } from '../support/payloads.js';
import { formatCount, formatFigure, median } from '../support/stats.js';
import type { Table } from '../support/table.js';
import { runWrk } from '../wrk/run-wrk.js';
import type { CpuPlan } from './cpu-plan.js';
import { startServer } from './start-server.js';
import type { ServerSpec } from './servers/server-names.js';

const TARGETS: readonly { label: string; spec: ServerSpec }[] = [
  { label: "bare node:http + JSON.parse (goal 2's route on Node)", spec: { runtime: 'node', app: 'node-bare' } },
  { label: 'Node, @hono/node-server, fixed answer, body unread', spec: { runtime: 'node', app: 'constant' } },
  { label: 'Bun.serve, fixed answer, body unread', spec: { runtime: 'bun', app: 'constant' } },
  { label: 'Deno.serve, fixed answer, body unread', spec: { runtime: 'deno', app: 'constant' } },
];

/**
 * Is wrk ever the bottleneck? Its rate against the fastest servers there are (a fixed answer, no
 * body read) next to bare node:http: when wrk drives those well past every server of the HTTP
 * table on the same CPU plan, the table measures the servers, not the load generator.
 */
export async function wrkCeiling(options: {
  rounds: number;
  seconds: number;
  connections: number;
  plan: CpuPlan | undefined;
}): Promise<{ table: Table; met: boolean }> {
  const body = sampleBody('follow.created');
  const headers = { 'content-type': 'application/json', [HEADER]: BENCH_SECRET };
  const rows: string[][] = [];
  for (const { label, spec } of TARGETS) {
    const server = await startServer(spec, options.plan?.serverCpu);
    try {
      const drive = () =>
        runWrk({
          url: `${server.origin}/webhook`,
          headers,
          body,
          connections: options.connections,
          seconds: options.seconds,
          cpu: options.plan?.loadCpu,
        });
      await drive();
      const runs = [];
      for (let round = 0; round < options.rounds; round++) runs.push(await drive());
      rows.push([label, formatCount(median(runs.map((run) => run.requestsPerSecond))), formatFigure(median(runs.map((run) => run.p99Ms)))]);
    } finally {
      await server.stop();
    }
  }
  return {
    table: {
      title: `wrk's ceiling: one wrk thread against the fastest servers there are (median of ${options.rounds} ${options.seconds} s runs, ${options.connections} connections)`,
      columns: ['server', 'req/s', 'p99 ms'],
      rows,
    },
    met: true,
  };
}
