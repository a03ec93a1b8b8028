// µs of CPU per delivery, in process, for each sender: the receiver's whole route against the route
// that does strictly less (goal 2's bare routes, docs in BENCHMARKS.md), called in a loop on the
// same delivery, rounds alternating, the median of each side printed. What it leaves out is the
// server: no socket, no HTTP parse, no answer written. Run alone, on an idle machine:
//   node --import tsx bench/src/in-process/route-vs-bare.ts   (Node; the tsx command itself runs it slower)
//   bench/node_modules/.bin/bun bench/src/in-process/route-vs-bare.ts                          (Bun)
//   bench/node_modules/.bin/deno run -A --sloppy-imports bench/src/in-process/route-vs-bare.ts (Deno)
// The founding sender's row is the Web handler on `Request`s built with their `content-length`, as
// a server hands them over (without it the handler reads the body's stream); on Node that `Request`
// is undici's, which no Node receiver reads, so that row is for Bun and Deno.
import { createWebhookReceiver, type Delivery, type WebhookReceiver } from '@social-webhooks/core/adapter';
import { webhookHandler } from '@social-webhooks/core';
import { RECEIVER_OPTIONS } from '../http/apps/handler-options.js';
import { readSignedPayload } from '../http/apps/miniapp-bare.js';
import { miniAppReceiverOptions } from '../http/apps/miniapp-options.js';
import { NEYNAR_RECEIVER_OPTIONS } from '../http/apps/neynar-options.js';
import { signedByNeynar } from '../support/neynar-check.js';
import { BENCH_SECRET, foundingDelivery, HEADER, miniAppDelivery, neynarDelivery } from '../support/payloads.js';
import { sink } from '../support/sink.js';

const ROUNDS = 9;
const CALLS = 5_000;

type Run = () => Promise<void>;

function cpu(): number {
  const used = process.cpuUsage();
  return used.user + used.system;
}

/** µs of CPU per call of each side, the median of alternating rounds. */
async function compare(ours: Run, bare: Run): Promise<[number, number]> {
  const times: [number[], number[]] = [[], []];
  const sides = [ours, bare];
  for (let round = 0; round < ROUNDS; round++) {
    for (const side of round % 2 === 0 ? [0, 1] : [1, 0]) {
      const start = cpu();
      for (let call = 0; call < CALLS; call++) await sides[side]!();
      times[side]!.push((cpu() - start) / CALLS);
    }
  }
  const median = (values: number[]) => values.sort((a, b) => a - b)[values.length >> 1]!;
  return [median(times[0]), median(times[1])];
}

/** A delivery whose body is already read: the receiver's route from the header check to the handler's answer. */
function readDelivery(header: string | undefined, bytes: Uint8Array): Delivery<undefined> {
  return {
    header,
    contentType: 'application/json',
    contentEncoding: undefined,
    contentLength: String(bytes.byteLength),
    getHeader: () => undefined,
    readBody: () => ({ kind: 'bytes', bytes }),
    context: undefined,
    waitUntil: undefined,
  };
}

async function expectOk(status: Promise<number>): Promise<void> {
  if ((await status) !== 200) throw new Error('the receiver refused the bench delivery');
}

const decoder = new TextDecoder();
const rows: [string, number, number][] = [];
let pieces: string | undefined;

/** One row: the receiver's route on a delivery whose body is read, against `bare` on the same body. */
async function routeRow(
  label: string,
  receiver: WebhookReceiver<undefined>,
  header: string | undefined,
  body: Uint8Array,
  bare: () => void,
): Promise<void> {
  const read = readDelivery(header, body);
  await expectOk(receiver.receive(read).then((result) => result.status));
  rows.push([
    label,
    ...(await compare(
      async () => void (await receiver.receive(read)),
      async () => bare(),
    )),
  ]);
}

const neynar = await neynarDelivery('cast.created');
const neynarSignature = neynar.headers['x-neynar-signature'];
await routeRow(
  "Neynar cast.created: the route against Neynar's documented check",
  createWebhookReceiver(NEYNAR_RECEIVER_OPTIONS),
  neynarSignature,
  neynar.body,
  () => {
    const text = decoder.decode(neynar.body);
    if (!signedByNeynar(text, neynarSignature)) throw new Error('unsigned');
    sink(JSON.parse(text));
  },
);

const miniApp = await miniAppDelivery();
await routeRow(
  'Mini App miniapp_added: the route against the bare verify',
  createWebhookReceiver(miniAppReceiverOptions(Object.values(miniApp.serverEnv!)[0]!)),
  undefined,
  miniApp.body,
  () => {
    if (readSignedPayload(JSON.parse(decoder.decode(miniApp.body))) === undefined) throw new Error('unsigned');
  },
);

if ('Bun' in globalThis || 'Deno' in globalThis) {
  const follow = foundingDelivery('follow.created');
  const text = decoder.decode(follow.body);
  const headers = { ...follow.headers, 'content-length': String(follow.body.byteLength) };
  const request = () => new Request('http://127.0.0.1/webhook', { method: 'POST', headers, body: text });
  const handle = webhookHandler(RECEIVER_OPTIONS);
  await expectOk(handle(request()).then((response) => response.status));
  // Each call builds its `Request` on both sides alike: the difference is the route's.
  rows.push([
    'follow.created: the Web handler against request.json() + !==',
    ...(await compare(
      async () => void (await handle(request())),
      async () => {
        const received = request();
        const value: unknown = await received.json();
        if (received.headers.get(HEADER) !== BENCH_SECRET) throw new Error('unauthorized');
        sink(value);
        Response.json('ok');
      },
    )),
  ]);
  // Two pieces of the handler's difference, timed alone: the route from the header check to the
  // handler's answer given the parsed body, and the three header reads the bare route skips.
  const value: unknown = JSON.parse(text);
  const receiver = createWebhookReceiver(RECEIVER_OPTIONS);
  const parsed: Delivery<undefined> = { ...readDelivery(BENCH_SECRET, follow.body), readBody: () => ({ kind: 'parsed', value }) };
  const built = request();
  const [route, reads] = await compare(
    async () => void (await receiver.receive(parsed)),
    async () => {
      const { headers: got } = built;
      sink([got.get('content-type'), got.get('content-encoding'), got.get('content-length')]);
    },
  );
  pieces = `follow.created, pieces of the handler: the route given the parsed body ${route.toFixed(2)}, three header reads ${reads.toFixed(2)}`;
}

// What a promise hop costs here, against which the routes' steps can be weighed: a chain of four
// `then`s against a chain of one, the difference over three.
const identity = (value: number) => value;
const [fourHops, oneHop] = await compare(
  async () => void (await Promise.resolve(0).then(identity).then(identity).then(identity).then(identity)),
  async () => void (await Promise.resolve(0).then(identity)),
);
const hop = `a promise hop: ${((fourHops - oneHop) / 3).toFixed(3)}`;

const scope = globalThis as { Deno?: { version: { deno: string } }; Bun?: { version: string } };
const runtime =
  scope.Deno !== undefined
    ? `Deno ${scope.Deno.version.deno}`
    : scope.Bun !== undefined
      ? `Bun ${scope.Bun.version}`
      : `Node ${process.version}`;
console.log(`In process, µs of CPU per delivery, median of ${ROUNDS} alternating rounds of ${CALLS} (${runtime}):`);
for (const [label, ours, bare] of rows) console.log(`  ${label}: ${ours.toFixed(2)} against ${bare.toFixed(2)}`);
if (pieces !== undefined) console.log(`  ${pieces}`);
console.log(`  ${hop}`);
