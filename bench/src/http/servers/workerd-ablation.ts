import { parseArgs } from 'node:util';
import { bundleWorker } from '../../bundle/bundle-worker.js';
import { BENCH_SECRET, HEADER, sampleBody } from '../../support/payloads.js';
import { formatCount, formatFigure, median } from '../../support/stats.js';
import { readCpuMs } from '../../support/child-server.js';
import { runWrk } from '../../wrk/run-wrk.js';
import { planCpus } from '../cpu-plan.js';
import { ABLATION_WORKERS } from './workerd-ablation-workers.js';
import { startWorkerd, type WorkerdProcess } from './workerd-process.js';

// What each piece of the core's Web handler costs on workerd, in server CPU per request: the
// hand-written Worker with one piece of the receiver swapped in at a time (workerd-ablation-workers.ts),
// each on the workerd binary pinned to the server CPU, driven by wrk on the other, in rounds whose
// order rotates. CPU time, not req/s, because the machine is shared: another process on the
// server's core lowers its req/s but not the CPU time each request takes.
//
//   pnpm build && node --import tsx bench/src/http/servers/workerd-ablation.ts [--rounds 5] [--seconds 3] [--only <part of a name>]...
const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '5' },
    seconds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '50' },
    event: { type: 'string', default: 'follow.created' },
    // Only the Workers whose names contain one of these (the hand-written one is always run: it is the baseline).
    only: { type: 'string', multiple: true },
  },
});
const rounds = Number(values.rounds);
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const body = sampleBody(values.event as 'follow.created');
const headers = { 'content-type': 'application/json', [HEADER]: BENCH_SECRET };
const plan = planCpus();
const workers = ABLATION_WORKERS.filter(
  (worker, index) => index === 1 || values.only === undefined || values.only.some((part) => worker.name.includes(part)),
);

interface Run {
  readonly cpuUs: number;
  readonly rps: number;
}

const servers: WorkerdProcess[] = [];
try {
  for (const worker of workers) {
    const server = await startWorkerd({ code: (await bundleWorker(worker.source)).code, cpu: plan?.serverCpu });
    servers.push(server);
    await expectStatus(server, BENCH_SECRET, 200, worker.name);
    if (worker.checksHeader) await expectStatus(server, `${BENCH_SECRET}x`, 401, worker.name);
  }
  // Warm-up: V8 in each workerd compiles the hot path before anything is counted.
  for (const server of servers) await drive(server, 2);
  const runs: Run[][] = workers.map(() => []);
  for (let round = 0; round < rounds; round++) {
    for (let turn = 0; turn < servers.length; turn++) {
      const index = (round + turn) % servers.length;
      runs[index]!.push(await drive(servers[index]!, seconds));
    }
  }
  const bare = runs[workers.indexOf(ABLATION_WORKERS[1]!)]!;
  console.log(
    `\nworkerd, ${values.event} envelope (${body.byteLength} B), ${connections} connections, median of ${rounds} rotating rounds of ${seconds} s` +
      `${plan === undefined ? ' (not pinned)' : `; wrk on CPU ${plan.loadCpu}, workerd on CPU ${plan.serverCpu}`}\n`,
  );
  console.log('| Worker | server CPU µs/req | vs hand-written, µs/req | req/s |');
  console.log('|:--|--:|--:|--:|');
  workers.forEach((worker, index) => {
    const own = runs[index]!;
    const cpu = median(own.map((run) => run.cpuUs));
    // Paired by round: runs of one round saw the same machine.
    const delta = median(own.map((run, round) => run.cpuUs - bare[round]!.cpuUs));
    const signed = `${delta >= 0 ? '+' : ''}${formatFigure(delta)}`;
    console.log(`| ${worker.name} | ${formatFigure(cpu)} | ${signed} | ${formatCount(median(own.map((run) => run.rps)))} |`);
  });
} finally {
  for (const server of servers) await server.stop();
}

async function drive(server: WorkerdProcess, runSeconds: number): Promise<Run> {
  const before = workerdCpuMs(server);
  const run = await runWrk({
    url: `http://127.0.0.1:${server.port}/webhook`,
    headers,
    body,
    connections,
    seconds: runSeconds,
    cpu: plan?.loadCpu,
  });
  if (run.errors > 0 || run.non2xx > 0)
    throw new Error(`${run.errors} socket errors, ${run.non2xx} non-2xx answers from port ${server.port}`);
  return { cpuUs: ((workerdCpuMs(server) - before) * 1000) / run.total, rps: run.requestsPerSecond };
}

async function expectStatus(server: WorkerdProcess, header: string, status: number, name: string): Promise<void> {
  const response = await fetch(`http://127.0.0.1:${server.port}/webhook`, {
    method: 'POST',
    headers: { ...headers, [HEADER]: header },
    body: new TextDecoder().decode(body),
  });
  await response.arrayBuffer();
  if (response.status !== status) throw new Error(`${name} answered ${response.status}, not ${status}: its figures would mean nothing`);
}

// Every thread of workerd (it starts no process of its own); a figure needs /proc (Linux).
function workerdCpuMs(server: WorkerdProcess): number {
  const ms = readCpuMs(server.pid);
  if (ms === undefined) throw new Error(`no CPU time for workerd (pid ${server.pid}): the ablation reads /proc, so it runs on Linux only`);
  return ms;
}
