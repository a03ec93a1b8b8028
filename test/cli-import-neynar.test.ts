import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { NotificationTarget } from '@social-webhooks/core';
import { DEFAULT_API_KEY, startEmulator, type Emulator } from '@social-webhooks/emulator';
import { redisTokenStore } from '@social-webhooks/redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBin } from '../packages/cli/test/run-bin.js';
import { useRedisClient } from './support/redis-client.js';

// `social-webhooks import-tokens --from neynar`, the built binary, reading Neynar's list of an app's
// notification tokens as the emulator plays it (the route the SDK's fetchNotificationTokens calls,
// test/emulator-neynar-tokens.test.ts) into a redisTokenStore on a real redis-server: 258 tokens over
// three pages, the enabled ones imported, none lost, a second run importing none.

const builtBin = fileURLToPath(new URL('../packages/cli/dist/bin.js', import.meta.url));
const prefix = 'moved:tokens:';

interface Report {
  dryRun: boolean;
  read: number;
  imported: number;
  unchanged: number;
  notEnabled: Record<string, number>;
  skipped: { row: string; reason: string; detail: string }[];
  from: string;
  to: string;
}

describe('import-tokens --from neynar, from the emulator’s Neynar into a redisTokenStore', () => {
  const ours = useRedisClient();
  let emulator: Emulator;
  let app: Server;

  function run(args: readonly string[], key = DEFAULT_API_KEY) {
    const flags = ['--from', 'neynar', '--base-url', emulator.url, '--to-redis', ours.server.url, '--prefix', prefix];
    return runBin(['import-tokens', ...flags, ...args], { script: builtBin, env: { NEYNAR_API_KEY: key } });
  }
  async function stored(): Promise<NotificationTarget[]> {
    const all: NotificationTarget[] = [];
    for await (const page of redisTokenStore({ client: ours.client, prefix }).listPages!()) all.push(...page);
    return all.sort((a, b) => a.fid - b.fid);
  }
  async function send(fid: number, event: 'miniapp_added' | 'notifications_enabled' | 'notifications_disabled' | 'miniapp_removed') {
    const to = `http://127.0.0.1:${(app.address() as AddressInfo).port}/webhook`;
    const { deliveryId } = await emulator.miniApp.send({ to, event, fid });
    expect((await emulator.miniApp.waitForDelivery(deliveryId)).state).toBe('delivered');
  }

  beforeAll(async () => {
    if (!existsSync(builtBin)) throw new Error(`${builtBin} is missing: run pnpm build first (these tests run the built binary).`);
    emulator = await startEmulator();
    app = createServer((_, res) => res.writeHead(200).end()).listen(0, '127.0.0.1');
    await new Promise((listening) => app.once('listening', listening));
    for (let fid = 1; fid <= 255; fid++) await send(fid, 'miniapp_added');
    for (const fid of [300, 301, 302]) await send(fid, 'miniapp_added');
    for (const fid of [300, 301]) await send(fid, 'notifications_disabled');
    await send(302, 'miniapp_removed');
    await send(5, 'notifications_enabled');
  }, 60_000);
  afterAll(async () => {
    await emulator?.stop();
    await new Promise((closed) => app?.close(closed));
  });

  it('without --client-fid, skips each enabled token of a host it does not know, and says how to name its client', async () => {
    const result = await run(['--dry-run', '--json']);
    expect(result.code).toBe(1);
    const report = JSON.parse(result.stdout) as Report;
    expect(report).toMatchObject({ dryRun: true, read: 258, imported: 0, notEnabled: { disabled: 2, invalid: 1 } });
    expect(report.skipped).toHaveLength(255);
    expect(report.skipped[0]).toMatchObject({ reason: 'unknown_client', detail: expect.stringMatching(/pass --client-fid N/) });
  }, 30_000);

  it('--dry-run counts the enabled tokens it would import and the others by status, and writes nothing', async () => {
    const result = await run(['--client-fid', '9152', '--dry-run']);
    expect(result).toMatchObject({ code: 0 });
    expect(result.stdout).toContain(`Would import from Neynar ${emulator.url} into the token store on Redis ${ours.server.url}:`);
    expect(result.stdout).toContain('  read           258\n  imported       255 (--dry-run: nothing written)\n');
    expect(result.stdout).toContain('  not enabled    3 (left out');
    expect(result.stdout).toContain('    2  disabled\n    1  invalid\n  skipped        0\n');
    expect(await ours.client.dbSize()).toBe(0);
  }, 30_000);

  it('imports every enabled token as the user’s target from that client: the ones the emulator honours, none lost', async () => {
    const result = await run(['--client-fid', '9152', '--json']);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ dryRun: false, read: 258, imported: 255, unchanged: 0, skipped: [] });
    const honoured = emulator.miniApp
      .tokens()
      .filter((token) => token.state === 'enabled')
      // Each enabled when Neynar's row says it was created: the emulator's issue time, to the second as Neynar writes it.
      .map(({ fid, url, token, issuedAt }) => ({
        fid,
        appFid: 9152,
        url,
        token,
        enabledAt: Math.floor(Date.parse(issuedAt) / 1000) * 1000,
      }))
      .sort((a, b) => a.fid - b.fid);
    expect(honoured).toHaveLength(255);
    expect(await stored()).toEqual(honoured);
  }, 30_000);

  it('again: imports none, every token counted unchanged', async () => {
    const result = await run(['--client-fid', '9152', '--json']);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ read: 258, imported: 0, unchanged: 255, skipped: [] });
    expect(await stored()).toHaveLength(255);
  }, 30_000);

  it('asks a page again after a 429 (its Retry-After) or a 503, and loses no token; exit 3 once Neynar keeps refusing', async () => {
    // A real HTTP server in front of the emulator's Neynar, answering some requests as Neynar's rate limit would.
    const asked: string[] = [];
    let refuse = (count: number): { status: number; retryAfter: string } | undefined =>
      count === 2 ? { status: 429, retryAfter: '1' } : count === 3 ? { status: 503, retryAfter: '0' } : undefined;
    const front = createServer((req, res) => {
      asked.push(req.url!);
      const refused = refuse(asked.length);
      if (refused !== undefined) {
        res.writeHead(refused.status, { 'content-type': 'application/json', 'retry-after': refused.retryAfter });
        res.end(JSON.stringify({ code: 'RateLimitExceeded', message: 'Too many requests' }));
        return;
      }
      void fetch(emulator.url + req.url!, { headers: { 'x-api-key': String(req.headers['x-api-key']) } }).then(async (answer) => {
        res.writeHead(answer.status, { 'content-type': 'application/json' }).end(await answer.text());
      });
    }).listen(0, '127.0.0.1');
    await new Promise((listening) => front.once('listening', listening));
    const base = `http://127.0.0.1:${(front.address() as AddressInfo).port}`;
    try {
      const args = [
        'import-tokens',
        '--from',
        'neynar',
        '--base-url',
        base,
        '--to-redis',
        ours.server.url,
        '--prefix',
        'retried:',
        '--json',
      ];
      const result = await runBin([...args, '--client-fid', '9152'], { script: builtBin, env: { NEYNAR_API_KEY: DEFAULT_API_KEY } });
      expect(result.code).toBe(0);
      expect(JSON.parse(result.stdout)).toMatchObject({ read: 258, imported: 255, skipped: [] });
      // Pages 1, 2 (429), 2 (503), 2, 3: the same cursor asked again, none skipped.
      expect(asked).toHaveLength(5);
      expect(new Set(asked.slice(1, 4)).size).toBe(1);
      expect(asked[1]).toContain('cursor=');

      asked.length = 0;
      refuse = () => ({ status: 429, retryAfter: '0' });
      const refused = await runBin([...args, '--client-fid', '9152'], { script: builtBin, env: { NEYNAR_API_KEY: DEFAULT_API_KEY } });
      expect(refused.code).toBe(3);
      expect(asked).toHaveLength(5);
      expect(JSON.parse(refused.stdout)).toMatchObject({
        error: { code: 'rate_limited', status: 429, serviceMessage: 'Too many requests' },
      });
    } finally {
      await new Promise((closed) => front.close(closed));
    }
  }, 30_000);

  it('a key Neynar refuses is exit 3 with its answer; no Neynar is exit 4; no key at all is exit 2', async () => {
    const refused = await run(['--client-fid', '9152'], 'not-the-key');
    expect(refused.code).toBe(3);
    expect(refused.stderr).toMatch(
      /Neynar answered 401 to GET \/v2\/farcaster\/frame\/notification_tokens\/: .*Is --api-key \(or NEYNAR_API_KEY\)/,
    );
    const away = await runBin(
      ['import-tokens', '--from', 'neynar', '--base-url', 'http://127.0.0.1:9', '--to-redis', ours.server.url, '--timeout', '2000'],
      { script: builtBin, env: { NEYNAR_API_KEY: DEFAULT_API_KEY } },
    );
    expect(away.code).toBe(4);
    expect(away.stderr).toContain('could not reach Neynar at http://127.0.0.1:9');
    const keyless = await runBin(['import-tokens', '--from', 'neynar', '--to-redis', ours.server.url], { script: builtBin });
    expect(keyless.code).toBe(2);
    expect(keyless.stderr).toContain("--from neynar needs your app's Neynar API key: set NEYNAR_API_KEY (or pass --api-key)");
  }, 30_000);
});
