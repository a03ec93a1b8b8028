// µs of CPU per Mini App delivery's three base64 strings (a 100-byte header, a 300-byte payload, a
// 64-byte signature, as a JSON Farcaster Signature carries them) and its signed input
// (`header.payload`'s bytes): as the sender read them before, three typed arrays and a
// `TextEncoder.encode`, against one allocation holding all four, as it does now; and the four
// allocations alone. On V8 (Node, Deno) a typed array of more than 64 bytes is allocated off the
// heap. Run alone, on an idle machine, a few times (the median is the figure):
//   pnpm exec tsx bench/src/in-process/base64-allocation.ts                                  (Node)
//   bench/node_modules/.bin/bun bench/src/in-process/base64-allocation.ts                    (Bun)
//   bench/node_modules/.bin/deno run --sloppy-imports bench/src/in-process/base64-allocation.ts   (Deno)
// The core's sources are imported, not its dist: the decoder is internal to the core.
import { base64Length, decodeBase64, decodeBase64Into } from '../../../packages/core/src/senders/miniapp/base64.js';

const ROUNDS = 7;
const CALLS = 50_000;

// Flat strings, as JSON.parse hands them over: a string built by replace() is slower to read.
const texts = JSON.parse(
  JSON.stringify(
    [100, 300, 64].map((length) => {
      const bytes = Array.from({ length }, (_, index) => (index * 37) & 255);
      return btoa(String.fromCharCode(...bytes))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '');
    }),
  ),
) as [string, string, string];

const encoder = new TextEncoder();

const subjects: readonly (readonly [string, () => number])[] = [
  [
    'before: decodeBase64 each, then TextEncoder.encode of the signed input',
    () =>
      decodeBase64(texts[0])!.length +
      decodeBase64(texts[1])!.length +
      decodeBase64(texts[2])!.length +
      encoder.encode(`${texts[0]}.${texts[1]}`).length,
  ],
  [
    'now: one allocation (base64Length, decodeBase64Into, the signed input written in)',
    () => {
      const lengths = texts.map(base64Length);
      const decoded = lengths[0]! + lengths[1]! + lengths[2]!;
      const all = new Uint8Array(decoded + texts[0].length + 1 + texts[1].length);
      decodeBase64Into(texts[0], all, 0);
      decodeBase64Into(texts[1], all, lengths[0]!);
      decodeBase64Into(texts[2], all, lengths[0]! + lengths[1]!);
      let at = decoded;
      for (let index = 0; index < texts[0].length; index++) all[at++] = texts[0].charCodeAt(index);
      all[at++] = 0x2e;
      for (let index = 0; index < texts[1].length; index++) all[at++] = texts[1].charCodeAt(index);
      return all.length;
    },
  ],
  [
    "before's four allocations alone, nothing decoded",
    () => new Uint8Array(100).length + new Uint8Array(300).length + new Uint8Array(64).length + new Uint8Array(535).length,
  ],
];

/** This process's CPU time so far, in ms. */
const cpu = (): number => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
const rounds = new Map<string, number[]>(subjects.map(([name]) => [name, []]));
let sink = 0;
for (let round = 0; round < ROUNDS + 2; round++) {
  for (const [name, run] of subjects) {
    const started = cpu();
    for (let call = 0; call < CALLS; call++) sink += run();
    if (round >= 2) rounds.get(name)!.push(((cpu() - started) * 1000) / CALLS);
  }
}
for (const [name, times] of rounds) {
  const sorted = [...times].sort((a, b) => a - b);
  console.log(
    `${name}: ${sorted[Math.floor(sorted.length / 2)]!.toFixed(2)} µs per delivery (${sorted[0]!.toFixed(2)}-${sorted.at(-1)!.toFixed(2)})`,
  );
}
if (sink === 0) console.log('');
