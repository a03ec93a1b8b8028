import { afterEach, describe, expect, it } from 'vitest';
import { buildDelivery, buildNeynarDelivery } from '@social-webhooks/core/testing';
import { redisDeliveryArchive } from '@social-webhooks/redis';
import { itCompilesPrograms } from './support/compile-snippets.js';
import {
  emulator,
  ends,
  exits,
  lines,
  post,
  programsOf,
  redisServer,
  runProgram as run,
  sleep,
  stopStarted,
  type Program,
  type RunningProgram,
  type SnippetRuntime,
} from './support/snippet-programs.js';

// The guides' other snippets (reliability, observability, testing, subscriptions, the emulator,
// options) and the client's, filter's and emulator's READMEs, run as pasted with the machinery of
// test/support/snippet-programs.ts: each program type-checked under the house's strict flags, run
// on Node in its own process with the environment its page names (a real redis-server, the
// emulator as the service, Neynar's API or the hub), and what its page says it does checked from
// outside. A program that runs to its end must exit by itself; one that serves must exit on SIGTERM.
const FILES = [
  'docs/reliability.md',
  'docs/observability.md',
  'docs/testing.md',
  'docs/subscriptions.md',
  'docs/emulator.md',
  'docs/options.md',
  'packages/client/README.md',
  'packages/filter/README.md',
  'packages/emulator/README.md',
  'docs/archive.md',
];
const SECRET = 'guide-snippets-secret';

const all = FILES.map(programsOf);
const programs = all.flatMap(({ programs }) => programs);
/** Programs by the heading they start under: a page may give two under one (a receiver and its worker). */
const byName = new Map<string, Program[]>();
for (const program of programs) byName.set(program.name, [...(byName.get(program.name) ?? []), program]);

afterEach(stopStarted, 60_000);

const neynar = (secret = SECRET) => buildNeynarDelivery({ secret, type: 'cast.created' });
const hashOf = (delivery: { body: string }) => (JSON.parse(delivery.body) as { data: { hash: string } }).data.hash;
const printed = (child: RunningProgram) => child.lines.join('\n');

/** Runs a program that runs to its end; answers what it printed. */
async function runToEnd(program: Program, env: NodeJS.ProcessEnv = {}, runtime: SnippetRuntime = 'node'): Promise<string> {
  const child = await run(program, env, runtime);
  await ends(child);
  return child.lines.filter((line) => !line.startsWith('SNIPPET READY ')).join('\n');
}

/** The filter and the client packages say they run on Node, Bun and Deno: their snippets run on each. */
const NEUTRAL: readonly SnippetRuntime[] = ['node', 'bun', 'deno'];

