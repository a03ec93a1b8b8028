import { readdirSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { BENCH_SECRET, HEADER, sampleBody } from '../../support/payloads.js';
import { formatFigure, median } from '../../support/stats.js';
import { planCpus } from '../cpu-plan.js';
import { startWorkerd } from './workerd-process.js';

// What single calls the core makes per delivery cost on workerd, in ns of workerd's CPU: one Worker
// runs a call `n` times inside one request, on a real delivery's Request, and workerd's CPU time
// for that request (every thread's, from /proc/<pid>/task/*/schedstat, in ns) less that of an empty
// loop, over `n`, is the call's cost. Immune to the neighbours' load in a way req/s is not, but a
// call in a hot loop may be cheaper than the same call once per request: the HTTP ablation
// (workerd-ablation.ts) is the figure that counts, this one says which call to look at.
//
//   pnpm build && node --import tsx bench/src/http/servers/workerd-calls.ts [--rounds 7] [--n 100000]
const CALLS: Readonly<Record<string, string>> = {
  'empty loop': 'sink(index);',
  'headers.get': "sink(request.headers.get('content-type'));",
  'headers.has': "sink(request.headers.has('content-length'));",
  'request.bodyUsed': 'sink(request.bodyUsed);',
  'request.method': 'sink(request.method);',
  '`!==` on the header value': 'sink(value !== SECRET);',
  'constant-time compare through encodeInto': 'sink(matchesEncoded(value));',
  'constant-time compare through charCodeAt': 'sink(matchesCodes(value));',
  'TextDecoder.decode (309 B) + includes': 'sink(decoder.decode(bytes).includes("\\uFFFD"));',
  'JSON.parse (309 B)': 'sink(JSON.parse(text));',
  'setTimeout + clearTimeout': 'clearTimeout(setTimeout(sink, 10_000));',
  'performance.now()': 'sink(performance.now());',
  'Date.now()': 'sink(Date.now());',
  'Response.json("ok")': 'sink(Response.json("ok"));',
  'new Response(text, { status, headers })':
    "sink(new Response(text, { status: 200, headers: { 'content-type': 'application/json; charset=utf-8' } }));",
  'new Response(text, { status })': 'sink(new Response(text, { status: 200 }));',
  'new Response(text, { status, headers: a shared Headers })': 'sink(new Response(text, { status: 200, headers: JSON_HEADERS }));',
  'new Response(text, { status, headers: [[name, value]] })':
    "sink(new Response(text, { status: 200, headers: [['content-type', JSON_TYPE]] }));",
  'new Response(text, { status }) + headers.set':
    "{ const response = new Response(text, { status: 200 }); response.headers.set('content-type', JSON_TYPE); sink(response); }",
  'Response.json(object, { status })': 'sink(Response.json(ANSWER, { status: 200 }));',
  'request.headers': 'sink(request.headers);',
  'new Promise + then': 'new Promise((resolve) => resolve(index)).then(sink);',
  'an async function call + then': 'identity(index).then(sink);',
};

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '7' }, n: { type: 'string', default: '100000' } } });
const rounds = Number(values.rounds);
const n = Number(values.n);
const body = sampleBody('follow.created');
const plan = planCpus();
const workerd = await startWorkerd({ code: workerSource(), cpu: plan?.serverCpu });
try {
  const names = Object.keys(CALLS);
  const samples = new Map(names.map((name) => [name, [] as number[]]));
  for (const name of names) await timeCall(name, 1_000); // warm-up: the JIT compiles each loop
  for (let round = 0; round < rounds; round++) {
    for (let turn = 0; turn < names.length; turn++) {
      const name = names[(round + turn) % names.length]!;
      samples.get(name)!.push(await timeCall(name, n));
    }
  }
  const empty = median(samples.get('empty loop')!);
  console.log(
    `\nworkerd, ns of CPU per call (median of ${rounds} rotating rounds of ${n} calls, less the empty loop's ${formatFigure(empty / n)} ns)\n`,
  );
  console.log('| call | ns per call |\n|:--|--:|');
  for (const name of names.slice(1)) console.log(`| ${name} | ${formatFigure((median(samples.get(name)!) - empty) / n)} |`);
} finally {
  await workerd.stop();
}

async function timeCall(name: string, count: number): Promise<number> {
  const before = cpuNs(workerd.pid);
  const response = await fetch(`http://127.0.0.1:${workerd.port}/?call=${encodeURIComponent(name)}&n=${count}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [HEADER]: BENCH_SECRET },
    body: new TextDecoder().decode(body),
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${name}: ${response.status} ${text}`);
  return cpuNs(workerd.pid) - before;
}

// The first field of each thread's schedstat: the ns it has run on a CPU.
function cpuNs(pid: number): number {
  let total = 0;
  for (const task of readdirSync(`/proc/${pid}/task`))
    total += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[0]);
  return total;
}

// One function per call, each a loop over the call, chosen by the `call` query parameter.
function workerSource(): string {
  const loops = Object.entries(CALLS).map(
    ([name, call]) => `  ${JSON.stringify(name)}: (request, value, n) => { for (let index = 0; index < n; index++) { ${call} } },`,
  );
  return `let sunk; const sink = (value) => { sunk = value; };
const SECRET = ${JSON.stringify(BENCH_SECRET)};
const text = ${JSON.stringify(new TextDecoder().decode(body))};
const bytes = new TextEncoder().encode(text);
const decoder = new TextDecoder('utf-8');
const JSON_TYPE = 'application/json; charset=utf-8';
const JSON_HEADERS = new Headers({ 'content-type': JSON_TYPE });
const ANSWER = { ok: true, code: 'handled', eventName: 'follow.created' };
const encoder = new TextEncoder();
const size = Math.ceil(encoder.encode(SECRET).byteLength / 4) * 4;
const secretBytes = new Uint8Array(size); encoder.encodeInto(SECRET, secretBytes);
const secretWords = new Uint32Array(secretBytes.buffer);
const scratch = new Uint8Array(size); const scratchWords = new Uint32Array(scratch.buffer);
function matchesEncoded(received) {
  scratch.fill(0);
  const { read } = encoder.encodeInto(received.length === SECRET.length ? received : SECRET, scratch);
  let diff = (received.length ^ SECRET.length) | (read ^ SECRET.length);
  for (let word = 0; word < secretWords.length; word++) diff |= scratchWords[word] ^ secretWords[word];
  return diff === 0;
}
// UTF-16 code units compared without an early exit, the loop as long as the secret whatever is received.
function matchesCodes(received) {
  let diff = received.length ^ SECRET.length;
  for (let index = 0; index < SECRET.length; index++) diff |= (received.charCodeAt(index) | 0) ^ SECRET.charCodeAt(index);
  return diff === 0;
}
async function identity(value) { return value; }
const CALLS = {
${loops.join('\n')}
};
export default {
  async fetch(request) {
    const url = new URL(request.url);
    const value = request.headers.get(${JSON.stringify(HEADER)});
    CALLS[url.searchParams.get('call')](request, value, Number(url.searchParams.get('n')));
    await request.arrayBuffer();
    return new Response(String(sunk));
  },
};`;
}
