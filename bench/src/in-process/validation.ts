// ns of CPU per validation of Neynar's sample `cast.created` (its data 3.9 kB, the body 4.0 kB) on this
// runtime: zod's parse of the schema, the core's check of it, and the sender's whole step from the
// parsed body to the event (`toNeynarEvent`: the envelope's fields, then the check). Run alone, on
// an idle machine, a few times (the median is the figure):
//   pnpm exec tsx bench/src/in-process/validation.ts          (Node)
//   bench/node_modules/.bin/bun bench/src/in-process/validation.ts   (Bun)
// The core's sources are imported, not its dist: the check is internal to the core.
import { parseNeynarCast } from '../../../packages/core/src/schema/generated/neynar-checks.js';
import { neynarSampleEvent } from '../../../packages/core/src/senders/neynar/samples.js';
import { neynarSchemas } from '../../../packages/core/src/senders/neynar/schemas.js';
import { toNeynarEvent } from '../../../packages/core/src/senders/neynar/to-neynar-event.js';

type Json = Record<string, unknown>;

// Distinct objects, each fresh from JSON.parse as a delivery's are, taken in turn: one object
// checked a million times would let the engine see a single shape and a cache-hot object.
const COPIES = 64;
const ROUNDS = 7;
const WARM_ROUNDS = 6;
// Each round lasts about this long, whatever a call costs (zod's parse costs 5-10 times the check).
const ROUND_MS = 150;

const { data } = neynarSampleEvent('cast.created');
const text = JSON.stringify({ created_at: 1_749_737_008, type: 'cast.created', data });
const bodies = Array.from({ length: COPIES }, () => JSON.parse(text) as Json);
const datas = bodies.map((body) => body['data'] as Json);

const cast = neynarSchemas().cast;

const subjects: readonly (readonly [string, (index: number) => unknown])[] = [
  ['zod (safeParse of the cast schema)', (index) => cast.safeParse(datas[index]).success],
  ["the core's check (generated ahead of time)", (index) => parseNeynarCast(datas[index]!) === datas[index]],
  ['toNeynarEvent (envelope and check)', (index) => toNeynarEvent(bodies[index]!).ok],
];

/**
 * The median over rounds of ns of CPU per call (the process's user and system time, so a machine
 * shared with other work slows the figure less than the wall clock would), after warm-up rounds,
 * the first of which sizes the rounds.
 */
function nsPerCall(run: (index: number) => unknown): number {
  let kept = 0;
  const round = (calls: number) => {
    const start = process.cpuUsage();
    for (let index = 0; index < calls; index++) if (run(index % COPIES)) kept++;
    const used = process.cpuUsage(start);
    return ((used.user + used.system) * 1e3) / calls;
  };
  const calls = Math.ceil((ROUND_MS * 1e6) / round(20_000));
  // Rounds unmeasured for about a second more: Bun's engine (JavaScriptCore) reaches its last tier
  // later than V8 does, and a check it had not finished optimizing read up to three times slower.
  for (let warm = 0; warm < WARM_ROUNDS; warm++) round(calls);
  const rounds = Array.from({ length: ROUNDS }, () => round(calls)).sort((a, b) => a - b);
  if (kept === 0) throw new Error('every call refused the sample: the subject is broken');
  return rounds[Math.floor(ROUNDS / 2)]!;
}

const runtime = 'Bun' in globalThis ? `Bun ${(globalThis as { Bun?: { version: string } }).Bun!.version}` : `Node ${process.version}`;
console.log(
  `Validation of a ${text.length}-byte cast.created, ns of CPU per call, median of ${ROUNDS} rounds of about ${ROUND_MS} ms (${runtime}):`,
);
for (const [label, run] of subjects) console.log(`  ${label.padEnd(44)} ${nsPerCall(run).toFixed(0)}`);