/** The filter language's three calls on the founding service's samples (subscriptions guide, filter README). */
const filterCalls =
  (runtimes: readonly SnippetRuntime[]) =>
  async ([program]: Program[]) => {
    for (const runtime of runtimes) {
      const output = await runToEnd(program!, {}, runtime);
      expect(output, runtime).toMatch(/^true\n/);
      expect(output, runtime).toMatch(/code: ['"]unknown_operator['"]/); // each runtime's console quotes its own way
      expect(output, runtime).toMatch(/\{\s*ok: true,?\s*\}$/);
    }
  };

/** A client program against the emulator as the service: the webhook created, then deleted. */
async function clientCalls([program]: Program[], expected: RegExp, runtimes: readonly SnippetRuntime[] = ['node']): Promise<void> {
  const service = await emulator();
  for (const runtime of runtimes) {
    const output = await runToEnd(program!, { WEBHOOKS_API_KEY: 'emulator-api-key', WEBHOOKS_BASE_URL: service.url }, runtime);
    expect(output, runtime).toMatch(expected);
    expect(service.webhooks(), runtime).toEqual([]);
  }
}

/** What each page says its programs do, by the heading they start under. */
const SCENARIOS: Record<string, (programs: Program[]) => Promise<void>> = {
  async 'docs/reliability.md › Duplicate deliveries'([program]) {
    // dedupe: true: the same delivery twice is handled once, the second answered "already handled".
    const child = await run(program!, { NEYNAR_WEBHOOK_SECRET: SECRET });
    const delivery = await neynar();
    expect((await post(`${child.url}/webhook`, delivery)).status).toBe(200);
    const again = await post(`${child.url}/webhook`, delivery);
    expect([again.status, await again.json()]).toEqual([200, 'ignored: already handled']);
    expect(lines([child], / handled$/)).toEqual([`cast ${hashOf(delivery)} handled`]);
    await exits(child);
  },

  async 'docs/reliability.md › Several instances: Redis'([program]) {
    // Two instances on one Redis: a delivery reaching both is handled once.
    const redis = await redisServer();
    const env = { REDIS_URL: redis.url, NEYNAR_WEBHOOK_SECRET: SECRET };
    const instances = await Promise.all([run(program!, env), run(program!, env)]);
    const delivery = await neynar();
    for (const instance of instances) expect((await post(`${instance.url}/webhook`, delivery)).status).toBe(200);
    await sleep(300);
    expect(lines(instances, / handled$/)).toEqual([`cast ${hashOf(delivery)} handled`]);
    for (const instance of instances) await exits(instance);
  },

  async 'docs/reliability.md › Answering before handlers finish'([program]) {
    // respondWithin: 3000: a 202 after 3 s while the 5 s handler runs on, and finishes.
    const child = await run(program!, { NEYNAR_WEBHOOK_SECRET: SECRET });
    const delivery = await neynar();
    const started = Date.now();
    const answer = await post(`${child.url}/webhook`, delivery);
    expect([answer.status, await answer.json()]).toEqual([202, 'accepted: the handler is still running']);
    expect(Date.now() - started).toBeGreaterThanOrEqual(3000);
    expect(lines([child], /after the answer$/)).toEqual([]);
    await expect
      .poll(() => lines([child], /after the answer$/), { timeout: 5_000 })
      .toEqual([`cast ${hashOf(delivery)} handled, after the answer`]);
    await exits(child);
  },

  async 'docs/reliability.md › Durable hand-off to a queue (BullMQ)'([receiver, worker]) {
    // receiver.ts answers 202 once Redis holds the job, a redelivery adds none; worker.ts runs it once.
    const redis = await redisServer();
    const env = { REDIS_URL: redis.url, WEBHOOK_SECRET: SECRET };
    const [queue, work] = await Promise.all([run(receiver!, env), run(worker!, env)]);
    const delivery = buildDelivery({ secret: SECRET, eventName: 'follow.created' });
    expect((await post(`${queue.url}/webhook`, delivery)).status).toBe(202);
    expect((await post(`${queue.url}/webhook`, delivery)).status).toBe(202);
    expect((await post(`${queue.url}/webhook`, buildDelivery({ secret: 'forged', eventName: 'follow.created' }))).status).toBe(401);
    await expect.poll(() => lines([work], /followed/), { timeout: 10_000 }).toEqual(['3761 followed 326089 (attempt 1)']);
    await sleep(500);
    expect(lines([work], /followed/)).toHaveLength(1);
    await exits(queue);
    await exits(work);
  },

  async 'docs/observability.md › Logging'([program]) {
    // logger: console: every outcome, a 200 included, one line with its fields.
    const child = await run(program!, { WEBHOOK_SECRET: SECRET });
    expect((await post(`${child.url}/webhook`, buildDelivery({ secret: SECRET, eventName: 'follow.created' }))).status).toBe(200);
    // console prints the fields over several lines once they pass its width.
    await expect
      .poll(() => printed(child))
      .toMatch(
        /^social-webhooks: delivery answered: 200 handled \(follow\.created\) \{\s+status: 200,\s+code: 'handled',\s+eventName: 'follow\.created'/m,
      );
    await exits(child);
  },

  async 'docs/observability.md › Metrics from `onResult`'([program]) {
    // onResult counts each delivery once, by code and event; a refused one before its event was named.
    const child = await run(program!, { WEBHOOK_SECRET: SECRET });
    expect((await post(`${child.url}/webhook`, buildDelivery({ secret: SECRET, eventName: 'follow.created' }))).status).toBe(200);
    expect((await post(`${child.url}/webhook`, buildDelivery({ secret: 'forged', eventName: 'follow.created' }))).status).toBe(401);
    expect((await (await fetch(`${child.url}/metrics`)).text()).split('\n').sort()).toEqual([
      'handled follow.created 1',
      'header_mismatch none 1',
    ]);
    await exits(child);
  },

  async 'docs/observability.md › OpenTelemetry'([program]) {
    // The SDK it sets up exports a span per delivery, named after its event.
    const child = await run(program!, { NEYNAR_WEBHOOK_SECRET: SECRET });
    expect((await post(`${child.url}/webhook`, await neynar())).status).toBe(200);
    await expect.poll(() => printed(child), { timeout: 10_000 }).toMatch(/name: 'webhook cast\.created'/);
    expect(printed(child)).toMatch(/'social_webhooks\.outcome': 'handled'/);
    await exits(child);
  },

  async "docs/testing.md › The founding service's deliveries"([program]) {
    // Its assertions pass (or the program exits non-zero), and the Web handler's follow.deleted ran.
    expect(await runToEnd(program!)).toMatch(/^1 unfollowed$/m);
  },

  async "docs/testing.md › Neynar's deliveries"([program]) {
    expect(await runToEnd(program!)).toMatch(/^1 followed \d+$/m);
  },

  async 'docs/testing.md › Mini App events'([ownKey, signer]) {
    // Signed with the test's own key, and with createMiniAppSigner (whose other user is refused 401).
    expect(await runToEnd(ownKey!)).toBe('3 t0k3n');
    expect(await runToEnd(signer!)).toBe('3 enabled notifications');
  },

  async 'docs/subscriptions.md › Managing webhooks with the client'(programs) {
    await clientCalls(programs, /^webhook \w{26} created, its secret 24 characters\n\{ ok: true, checkedBy: 'service' \}$/);
  },

  'docs/subscriptions.md › The filter language': filterCalls(['node']),

  async 'docs/subscriptions.md › Neynar'([program]) {
    // Neynar's SDK, pointed at the emulator, publishes the webhook with its subscription.
    const service = await emulator();
    await runToEnd(program!, { NEYNAR_API_KEY: 'emulator-api-key', NEYNAR_BASE_URL: service.url });
    expect(service.neynar.webhooks().map(({ title, subscription }) => [title, subscription?.filters])).toEqual([
      ['casts that say gm', { 'cast.created': { text: '(?i)\\bgm\\b' } }],
    ]);
  },

  async "docs/emulator.md › From code (your receiver's tests)"([program]) {
    // Delivered 200; the duplicate fault sends it twice; the replay once more: four handled.
    const output = await runToEnd(program!);
    expect(output).toMatch(/^200$/m);
    expect(output.split('\n').filter((line) => line === '3761 follows 326089')).toHaveLength(4);
  },

  async 'docs/emulator.md › Mini App notifications'([program]) {
    expect(await runToEnd(program!)).toMatch(/notificationId: 'welcome',[\s\S]*repeats: 0/);
  },

  async 'docs/options.md › `neynarSender`'([program]) {
    // Both rotation forms of the variable (the shell block below it): the new and the old secret verify, another does not.
    const forms = [
      '["new-secret","old-secret"]',
      JSON.stringify([
        { uid: 'b', value: 'new-secret', expires_at: null },
        { uid: 'a', value: 'old-secret', expires_at: new Date(Date.now() + 3_600_000).toISOString() },
      ]),
    ];
    for (const NEYNAR_WEBHOOK_SECRET of forms) {
      const child = await run(program!, { NEYNAR_WEBHOOK_SECRET });
      expect((await post(`${child.url}/webhook`, await neynar('new-secret'))).status).toBe(200);
      expect((await post(`${child.url}/webhook`, await neynar('old-secret'))).status).toBe(200);
      expect((await post(`${child.url}/webhook`, await neynar('another-secret'))).status).toBe(401);
      await expect.poll(() => lines([child], / handled$/)).toHaveLength(2);
      await exits(child);
    }
  },

  async 'docs/options.md › Hypersnap: `signatureHeader`'([program]) {
    // The signature in X-Hypersnap-Signature verifies; in X-Neynar-Signature alone it is missing.
    const child = await run(program!, { HYPERSNAP_WEBHOOK_SECRET: SECRET });
    const { headers, body } = await neynar();
    const { 'x-neynar-signature': signature, ...rest } = headers;
    expect((await post(`${child.url}/webhook`, { headers: { ...rest, 'x-hypersnap-signature': signature! }, body })).status).toBe(200);
    const missing = await post(`${child.url}/webhook`, { headers, body });
    expect([missing.status, await missing.text()]).toEqual([401, expect.stringContaining('x-hypersnap-signature')]);
    await exits(child);
  },

  async 'docs/options.md › `miniAppSender`'([program]) {
    // With the emulator as hub (SOCIAL_WEBHOOKS_HUB_URL) and as the user's client: the event verified and handled.
    const client = await emulator();
    const child = await run(program!, { SOCIAL_WEBHOOKS_HUB_URL: client.url, NEYNAR_API_KEY: 'unused-locally' });
    const sent = await client.miniApp.send({ to: `${child.url}/webhook`, event: 'miniapp_added', fid: 3 });
    expect((await client.miniApp.waitForDelivery(sent.deliveryId)).attempts[0]?.status).toBe(200);
    expect(lines([child], /added the app$/)).toEqual(['fid 3 added the app']);
    await exits(child);
  },

  async 'packages/client/README.md › @social-webhooks/client'(programs) {
    await clientCalls(programs, /^webhook \w{26} created, its header x-airstack-webhook$/, NEUTRAL);
  },

  'packages/filter/README.md › @social-webhooks/filter': filterCalls(NEUTRAL),

  async 'packages/filter/README.md › Neynar subscriptions'([program]) {
    for (const runtime of NEUTRAL) {
      expect(await runToEnd(program!, {}, runtime), runtime).toBe(
        '"cast.created".author_fids[0]: expects a list of FIDs (whole numbers), e.g. [194, 3]; got "194" (write 194 without quotes)\ntrue',
      );
    }
  },

  async 'packages/emulator/README.md › @social-webhooks/emulator'([program]) {
    expect(await runToEnd(program!)).toBe("3761 follows 326089\n[ 'delivered 200' ]");
  },

  async "packages/emulator/README.md › From `emulate` to a verified delivery in your receiver's test"([program]) {
    // Neynar's SDK creates the webhook on the emulator; the receiver verifies and handles the cast.
    expect(await runToEnd(program!)).toMatch(/^cast by 412037 : gm @kenji, .*\ndelivered 200$/);
  },

  async 'packages/emulator/README.md › Mini App backend'([program]) {
    // Verified through the emulator as hub, the token stored, a notification sent with it reaches the user.
    expect(await runToEnd(program!)).toBe('delivered 200\nreached 1 of 1 notification\n1 received by fid 3');
  },

  async 'packages/emulator/README.md › Notifications, as a Farcaster client answers them'([program]) {
    expect(await runToEnd(program!)).toBe('503 503 200');
  },

  async 'docs/archive.md › Archive every delivery'([program]) {
    // A delivery whose handler fails is kept with its outcome; a forgery is refused and not kept.
    const redis = await redisServer();
    const child = await run(program!, { REDIS_URL: redis.url, NEYNAR_WEBHOOK_SECRET: SECRET, CAST_BUG: '1' });
    const delivery = await neynar();
    expect((await post(`${child.url}/webhook`, delivery)).status).toBe(500);
    expect((await post(`${child.url}/webhook`, await neynar('forged'))).status).toBe(401);
    const { deliveries } = await redisDeliveryArchive({ client: redis.client }).list();
    expect(deliveries.map((d) => [d.event.data['hash'], d.code, new TextDecoder().decode(d.body)])).toEqual([
      [hashOf(delivery), 'handler_failed', delivery.body],
    ]);
    await exits(child);
  },

  async 'docs/archive.md › Replay a window'([program]) {
    // Two deliveries fail while the bug is live; the replay runs them once each, and a second run none.
    const redis = await redisServer();
    const since = new Date().toISOString();
    const [receiver] = byName.get('docs/archive.md › Archive every delivery')!;
    const child = await run(receiver!, { REDIS_URL: redis.url, NEYNAR_WEBHOOK_SECRET: SECRET, CAST_BUG: '1' });
    // Two events (their created_at differ), not one delivered twice.
    const deliveries = [1, 2].map((createdAt) => buildNeynarDelivery({ secret: SECRET, type: 'cast.created', createdAt }));
    for (const delivery of deliveries) expect((await post(`${child.url}/webhook`, await delivery)).status).toBe(500);
    await exits(child);
    const env = { REDIS_URL: redis.url, NEYNAR_WEBHOOK_SECRET: SECRET, SINCE: since };
    const first = await runToEnd(program!, env);
    expect(first.split('\n').sort()).toEqual(
      [
        ...(await Promise.all(deliveries)).map((delivery) => `cast ${hashOf(delivery)} handled (replay)`),
        '2 replayed, 0 skipped, 0 failed',
      ].sort(),
    );
    // Run again under the same checkpoint: it goes on after the last one, where nothing is left.
    expect(await runToEnd(program!, env)).toBe('0 replayed, 0 skipped, 0 failed');
  },
};

describe("the guides' and the client, filter and emulator READMEs' snippets", () => {
  it('finds each program where its page puts it, and only fences that say why are left out', () => {
    expect([...byName.keys()]).toEqual(Object.keys(SCENARIOS));
    expect(all.flatMap(({ excluded }) => excluded.map(({ file, lang }) => `${file}: ${lang}`))).toEqual([
      'docs/reliability.md: sh',
      'docs/reliability.md: sh',
      'docs/reliability.md: sh',
      'docs/reliability.md: sh',
      'docs/observability.md: text',
      'docs/observability.md: ts',
      'docs/subscriptions.md: text',
      'docs/emulator.md: sh',
      'docs/emulator.md: sh',
      'docs/options.md: sh',
      'packages/client/README.md: sh',
      'packages/filter/README.md: sh',
      'packages/emulator/README.md: sh',
      'packages/emulator/README.md: sh',
      'packages/emulator/README.md: sh',
      'docs/archive.md: sh',
    ]);
  });

  itCompilesPrograms('guide-snippets-types', programs);

  // By name, as a string: vitest shortens an object's `$name` to 40 characters, and `-t` would not find it.
  it.each([...byName.keys()])(
    '%s runs as pasted and does what its page says',
    async (name) => {
      await SCENARIOS[name]!(byName.get(name)!);
    },
    60_000,
  );
});
