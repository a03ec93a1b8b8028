import { runCli, type CliIo } from '@social-webhooks/cli';
import { redisTokenStore } from '@social-webhooks/redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNotificationClient, type StandInClient } from './support/notification-client.js';
import { runBin } from '../packages/cli/test/run-bin.js';
import { useRedisClient } from './support/redis-client.js';

// `social-webhooks notify --redis`: the tokens a receiver keeps in a redisTokenStore, sent to stand-in
// Farcaster clients on loopback that enforce the protocol, with the limits and the record in Redis.

const prefix = 'cli-notify:tokens:';
const message = ['--title', 'Digest', '--body', 'Three new casts', '--target-url', 'https://app.example.com/digest'];

function io() {
  const out = { stdout: '', stderr: '' };
  const value: CliIo = { stdout: (t) => void (out.stdout += t), stderr: (t) => void (out.stderr += t), env: {}, cwd: process.cwd() };
  return { io: value, out };
}

describe('notify --redis, from a redisTokenStore to two Farcaster clients', () => {
  const redis = useRedisClient();
  let warpcast: StandInClient;
  let other: StandInClient;
  let source: string[];
  const range = (count: number, from: number) => Array.from({ length: count }, (_, index) => from + index);

  beforeAll(async () => {
    warpcast = await startNotificationClient();
    other = await startNotificationClient({ domain: 'other.example.com' });
    const store = redisTokenStore({ client: redis.client, prefix });
    for (const fid of range(250, 1)) await store.save({ fid, appFid: 9152, url: warpcast.url, token: warpcast.issue(fid, 9152) });
    // Ten of them added the app in a second client too: a target each.
    for (const fid of range(10, 1)) await store.save({ fid, appFid: 1, url: other.url, token: other.issue(fid, 1) });
    source = ['--redis', redis.server.url, '--prefix', prefix];
  });
  afterAll(async () => {
    await warpcast.close();
    await other.close();
  });

  it('--dry-run plans ceil(tokens / 100) requests per client URL and sends nothing', async () => {
    const run = io();
    expect(await runCli(['notify', ...source, '--all', '--id', 'digest-1', ...message, '--dry-run', '--json'], run.io)).toBe(0);
    const { plan } = JSON.parse(run.out.stdout) as { plan: { targets: number; users: number; clients: unknown[] } };
    expect(plan).toMatchObject({ targets: 260, users: 250 });
    expect(plan.clients).toEqual(
      expect.arrayContaining([
        { url: warpcast.url, appFids: [9152], tokens: 250, requests: 3 },
        { url: other.url, appFids: [1], tokens: 10, requests: 1 },
      ]),
    );
    expect(warpcast.requests.length + other.requests.length).toBe(0);
    // A user with no token in the store: removed the app, turned notifications off or never enabled
    // them, which the store cannot tell apart (applyMiniAppEvent deletes the token for each).
    const text = io();
    expect(await runCli(['notify', ...source, '--to', '1,900', '--id', 'digest-1', ...message, '--dry-run'], text.io)).toBe(0);
    expect(text.out.stdout).toContain('  no token: fid 900 (never enabled notifications, turned them off, or removed the Mini App)\n');
  });

  it('--all reaches every user of the first client once; the client that refuses the domain is stopped; exit code 1', async () => {
    const run = io();
    expect(await runCli(['notify', ...source, '--all', '--id', 'digest-1', ...message], run.io)).toBe(1);
    expect(warpcast.requests.map((request) => request.tokens).sort((a, b) => a - b)).toEqual([50, 100, 100]);
    expect(warpcast.delivered.size).toBe(250);
    expect([...warpcast.delivered.values()].every((count) => count === 1)).toBe(true);
    expect(other.delivered.size).toBe(0);
    expect(run.out.stdout).toContain('Sent to 260 token(s) in 4 request(s):\n  successful     250\n');
    expect(run.out.stdout).toContain('  failed         10\n    10  domain_mismatch\n');
    expect(run.out.stdout).toContain(
      `Stopped clients (they refused the notification itself; fix it, then run again with the same --id):\n  ${other.url}: domain_mismatch`,
    );
    // Off a terminal: a plain line at most once a second, and the last one.
    expect(run.out.stderr).toMatch(
      /^(progress: \d+% \d+\/260 tokens, \d request\(s\)\n)*progress: 100% 260\/260 tokens, 4 request\(s\)\n$/,
    );
    expect([...warpcast.violations, ...other.violations]).toEqual([]);
  });

  it('again with the same --id: our record in Redis sends nobody twice', async () => {
    const run = io();
    expect(await runCli(['notify', ...source, '--to', '5,6,7', '--id', 'digest-1', ...message, '--json'], run.io)).toBe(1);
    const { report } = JSON.parse(run.out.stdout) as { report: Record<string, unknown> };
    // The first client delivered to 5, 6 and 7: already sent, no request; the second client still refuses.
    expect(report).toMatchObject({ targets: 6, requests: 1, alreadySent: 3, successful: 0, failed: { domain_mismatch: 3 } });
    expect(warpcast.requests).toHaveLength(3);
    expect([...warpcast.delivered.values()].every((count) => count === 1)).toBe(true);
  });

  it('removes a token the client no longer honours from the Redis store, and exits 0', async () => {
    const store = redisTokenStore({ client: redis.client, prefix });
    // Users of their own: the others had a notification within the 30-second interval.
    const revoked = warpcast.issue(300, 9152);
    await store.save({ fid: 300, appFid: 9152, url: warpcast.url, token: revoked });
    await store.save({ fid: 301, appFid: 9152, url: warpcast.url, token: warpcast.issue(301, 9152) });
    warpcast.revoke(revoked);
    const run = io();
    expect(await runCli(['notify', ...source, '--to', '300,301', '--id', 'digest-2', ...message], run.io)).toBe(0);
    expect(run.out.stdout).toContain('  invalid        1 (the client no longer honours them: removed from the store)\n');
    expect(await store.get(300)).toEqual([]);
    expect(warpcast.delivered.get('301:digest-2')).toBe(1);
  });

  it('runs as its own process: reaches new users, prints progress off a terminal, closes Redis and exits', async () => {
    const store = redisTokenStore({ client: redis.client, prefix });
    for (const fid of [400, 401]) await store.save({ fid, appFid: 9152, url: warpcast.url, token: warpcast.issue(fid, 9152) });
    const result = await runBin(['notify', ...source, '--to', '400,401', '--id', 'bin-1', ...message]);
    expect(result).toMatchObject({ code: 0, stderr: 'progress: 100% 2/2 tokens, 1 request(s)\n' });
    expect(result.stdout).toContain('Sent to 2 token(s) in 1 request(s):\n  successful     2\n');
    expect([warpcast.delivered.get('400:bin-1'), warpcast.delivered.get('401:bin-1')]).toEqual([1, 1]);
  }, 60_000);

  it('refuses a --redis URL that is not redis:// (exit 2) and says so when Redis is not there (exit 4)', async () => {
    const bad = io();
    expect(await runCli(['notify', '--redis', 'http://127.0.0.1:6379', '--all', '--id', 'x', ...message], bad.io)).toBe(2);
    expect(bad.out.stderr).toMatch(/--redis expects a redis:\/\/ or rediss:\/\/ URL/);
    const away = io();
    expect(await runCli(['notify', '--redis', 'redis://127.0.0.1:9', '--all', '--id', 'x', ...message, '--timeout', '2000'], away.io)).toBe(
      4,
    );
    expect(away.out.stderr).toMatch(/could not reach Redis redis:\/\/127\.0\.0\.1:9: .*Is redis-server running\?/);
  });

  it('fails with exit code 4 within --timeout when Redis hangs, rather than hang', async () => {
    const run = io();
    redis.server.freeze();
    const started = Date.now();
    try {
      expect(await runCli(['notify', ...source, '--all', '--id', 'hung-1', ...message, '--timeout', '500'], run.io)).toBe(4);
    } finally {
      redis.server.thaw();
    }
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(run.out.stderr).toMatch(/Redis redis:\/\/127\.0\.0\.1:\d+: no answer within 500 ms\. Is redis-server running\?/);
    expect(warpcast.requests.filter((request) => request.notificationId === 'hung-1')).toEqual([]);
  });
});
