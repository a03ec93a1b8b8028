import { BENCH_CORE_WORKER } from '../../bundle/worker-sources.js';
import { BENCH_SECRET, HEADER } from '../../support/payloads.js';

/** The pieces of the core's Web handler that a hand-written route does differently. */
export interface Pieces {
  /** `json`: `request.json()`; `arrayBuffer`: `arrayBuffer()`, a fatal `TextDecoder` and `JSON.parse`, as the core reads. */
  readonly read: 'json' | 'arrayBuffer';
  /** setTimeout/clearTimeout pairs per request: the core arms `bodyTimeoutMs` and `handlerTimeoutMs`. */
  readonly timers: 0 | 1 | 2;
  /** `Response.json('ok')`, or `new Response(text, { status, headers: { 'content-type' } })` as the core answers. */
  readonly respond: 'Response.json' | 'new Response';
  /** Header reads: the delivery header alone, or five (delivery header, content-type, -encoding, -length, has(content-length)). */
  readonly headerReads: 1 | 5;
}

/** One Worker of the ablation: a name, what it adds to the hand-written route, and its source. */
export interface AblationWorker {
  readonly name: string;
  readonly source: string;
  /** Whether it answers 401 to a wrong delivery header (the floor reads nothing, so it does not). */
  readonly checksHeader: boolean;
}

const SINK = 'let sunk; const sink = (value) => { sunk = value; };';
const BARE: Pieces = { read: 'json', timers: 0, respond: 'Response.json', headerReads: 1 };

/** The hand-written route with some of the core's pieces swapped in, as a Worker's source. */
export function ablationSource(pieces: Pieces): string {
  const secret = JSON.stringify(BENCH_SECRET);
  const lines = [SINK, 'const decoder = new TextDecoder("utf-8", { fatal: true });', 'export default {', '  async fetch(request) {'];
  lines.push(
    `    if (request.headers.get(${JSON.stringify(HEADER)}) !== ${secret}) return Response.json({ error: 'unauthorized' }, { status: 401 });`,
  );
  if (pieces.headerReads === 5) {
    lines.push(
      "    sink(request.headers.get('content-type')); sink(request.headers.get('content-encoding'));",
      "    sink(request.headers.get('content-length')); sink(request.headers.has('content-length'));",
    );
  }
  for (let index = 0; index < pieces.timers; index++) lines.push(`    const timer${index} = setTimeout(() => sink(${index}), 10_000);`);
  lines.push(
    pieces.read === 'json' ? '    sink(await request.json());' : '    sink(JSON.parse(decoder.decode(await request.arrayBuffer())));',
  );
  for (let index = 0; index < pieces.timers; index++) lines.push(`    clearTimeout(timer${index});`);
  lines.push(
    pieces.respond === 'Response.json'
      ? "    return Response.json('ok');"
      : "    return new Response('{\"ok\":true}', { status: 200, headers: { 'content-type': 'application/json; charset=utf-8' } });",
    '  },',
    '};',
  );
  return lines.join('\n');
}

/**
 * The Workers compared, from workerd's floor (an answer without reading anything) through the
 * hand-written route, each piece of the core's handler added alone, all of them at once, and the
 * core's handler itself: what the last two differ by is the core's own logic.
 */
export const ABLATION_WORKERS: readonly AblationWorker[] = [
  {
    name: 'floor: `new Response("ok")`, nothing read',
    source: 'export default { fetch() { return new Response("ok"); } };',
    checksHeader: false,
  },
  { name: 'hand-written: `request.json()`, `!==`, `Response.json`', source: ablationSource(BARE), checksHeader: true },
  {
    name: '+ `arrayBuffer()` + fatal TextDecoder + JSON.parse',
    source: ablationSource({ ...BARE, read: 'arrayBuffer' }),
    checksHeader: true,
  },
  { name: '+ 1 setTimeout/clearTimeout', source: ablationSource({ ...BARE, timers: 1 }), checksHeader: true },
  { name: '+ 2 setTimeout/clearTimeout', source: ablationSource({ ...BARE, timers: 2 }), checksHeader: true },
  { name: '+ `new Response(text, { status, headers })`', source: ablationSource({ ...BARE, respond: 'new Response' }), checksHeader: true },
  { name: '+ 4 more header reads', source: ablationSource({ ...BARE, headerReads: 5 }), checksHeader: true },
  {
    name: 'all four pieces',
    source: ablationSource({ read: 'arrayBuffer', timers: 2, respond: 'new Response', headerReads: 5 }),
    checksHeader: true,
  },
  { name: 'core `webhookHandler`', source: BENCH_CORE_WORKER, checksHeader: true },
];
