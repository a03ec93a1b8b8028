import { writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import WebSocket from 'ws';
import { BENCH_BARE_WORKER, BENCH_CORE_WORKER } from '../../bundle/worker-sources.js';
import { BENCH_SECRET, HEADER, sampleBody } from '../../support/payloads.js';
import { runWrk } from '../../wrk/run-wrk.js';
import { planCpus } from '../cpu-plan.js';
import { startWorkerd } from './workerd-process.js';

// A CPU profile of a benchmark Worker on workerd under wrk's load, through workerd's DevTools
// inspector (`--inspector-addr`): the Worker bundled as the HTTP section bundles it but not
// minified, so functions keep their names. Writes the .cpuprofile (open it in Chrome's DevTools)
// and prints the functions with the most self time. The inspector's sampling costs CPU of its own,
// so the shares say where the time goes, not how much a request takes.
//
//   pnpm build && node --import tsx bench/src/http/servers/workerd-profile.ts [--app core|bare] [--seconds 5] [--out file] [--source worker.js]
const { values } = parseArgs({
  options: {
    app: { type: 'string', default: 'core' },
    seconds: { type: 'string', default: '5' },
    out: { type: 'string', default: 'workerd.cpuprofile' },
    // Where to write the bundled Worker, to read the profile's line numbers against.
    source: { type: 'string' },
  },
});
const plan = planCpus();
const body = sampleBody('follow.created');
const headers = { 'content-type': 'application/json', [HEADER]: BENCH_SECRET };
const bundled = await build({
  stdin: { contents: values.app === 'bare' ? BENCH_BARE_WORKER : BENCH_CORE_WORKER, resolveDir: import.meta.dirname, loader: 'js' },
  bundle: true,
  format: 'esm',
  platform: 'browser',
  conditions: ['worker', 'browser'],
  target: 'es2022',
  write: false,
  logLevel: 'silent',
});
if (values.source !== undefined) writeFileSync(values.source, bundled.outputFiles[0]!.text);
const inspectorPort = await freePort();
const workerd = await startWorkerd({
  code: bundled.outputFiles[0]!.text,
  inspectorAddress: `127.0.0.1:${inspectorPort}`,
  cpu: plan?.serverCpu,
});
try {
  const url = `http://127.0.0.1:${workerd.port}/webhook`;
  const load = (seconds: number) => runWrk({ url, headers, body, connections: 50, seconds, cpu: plan?.loadCpu });
  await load(2);
  const targets = (await (await fetch(`http://127.0.0.1:${inspectorPort}/json/list`)).json()) as { webSocketDebuggerUrl: string }[];
  const inspector = await connect(targets[0]!.webSocketDebuggerUrl);
  await inspector.send('Profiler.enable');
  await inspector.send('Profiler.setSamplingInterval', { interval: 100 });
  await inspector.send('Profiler.start');
  const run = await load(Number(values.seconds));
  const { profile } = (await inspector.send('Profiler.stop')) as { profile: Profile };
  inspector.close();
  writeFileSync(values.out, JSON.stringify(profile));
  console.log(`${Math.round(run.requestsPerSecond)} req/s while profiling; profile in ${values.out}\n`);
  printSelfTimes(profile, run.total);
} finally {
  await workerd.stop();
}

interface Profile {
  readonly nodes: readonly { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  readonly samples: readonly number[];
  /** Microseconds, on the inspector's clock. */
  readonly startTime: number;
  readonly endTime: number;
}

// Self time by function: each sample is charged to the node on top of the stack, and stands for
// the profile's duration over its sample count; per request, over the requests wrk completed.
function printSelfTimes(profile: Profile, requests: number): void {
  const names = new Map(profile.nodes.map((node) => [node.id, nameOf(node.callFrame)]));
  const counts = new Map<string, number>();
  for (const id of profile.samples) counts.set(names.get(id)!, (counts.get(names.get(id)!) ?? 0) + 1);
  const total = profile.samples.length;
  const usPerSample = (profile.endTime - profile.startTime) / total;
  console.log('| self % | self µs/req | function |\n|--:|--:|:--|');
  for (const [name, count] of [...counts].sort((a, b) => b[1] - a[1]).slice(0, 40)) {
    console.log(`| ${((count * 100) / total).toFixed(1)} | ${((count * usPerSample) / requests).toFixed(2)} | ${name} |`);
  }
}

function nameOf(frame: { functionName: string; url: string; lineNumber: number }): string {
  return frame.url === ''
    ? frame.functionName || '(anonymous native)'
    : `${frame.functionName || '(anonymous)'} ${frame.url}:${frame.lineNumber + 1}`;
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

interface Inspector {
  send(method: string, params?: object): Promise<unknown>;
  close(): void;
}

function connect(url: string): Promise<Inspector> {
  const socket = new WebSocket(url);
  const pending = new Map<number, (result: unknown) => void>();
  let next = 1;
  socket.on('message', (data: Buffer) => {
    const message = JSON.parse(data.toString('utf8')) as { id?: number; result?: unknown; error?: { message: string } };
    if (message.id === undefined) return;
    if (message.error !== undefined) throw new Error(`inspector: ${message.error.message}`);
    pending.get(message.id)?.(message.result);
  });
  return new Promise((resolve, reject) => {
    socket.once('error', reject);
    socket.once('open', () =>
      resolve({
        send: (method, params) =>
          new Promise((done) => {
            const id = next++;
            pending.set(id, done);
            socket.send(JSON.stringify({ id, method, params }));
          }),
        close: () => socket.close(),
      }),
    );
  });
}
