import { parseArgs } from 'node:util';
import { FRAMEWORKS, RUNTIMES, type Framework, type RuntimeName } from './http/pairs.js';
import { BENCH_SENDERS, runBench, SECTIONS, type BenchSender, type Section } from './run-bench.js';

// `node dist/bench.js [section...] [--rounds N] [--http-rounds N] [--seconds S] [--connections N]
//   [--field-length N] [--framework express|hono|web|fastify|node]... [--runtime node|bun|deno|workerd]...
//   [--sender airstack|neynar|miniapp]... [--notify-tokens N] [--notify-memory-tokens N] [--store-tokens N]
//   [--pace-tokens N] [--pace-delay-ms N] [--pace-workers N] [--pace-option name=N]... [--strict]`
// runs the benchmark; dist/serve.js is the child process of the HTTP section.
const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    rounds: { type: 'string', default: '31' },
    'http-rounds': { type: 'string', default: '3' },
    seconds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '50' },
    'field-length': { type: 'string', default: '1000' },
    framework: { type: 'string', multiple: true, default: [...FRAMEWORKS] },
    runtime: { type: 'string', multiple: true, default: [...RUNTIMES] },
    sender: { type: 'string', multiple: true, default: [...BENCH_SENDERS] },
    'notify-tokens': { type: 'string', default: '100000' },
    'notify-memory-tokens': { type: 'string', default: '1000000' },
    'store-tokens': { type: 'string', default: '100000' },
    'pace-tokens': { type: 'string', default: '1000000' },
    'pace-delay-ms': { type: 'string', default: '250' },
    'pace-workers': { type: 'string', default: '2' },
    'pace-option': { type: 'string', multiple: true, default: [] },
    strict: { type: 'boolean', default: false },
  },
});

const unknown = positionals.filter((name) => !(SECTIONS as readonly string[]).includes(name));
if (unknown.length > 0) throw new Error(`unknown section(s) ${unknown.join(', ')}; use ${SECTIONS.join(', ')}`);
const met = await runBench({
  sections: positionals.length === 0 ? SECTIONS : (positionals as Section[]),
  rounds: positiveInteger(values.rounds, 'rounds'),
  httpRounds: positiveInteger(values['http-rounds'], 'http-rounds'),
  httpSeconds: positiveInteger(values.seconds, 'seconds'),
  connections: positiveInteger(values.connections, 'connections'),
  fieldLength: positiveInteger(values['field-length'], 'field-length'),
  frameworks: values.framework.map((name) => oneOf(FRAMEWORKS, name, 'framework')),
  runtimes: values.runtime.map((name) => oneOf(RUNTIMES, name, 'runtime')),
  senders: values.sender.map((name) => oneOf(BENCH_SENDERS, name, 'sender')),
  notifyTokens: positiveInteger(values['notify-tokens'], 'notify-tokens'),
  notifyMemoryTokens: positiveInteger(values['notify-memory-tokens'], 'notify-memory-tokens'),
  storeTokens: positiveInteger(values['store-tokens'], 'store-tokens'),
  pace: {
    tokens: positiveInteger(values['pace-tokens'], 'pace-tokens'),
    delayMs: positiveInteger(values['pace-delay-ms'], 'pace-delay-ms'),
    workers: positiveInteger(values['pace-workers'], 'pace-workers'),
    settings: Object.fromEntries(values['pace-option'].map(paceOption)),
  },
});
// A benchmark prints figures; only --strict turns a missed goal into a failing exit code.
if (values.strict && !met) process.exitCode = 1;

function oneOf<T extends Framework | RuntimeName | BenchSender>(names: readonly T[], name: string, option: string): T {
  if (!(names as readonly string[]).includes(name)) throw new Error(`--${option} must be one of ${names.join(', ')}, got ${name}`);
  return name as T;
}

function positiveInteger(value: string, name: string): number {
  const number = Number(value);
  if (!Number.isSafeInteger(number) || number < 1) throw new Error(`--${name} must be a positive whole number, got ${value}`);
  return number;
}

/** `--pace-option concurrency=64`: an option given to every sender of the pace section. */
function paceOption(value: string): [string, number] {
  const [name = '', number = ''] = value.split('=');
  if (!/^[a-zA-Z]+$/.test(name)) throw new Error(`--pace-option takes name=N, such as concurrency=64; got ${value}`);
  return [name, positiveInteger(number, `pace-option ${name}`)];
}
