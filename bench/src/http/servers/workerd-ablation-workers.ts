import { BENCH_CORE_WORKER } from '../../bundle/worker-sources.js';
import { BENCH_SECRET, HEADER } from '../../support/payloads.js';

/** The pieces of the core's Web handler that a hand-written route does differently. */
export interface Pieces {
  /** `json`: `request.json()`; `arrayBuffer`: `arrayBuffer()`, a fatal `TextDecoder` and `JSON.parse`, as the core reads. */
  readonly read: 'json' | 'arrayBuffer';
  /** setTimeout/clearTimeout pairs per request: the core arms `bodyTimeoutMs` and `handlerTimeoutMs`. */
  readonly timers: 0 | 1 | 2;
  /** `Response.json('ok')`, or `new Response(text, { status, headers: { 'content-type' } })` as the core answers. */
  readonly respond: 'Response.json' | 'new Response' | 'shared Headers';
  /** Header reads: the delivery header alone, or five (delivery header, content-type, -encoding, -length, has(content-length)). */
  readonly headerReads: 1 | 5;
  /** `!==` on the delivery header, or the core's constant-time compare through `TextEncoder.encodeInto`. */
  readonly compare: '!==' | 'encodeInto';
  /** `performance.now()` calls per request: the core times each delivery for its logger. */
  readonly clockReads: 0 | 2;
  /** Async functions awaited in a chain around the body read, as the core's receive, check and readBody are. */
  readonly asyncDepth: 0 | 3;
}

/** One Worker of the ablation: a name, what it adds to the hand-written route, and its source. */
export interface AblationWorker {
  readonly name: string;
  readonly source: string;
  /** Whether it answers 401 to a wrong delivery header (the floor reads nothing, so it does not). */
  readonly checksHeader: boolean;
}

const SINK = 'let sunk; const sink = (value) => { sunk = value; };';
const BARE: Pieces = { read: 'json', timers: 0, respond: 'Response.json', headerReads: 1, compare: '!==', clockReads: 0, asyncDepth: 0 };
const ALL: Pieces = {
  read: 'arrayBuffer',
  timers: 1,
  respond: 'new Response',
  headerReads: 5,
  compare: '!==',
  clockReads: 0,
  asyncDepth: 0,
};

// The core's compare (packages/core/src/header): the received value encoded into a scratch buffer of
// the secret's size and compared word by word, without an early exit.
const ENCODE_INTO_COMPARE = `const encoder = new TextEncoder();
const size = Math.ceil(encoder.encode(SECRET).byteLength / 4) * 4;
const secretBytes = new Uint8Array(size); encoder.encodeInto(SECRET, secretBytes);
const secretWords = new Uint32Array(secretBytes.buffer);
const scratch = new Uint8Array(size); const scratchWords = new Uint32Array(scratch.buffer);
function matches(received) {
  if (received === null) return false;
  scratch.fill(0);
  const { read } = encoder.encodeInto(received.length === SECRET.length ? received : SECRET, scratch);
  let diff = (received.length ^ SECRET.length) | (read ^ SECRET.length);
  for (let word = 0; word < secretWords.length; word++) diff |= scratchWords[word] ^ secretWords[word];
  return diff === 0;
}`;

