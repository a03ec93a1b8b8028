import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { miniAppSender, verifyAppKeyWithHub, verifyAppKeyWithNeynar, webhookHandler } from '@social-webhooks/core';
import { createMiniAppSigner, type MiniAppSigner } from '@social-webhooks/core/testing';
import { startChildServer, type ChildServer } from './support/child-server.js';
import { freePort } from './support/free-port.js';
import { startLocalHub, type LocalHub } from './support/local-hub.js';
import { LOOKUP_ROUTES, type LookupRoute } from './support/lookup-routes.js';
import { startRedis, type RedisServer } from './support/redis-server.js';

// Mini App key lookups under attack (issue 34), against a real hub on loopback that counts its calls:
// forged events cost at most one call per FID per recheck interval, concurrent events of one user one
// call, a flood past the budget never stops users already cached; the same for one receiver and for
// two receiver processes sharing a Redis (each its own client and store: they share only what Redis holds).
const removed = { event: 'miniapp_removed' } as const;
// Node with tsx's loader, as support/queue-processes.ts starts its receivers.
const NODE_ARGS = ['--import', 'tsx', '--conditions=source'];
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const RECEIVER = fileURLToPath(new URL('./support/lookup-receiver.ts', import.meta.url));
let hub: LocalHub;
let redis: RedisServer;
beforeAll(async () => {
  [hub, redis] = await Promise.all([startLocalHub(), startRedis()]);
});
afterAll(async () => {
  await Promise.all([hub?.close(), redis?.stop()]);
});

let nextFid = 1_000;
/** A user whose app key the hub lists. */
async function user(): Promise<MiniAppSigner> {
  const signer = await createMiniAppSigner({ fid: nextFid++ });
  hub.add(signer.signerEvent);
  return signer;
}
/** A stranger's key claiming to be `fid`'s: the hub does not list it. */
const forger = (fid: number) => createMiniAppSigner({ fid });

interface Receivers {
  /** Sends the delivery to the receivers in turn; answers status and code. */
  send(signer: MiniAppSigner): Promise<{ status: number; code: string }>;
  /** The error lines the receivers logged so far. */
  errors(): string[];
}

type Mode = 'one receiver' | 'two receiver processes sharing a Redis';

/** One receiver in this process with the default in-memory store, built afresh for each test. */
function oneReceiver(route: LookupRoute): Receivers {
  const errors: string[] = [];
  const handle = webhookHandler({
    sender: miniAppSender({ verifyAppKey: verifyAppKeyWithHub({ hubUrl: hub.url, ...LOOKUP_ROUTES[route] }) }),
    on: { miniapp_removed: () => undefined },
    logger: { error: (message: string) => void errors.push(message) },
  });
  return {
    errors: () => errors,
    async send(signer) {
      return answerOf(await handle(await signer.deliveryRequest(removed)));
    },
  };
}

/** Two receiver processes (support/lookup-receiver.ts), each with its own Redis client: they share only what Redis holds. */
function twoProcesses(processes: readonly ChildServer[], route: LookupRoute): Receivers {
  let turn = 0;
  const already = processes.map((child) => child.lines.length);
  return {
    errors: () =>
      processes.flatMap((child, index) =>
        child.lines
          .slice(already[index])
          .filter((line) => line.startsWith('ERROR '))
          .map((line) => line.slice(6)),
      ),
    async send(signer) {
      const { port } = processes[turn++ % processes.length]!;
      const { headers, body } = await signer.delivery(removed);
      return answerOf(await fetch(`http://127.0.0.1:${port}/${route}`, { method: 'POST', headers, body }));
    },
  };
}

async function answerOf(response: Response): Promise<{ status: number; code: string }> {
  const body = (await response.json()) as string | { error: string };
  return { status: response.status, code: typeof body === 'string' ? body : body.error };
}

const count = (answers: { status: number; code: string }[]) => {
  const counts: Record<string, number> = {};
  for (const { status, code } of answers) counts[`${status} ${code}`] = (counts[`${status} ${code}`] ?? 0) + 1;
  return counts;
};

