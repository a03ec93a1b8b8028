import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { NotificationTarget } from '@social-webhooks/core';
import { redisTokenStore } from '@social-webhooks/redis';
import { beforeAll, describe, expect, it } from 'vitest';
import { runBin } from '../packages/cli/test/run-bin.js';
import { useRedisClient } from './support/redis-client.js';

// `social-webhooks import-tokens`, the built binary, between two real Redis servers: the keys as
// Farcaster's demo and the MiniKit template write them (`<app>:user:<fid>`, one notificationDetails
// JSON string each, through @upstash/redis's `set(key, details)`), into a redisTokenStore.

const builtBin = fileURLToPath(new URL('../packages/cli/dist/bin.js', import.meta.url));
const farcaster = 'https://api.farcaster.xyz/v1/frame-notifications';
const prefix = 'imported:tokens:';
const fids = Array.from({ length: 250 }, (_, index) => index + 1);

interface Report {
  dryRun: boolean;
  read: number;
  imported: number;
  unchanged: number;
  skipped: { key: string; reason: string; detail: string }[];
}

describe('import-tokens, from the templates’ Redis keys into a redisTokenStore', () => {
  const templates = useRedisClient();
  const ours = useRedisClient();
  let flags: string[];

  function run(args: readonly string[]) {
    return runBin(['import-tokens', ...flags, ...args], { script: builtBin });
  }
  async function targets(): Promise<NotificationTarget[]> {
    const all: NotificationTarget[] = [];
    for await (const page of redisTokenStore({ client: ours.client, prefix }).listPages!()) all.push(...page);
    return all;
  }

  beforeAll(async () => {
    if (!existsSync(builtBin)) throw new Error(`${builtBin} is missing: run pnpm build first (these tests run the built binary).`);
    const redis = templates.client;
    for (const fid of fids) await redis.set(`my-app:user:${fid}`, JSON.stringify({ url: farcaster, token: `token-${fid}` }));
    await redis.set('my-app:user:900', 'not json at all');
    await redis.set('my-app:user:901', JSON.stringify({ url: farcaster }));
    await redis.hSet('my-app:user:902', { url: farcaster, token: 'token-902' });
    await redis.set('my-app:user:903', JSON.stringify({ url: 'https://notify.example.com/v1', token: 'token-903' }));
    // Another app's keys, outside the pattern: never read.
    await redis.set('other-app:user:7', JSON.stringify({ url: farcaster, token: 'other-7' }));
    flags = ['--from-redis', templates.server.url, '--pattern', 'my-app:user:*', '--to-redis', ours.server.url, '--prefix', prefix];
  });

  it('--dry-run counts what it would import and skip, and writes nothing', async () => {
    const result = await run(['--dry-run', '--json']);
    expect(result.code).toBe(1);
    const report = JSON.parse(result.stdout) as Report;
    expect(report).toMatchObject({ dryRun: true, read: 254, imported: 250, unchanged: 0 });
    expect(report.skipped.map(({ key, reason }) => [key, reason]).sort()).toEqual([
      ['my-app:user:900', 'not_json'],
      ['my-app:user:901', 'no_token_or_url'],
      ['my-app:user:902', 'wrong_type'],
      ['my-app:user:903', 'unknown_client'],
    ]);
    expect(report.skipped.find((skip) => skip.reason === 'wrong_type')?.detail).toBe('a hash, not a string of notificationDetails JSON');
    expect(report.skipped.find((skip) => skip.reason === 'unknown_client')?.detail).toMatch(
      /no known client sends from notify\.example\.com: pass --client-fid N/,
    );
    expect(await ours.client.dbSize()).toBe(0);
  }, 30_000);

  it('imports each token as the user’s target from the Farcaster client (9152), which listPages() then lists', async () => {
    const result = await run([]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(
      '  read           254\n  imported       250\n  unchanged      0 (the store already holds them)\n  skipped        4\n',
    );
    expect(result.stdout).toContain('    1  wrong type\n      my-app:user:902: a hash, not a string of notificationDetails JSON\n');
    const all = await targets();
    expect(all).toHaveLength(250);
    expect(all.map((target) => target.fid).sort((a, b) => a - b)).toEqual(fids);
    expect(all.find((target) => target.fid === 42)).toEqual({
      fid: 42,
      appFid: 9152,
      url: farcaster,
      token: 'token-42',
      enabledAt: expect.any(Number),
    });
    // The templates' keys are only read.
    expect(await templates.client.get('my-app:user:42')).toBe(JSON.stringify({ url: farcaster, token: 'token-42' }));
  }, 30_000);

  it('again: imports nothing new, and keeps a token an event saved since over the template’s', async () => {
    const store = redisTokenStore({ client: ours.client, prefix });
    await store.save({ fid: 2, appFid: 9152, url: farcaster, token: 'from-an-event' });
    const result = await run(['--json']);
    const report = JSON.parse(result.stdout) as Report;
    expect(report).toMatchObject({ dryRun: false, read: 254, imported: 0, unchanged: 249 });
    expect(report.skipped.find((skip) => skip.reason === 'other_token_kept')).toEqual({
      key: 'my-app:user:2',
      reason: 'other_token_kept',
      detail: 'the store holds another token of fid 2 from client 9152, from an event since: kept',
    });
    expect(await store.get(2)).toEqual([{ fid: 2, appFid: 9152, url: farcaster, token: 'from-an-event', enabledAt: expect.any(Number) }]);
    expect(await targets()).toHaveLength(250);
  }, 30_000);

  it('--client-fid names the client of a host it does not know; exit 0 when nothing is skipped', async () => {
    const result = await run(['--pattern', 'my-app:user:903', '--client-fid', '77']);
    expect(result).toMatchObject({ code: 0 });
    expect(result.stdout).toContain('  imported       1\n');
    expect(await redisTokenStore({ client: ours.client, prefix }).get(903)).toEqual([
      { fid: 903, appFid: 77, url: 'https://notify.example.com/v1', token: 'token-903', enabledAt: expect.any(Number) },
    ]);
  }, 30_000);

  it('refuses a bad --client-fid or URL (exit 2) and says so when a Redis is not there (exit 4)', async () => {
    const fid = await run(['--client-fid', 'warpcast']);
    expect(fid.code).toBe(2);
    expect(fid.stderr).toContain('--client-fid expects the client\'s FID, a whole number such as 9152; got "warpcast"');
    const url = await runBin(
      ['import-tokens', '--from-redis', 'https://x.upstash.io', '--pattern', 'a:user:*', '--to-redis', ours.server.url],
      {
        script: builtBin,
      },
    );
    expect(url.code).toBe(2);
    expect(url.stderr).toContain('--from-redis is an Upstash REST URL: pass its REST token with --from-token');
    const away = await runBin(
      [
        'import-tokens',
        '--from-redis',
        templates.server.url,
        '--pattern',
        'a:user:*',
        '--to-redis',
        'redis://127.0.0.1:9',
        '--timeout',
        '2000',
      ],
      { script: builtBin },
    );
    expect(away.code).toBe(4);
    expect(away.stderr).toMatch(/could not reach Redis redis:\/\/127\.0\.0\.1:9: .*Is redis-server running\?/);
  }, 30_000);
});