/** The hand-written route with some of the core's pieces swapped in, as a Worker's source. */
export function ablationSource(pieces: Pieces): string {
  const lines = [SINK, `const SECRET = ${JSON.stringify(BENCH_SECRET)};`, 'const decoder = new TextDecoder("utf-8");'];
  if (pieces.compare === 'encodeInto') lines.push(ENCODE_INTO_COMPARE);
  // The core decodes leniently and decodes again strictly only when a replacement character shows.
  const read =
    pieces.read === 'json'
      ? 'await request.json()'
      : 'JSON.parse(decodeStrict(decoder.decode(new Uint8Array(await request.arrayBuffer()))))';
  lines.push('function decodeStrict(text) { if (text.includes("\\uFFFD")) throw new Error("invalid UTF-8"); return text; }');
  // Each level an async function awaiting the next, the innermost one reading the body; none, and
  // the body is read in `fetch` itself, as the hand-written route reads it.
  if (pieces.asyncDepth > 0) lines.push(`async function readIt(request) { return ${read}; }`);
  for (let level = 1; level <= pieces.asyncDepth; level++) {
    lines.push(`async function level${level}(request) { return await ${level === 1 ? 'readIt' : `level${level - 1}`}(request); }`);
  }
  lines.push('export default {', '  async fetch(request) {');
  if (pieces.clockReads === 2) lines.push('    const started = performance.now();');
  const header = `request.headers.get(${JSON.stringify(HEADER)})`;
  const refused = pieces.compare === '!==' ? `${header} !== SECRET` : `!matches(${header})`;
  lines.push(`    if (${refused}) return Response.json({ error: 'unauthorized' }, { status: 401 });`);
  if (pieces.headerReads === 5) {
    lines.push(
      "    sink(request.headers.get('content-type')); sink(request.headers.get('content-encoding'));",
      "    sink(request.headers.get('content-length')); sink(request.headers.has('content-length'));",
    );
  }
  for (let index = 0; index < pieces.timers; index++) lines.push(`    const timer${index} = setTimeout(() => sink(${index}), 10_000);`);
  lines.push(`    sink(${pieces.asyncDepth === 0 ? read : `await level${pieces.asyncDepth}(request)`});`);
  for (let index = 0; index < pieces.timers; index++) lines.push(`    clearTimeout(timer${index});`);
  if (pieces.clockReads === 2) lines.push('    sink(performance.now() - started);');
  const answers = {
    'Response.json': "Response.json('ok')",
    'new Response': "new Response('{\"ok\":true}', { status: 200, headers: { 'content-type': 'application/json; charset=utf-8' } })",
    // One Headers for every answer: the Fetch standard copies it into each Response.
    'shared Headers': 'new Response(\'{"ok":true}\', { status: 200, headers: JSON_HEADERS })',
  };
  if (pieces.respond === 'shared Headers')
    lines.unshift("const JSON_HEADERS = new Headers({ 'content-type': 'application/json; charset=utf-8' });");
  lines.push(`    return ${answers[pieces.respond]};`, '  },', '};');
  return lines.join('\n');
}

const worker = (name: string, pieces: Partial<Pieces>): AblationWorker => ({
  name,
  source: ablationSource({ ...BARE, ...pieces }),
  checksHeader: true,
});

/**
 * The Workers compared, from workerd's floor (an answer without reading anything) through the
 * hand-written route, each piece of the core's handler added alone, the pieces together, and the
 * core's handler itself: what the last two differ by is the core's own logic.
 */
export const ABLATION_WORKERS: readonly AblationWorker[] = [
  {
    name: 'floor: `new Response("ok")`, nothing read',
    source: 'export default { fetch() { return new Response("ok"); } };',
    checksHeader: false,
  },
  worker('hand-written: `request.json()`, `!==`, `Response.json`', {}),
  worker('+ `arrayBuffer()` + TextDecoder + `includes("\\uFFFD")` + JSON.parse', { read: 'arrayBuffer' }),
  worker('+ 1 setTimeout/clearTimeout', { timers: 1 }),
  worker('+ `new Response(text, { status, headers })`', { respond: 'new Response' }),
  worker('+ `new Response(text, { status, headers: a shared Headers })`', { respond: 'shared Headers' }),
  worker('+ 4 more header reads', { headerReads: 5 }),
  worker('+ constant-time compare through `encodeInto`', { compare: 'encodeInto' }),
  worker('+ 2 `performance.now()`', { clockReads: 2 }),
  worker('+ 3 nested async functions', { asyncDepth: 3 }),
  worker('the first four pieces together', ALL),
  worker('all seven pieces together', { ...ALL, compare: 'encodeInto', clockReads: 2, asyncDepth: 3 }),
  worker('all seven, the answer with a shared Headers', {
    ...ALL,
    compare: 'encodeInto',
    clockReads: 2,
    asyncDepth: 3,
    respond: 'shared Headers',
  }),
  { name: 'core `webhookHandler`', source: BENCH_CORE_WORKER, checksHeader: true },
];