describe.each<Mode>(['one receiver', 'two receiver processes sharing a Redis'])('Mini App key lookups under attack: %s', (mode) => {
  const processes: ChildServer[] = [];
  beforeAll(async () => {
    if (mode === 'one receiver') return;
    const env = { REDIS_URL: redis.url, HUB_URL: hub.url, PREFIX: `lookups-${process.pid}:` };
    processes.push(
      ...(await Promise.all([0, 1].map(() => startChildServer(process.execPath, [...NODE_ARGS, RECEIVER], { cwd: ROOT, env })))),
    );
  });
  afterAll(async () => {
    await Promise.all(processes.map((child) => child.stop()));
  });
  afterEach(() => hub.answerWith(undefined));
  const receivers = (route: LookupRoute) => (mode === 'one receiver' ? oneReceiver(route) : twoProcesses(processes, route));

  it('1,000 forged events over 10 FIDs cost one hub call per FID, and those users still verify without another', async () => {
    const users = await Promise.all(Array.from({ length: 10 }, () => user()));
    const send = receivers('forged');
    const forgers = await Promise.all(Array.from({ length: 1_000 }, (_, index) => forger(users[index % 10]!.fid)));
    const before = hub.calls.length;
    const answers = [];
    for (let batch = 0; batch < 10; batch++) {
      answers.push(...(await Promise.all(forgers.slice(batch * 100, batch * 100 + 100).map((signer) => send.send(signer)))));
    }
    expect(count(answers)).toEqual({ '401 app_key_invalid': 1_000 });
    const calls = hub.calls.slice(before);
    expect(calls.length).toBeLessThanOrEqual(10);
    expect(new Set(calls).size).toBe(calls.length);
    expect(count(await Promise.all(users.map((signer) => send.send(signer))))).toEqual({ '200 ok': 10 });
    expect(hub.calls.length - before).toBe(calls.length);
  });

  it('50 concurrent events of one user with a cold cache cost one hub call', async () => {
    const signer = await user();
    const send = receivers('default');
    const before = hub.calls.length;
    const answers = await Promise.all(Array.from({ length: 50 }, () => send.send(signer)));
    expect(count(answers)).toEqual({ '200 ok': 50 });
    expect(hub.calls.slice(before)).toEqual([signer.fid]);
  });

  it("a forged flood past the budget is answered 503 while cached users' events are answered 200 throughout", async () => {
    const send = receivers('budget');
    const cached = [await user(), await user()];
    expect(count(await Promise.all(cached.map((signer) => send.send(signer))))).toEqual({ '200 ok': 2 });
    const before = hub.calls.length;
    const started = performance.now();
    const genuine: { status: number; code: string }[] = [];
    const forged: { status: number; code: string }[] = [];
    for (let round = 0; round < 6; round++) {
      // 50 strangers' keys, each for a FID nobody has looked up, beside the cached users' events.
      const strangers = await Promise.all(Array.from({ length: 50 }, () => forger(nextFid++)));
      const [flood, users] = await Promise.all([
        Promise.all(strangers.map((signer) => send.send(signer))),
        Promise.all(Array.from({ length: 10 }, (_, index) => send.send(cached[index % 2]!))),
      ]);
      forged.push(...flood);
      genuine.push(...users);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const seconds = (performance.now() - started) / 1000;
    expect(count(genuine)).toEqual({ '200 ok': 60 });
    const outcomes = count(forged);
    expect(Object.keys(outcomes).sort()).toEqual(['401 app_key_invalid', '503 app_key_lookup_failed']);
    // The whole fleet's calls stay within the bucket (2 at first) and 2 a second after.
    expect(hub.calls.length - before).toBeLessThanOrEqual(2 + Math.ceil(2 * seconds));
    expect(hub.calls.length - before).toBe(outcomes['401 app_key_invalid']);
    expect(
      send.errors().some((line) => /the lookup budget was hit: 2 lookups a second \(the maxLookupsPerSecond option\)/.test(line)),
    ).toBe(true);
  });

  it("a hub's 429 stops lookups for its Retry-After, while cached users' events are answered 200", async () => {
    const send = receivers('default');
    const cached = await user();
    expect(await send.send(cached)).toEqual({ status: 200, code: 'ok' });
    hub.answerWith((_request, response) => response.writeHead(429, { 'retry-after': '1' }).end('{"message":"rate limited"}'));
    const before = hub.calls.length;
    const newcomer = await user();
    expect(await send.send(newcomer)).toEqual({ status: 503, code: 'app_key_lookup_failed' });
    expect(hub.calls.length - before).toBe(1);
    hub.answerWith(undefined);
    // Within the Retry-After, no receiver asks the hub: a cold user waits, a cached one does not.
    for (let round = 0; round < 4; round++) {
      expect(await send.send(newcomer)).toEqual({ status: 503, code: 'app_key_lookup_failed' });
      expect(await send.send(cached)).toEqual({ status: 200, code: 'ok' });
    }
    expect(hub.calls.length - before).toBe(1);
    expect(send.errors().some((line) => /the hub answered 429 \(rate limited\)/.test(line))).toBe(true);
    expect(send.errors().some((line) => /the hub rate-limited lookups \(429\); no lookup for another 1 s/.test(line))).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await send.send(newcomer)).toEqual({ status: 200, code: 'ok' });
    expect(hub.calls.length - before).toBe(2);
  });
});

