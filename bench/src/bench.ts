import { parseArgs } from 'node:util';
import { serveVariant } from './http/serve-variant.js';
import { FRAMEWORKS, type Framework } from './http/adapters-vs-naive.js';
import { runBench, SECTIONS, type Section } from './run-bench.js';

// `node dist/bench.js [section...] [--rounds N] [--http-rounds N] [--seconds S] [--connections N]
//   [--field-length N] [--framework express|hono|web|fastify|node]... [--strict]`
// runs the benchmark; `node dist/bench.js serve <variant>` is the child process of the HTTP section.
const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    rounds: { type: 'string', default: '31' },
    'http-rounds': { type: 'string', default: '5' },
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '50' },
    'field-length': { type: 'string', default: '1000' },
    framework: { type: 'string', multiple: true, default: [...FRAMEWORKS] },
    strict: { type: 'boolean', default: false },
  },
});

if (positionals[0] === 'serve') {
  await serveVariant(positionals[1]);
} else {
  const unknown = positionals.filter((name) => !(SECTIONS as readonly string[]).includes(name));
  if (unknown.length > 0) throw new Error(`unknown section(s) ${unknown.join(', ')}; use ${SECTIONS.join(', ')}`);
  const met = await runBench({
    sections: positionals.length === 0 ? SECTIONS : (positionals as Section[]),
    rounds: positiveInteger(values.rounds, 'rounds'),
    httpRounds: positiveInteger(values['http-rounds'], 'http-rounds'),
    httpSeconds: positiveInteger(values.seconds, 'seconds'),
    connections: positiveInteger(values.connections, 'connections'),
    fieldLength: positiveInteger(values['field-length'], 'field-length'),
    frameworks: values.framework.map(framework),
  });
  // A benchmark prints figures; only --strict turns a missed goal into a failing exit code.
  if (values.strict && !met) process.exitCode = 1;
}

function framework(name: string): Framework {
  if (!(FRAMEWORKS as readonly string[]).includes(name))
    throw new Error(`--framework must be one of ${FRAMEWORKS.join(', ')}, got ${name}`);
  return name as Framework;
}

function positiveInteger(value: string, name: string): number {
  const number = Number(value);
  if (!Number.isSafeInteger(number) || number < 1) throw new Error(`--${name} must be a positive whole number, got ${value}`);
  return number;
}