describe('verifyAppKeyWithNeynar on a developer machine', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    delete process.env.SOCIAL_WEBHOOKS_HUB_URL;
  });

  it('asks the hub named by SOCIAL_WEBHOOKS_HUB_URL when hubUrl is left out, and says so once', async () => {
    process.env.SOCIAL_WEBHOOKS_HUB_URL = hub.url;
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const signer = await user();
    // The README's quickstart as pasted: only the API key.
    const handle = webhookHandler({
      sender: miniAppSender({ verifyAppKey: verifyAppKeyWithNeynar({ apiKey: 'NEYNAR_API_DOCS' }) }),
      on: { miniapp_removed: () => undefined },
    });
    for (let round = 0; round < 3; round++) expect((await handle(await signer.deliveryRequest(removed))).status).toBe(200);
    expect(hub.calls.at(-1)).toBe(signer.fid);
    expect(warn.mock.calls).toEqual([
      [`@social-webhooks/core: verifyAppKeyWithNeynar asks the hub at ${hub.url} (from SOCIAL_WEBHOOKS_HUB_URL), not Neynar's.`],
    ]);
  });

  it('prefers hubUrl to the environment, and refuses a malformed SOCIAL_WEBHOOKS_HUB_URL at start-up', () => {
    process.env.SOCIAL_WEBHOOKS_HUB_URL = 'localhost:8787';
    expect(() => verifyAppKeyWithNeynar({ apiKey: 'k' })).toThrow(
      /verifyAppKeyWithNeynar \(SOCIAL_WEBHOOKS_HUB_URL\): `hubUrl` must be the http\(s\) URL/,
    );
    expect(verifyAppKeyWithNeynar({ apiKey: 'k', hubUrl: hub.url }).note).toBeUndefined();
  });

  it('names the hub it could not reach and SOCIAL_WEBHOOKS_HUB_URL, where the URL came from, and never the API key', async () => {
    // The emulator named by the variable is not running: nothing listens on that port.
    process.env.SOCIAL_WEBHOOKS_HUB_URL = `http://127.0.0.1:${await freePort()}`;
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const signer = await user();
    const handle = webhookHandler({
      sender: miniAppSender({ verifyAppKey: verifyAppKeyWithNeynar({ apiKey: 'NEYNAR-SECRET-KEY' }) }),
      on: { miniapp_removed: () => undefined },
    });
    expect((await handle(await signer.deliveryRequest(removed))).status).toBe(503);
    const printed = [...warn.mock.calls, ...error.mock.calls].map(([message]) => String(message));
    const lookup = printed.find((line) => /app key lookup failed/.test(line));
    expect(lookup).toMatch(
      new RegExp(
        `could not reach the hub at ${process.env.SOCIAL_WEBHOOKS_HUB_URL.replaceAll('.', '\\.')}: fetch failed \\(.*ECONNREFUSED.*\\)\\. ` +
          'Its URL comes from SOCIAL_WEBHOOKS_HUB_URL: start the emulator there \\(social-webhooks emulate\\), or unset it',
      ),
    );
    // The answer's log line hints at the variable too.
    expect(printed.find((line) => /answered: 503/.test(line))).toMatch(
      /SOCIAL_WEBHOOKS_HUB_URL or hubUrl naming a hub that is not running/,
    );
    expect(printed.join('\n')).not.toContain('NEYNAR-SECRET-KEY');
  });

  it("says that an unreachable default hub is Neynar's, and how to ask the emulator instead", async () => {
    const signer = await user();
    const lookup = verifyAppKeyWithNeynar({ apiKey: 'k', fetch: () => Promise.reject(new TypeError('fetch failed')) });
    await expect(lookup(signer.fid, signer.appKey)).rejects.toThrow(
      "could not reach the hub at https://hub-api.neynar.com: fetch failed. It is Neynar's hub, the default; on your machine, set SOCIAL_WEBHOOKS_HUB_URL to the emulator's URL to ask it instead.",
    );
  });

  it('logs a hub it cannot reach as one line per delivery that names the cause, with no stack trace', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const signer = await user();
    const handle = webhookHandler({
      sender: miniAppSender({ verifyAppKey: verifyAppKeyWithNeynar({ apiKey: 'k', hubUrl: 'http://hub.invalid' }) }),
      on: { miniapp_removed: () => undefined },
    });
    for (let round = 0; round < 2; round++) expect((await handle(await signer.deliveryRequest(removed))).status).toBe(503);
    const lines = error.mock.calls.filter(([message]) => /app key lookup failed/.test(String(message)));
    expect(lines).toHaveLength(2);
    for (const line of lines) {
      expect(line).toHaveLength(1);
      expect(line[0]).toMatch(
        /answered 503: could not reach the hub at http:\/\/hub\.invalid: fetch failed \(getaddrinfo ENOTFOUND hub\.invalid/,
      );
      expect(line[0]).not.toMatch(/\n/);
    }
    // Nothing the console printed carries an error object (whose stack it would print).
    expect(error.mock.calls.flat().some((argument) => argument instanceof Error)).toBe(false);
  });
});
