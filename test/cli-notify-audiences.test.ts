import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli, type CliIo } from '@social-webhooks/cli';
import { redisTokenStore } from '@social-webhooks/redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNotificationClient, type StandInClient } from './support/notification-client.js';
import { useRedisClient } from './support/redis-client.js';

// `social-webhooks notify` audiences and --expires-at: a redisTokenStore on a real redis-server,
// two strict stand-in clients on loopback (Farcaster's, appFid 9152, users 1-120; another, appFid 1,
// users 1-20). Each case checks who was reached, at which client, and nobody else.
const prefix = 'cli-audiences:tokens:';
const message = ['--title', 'Sale', '--body', 'Ends at 6', '--target-url', 'https://app.example.com/sale'];
const range = (count: number, from = 1) => Array.from({ length: count }, (_, index) => from + index);

function io(cwd = process.cwd()) {
  const out = { stdout: '', stderr: '' };
  const value: CliIo = { stdout: (t) => void (out.stdout += t), stderr: (t) => void (out.stderr += t), env: {}, cwd };
  return { io: value, out };
}

describe('notify --exclude, --client, --fids-file and --expires-at, from a redisTokenStore', () => {
  const redis = useRedisClient();
  let farcaster: StandInClient;
  let other: StandInClient;
  let source: string[];
  let dir: string;

  beforeAll(async () => {
    [farcaster, other] = [await startNotificationClient(), await startNotificationClient()];
    const store = redisTokenStore({ client: redis.client, prefix });
    for (const fid of range(120)) await store.save({ fid, appFid: 9152, url: farcaster.url, token: farcaster.issue(fid, 9152) });
    for (const fid of range(20)) await store.save({ fid, appFid: 1, url: other.url, token: other.issue(fid, 1) });
    // Our limiter's interval at 1 ms: the cases notify the same users within seconds (the README's command, first, keeps the default).
    source = ['--redis', redis.server.url, '--prefix', prefix, '--interval', '1'];
    dir = await mkdtemp(join(tmpdir(), 'cli-audiences-'));
  });
  afterAll(async () => {
    await Promise.all([farcaster?.close(), other?.close(), rm(dir, { recursive: true, force: true })]);
  });

  const reached = (client: StandInClient, id: string) =>
    [...client.delivered.keys()]
      .filter((key) => key.endsWith(`:${id}`))
      .map((key) => Number(key.split(':')[0]))
      .sort((a, b) => a - b);

  it("runs the CLI README's --fids-file command as written (its Redis, and an expiry an hour ahead, swapped in)", async () => {
    const readme = readFileSync(new URL('../packages/cli/README.md', import.meta.url), 'utf8').replace(/ \\\n\s*/g, ' ');
    const line = readme.split('\n').find((text) => text.startsWith('social-webhooks notify --redis redis://127.0.0.1:6379 --fids-file '))!;
    const args = [...line.matchAll(/'([^']*)'|"([^"]*)"|(\S+)/g)].map(([, single, double, bare]) => single ?? double ?? bare!).slice(1);
    const at = args.indexOf('--expires-at');
    args[at + 1] = new Date(Date.now() + 3_600_000).toISOString();
    await writeFile(join(dir, 'voters.csv'), 'fid\n3\n4\n5\n');
    const run = io(dir);
    const swapped = args.map((arg) => (arg === 'redis://127.0.0.1:6379' ? redis.server.url : arg));
    expect(await runCli([...swapped, '--prefix', prefix], run.io), run.out.stderr).toBe(0);
    expect(reached(farcaster, 'poll-2026-11-27')).toEqual([3]);
    expect(reached(other, 'poll-2026-11-27')).toEqual([]);
  });

  it('--all --exclude --client 9152 reaches every Farcaster user but those excluded, and no other client', async () => {
    const run = io();
    const code = await runCli(['notify', ...source, '--all', '--exclude', '1,2,3', '--client', '9152', '--id', 'a', ...message], run.io);
    expect(code, run.out.stderr).toBe(0);
    expect(reached(farcaster, 'a')).toEqual(range(117, 4));
    expect(reached(other, 'a')).toEqual([]);
    expect(run.out.stdout).toContain('Sent to 117 token(s) in 2 request(s):\n  successful     117\n');
  });

  it("--client URL alone reaches that client's users only", async () => {
    const run = io();
    expect(await runCli(['notify', ...source, '--client', other.url, '--exclude', '20', '--id', 'b', ...message], run.io)).toBe(0);
    expect(reached(other, 'b')).toEqual(range(19));
    expect(reached(farcaster, 'b')).toEqual([]);
  });

  it('--fids-file streams a file of FIDs (a header, comments, a CSV column), narrowed by --exclude; --dry-run plans the same', async () => {
    await writeFile(join(dir, 'voters.csv'), ['fid', '# users who voted', '5,2026-11-27', '', '6', '7,x', '500', '15'].join('\n'));
    const plan = io(dir);
    expect(
      await runCli(['notify', ...source, '--fids-file', 'voters.csv', '--exclude', '6', '--id', 'c', ...message, '--dry-run'], plan.io),
    ).toBe(0);
    expect(plan.out.stdout).toContain('To 6 token(s) of 3 user(s) at 2 client URL(s)');
    expect(plan.out.stdout).toContain('  no token: fid 500');
    const run = io(dir);
    expect(await runCli(['notify', ...source, '--fids-file', 'voters.csv', '--exclude', '6', '--id', 'c', ...message], run.io)).toBe(0);
    expect(reached(farcaster, 'c')).toEqual([5, 7, 15]);
    expect(reached(other, 'c')).toEqual([5, 7, 15]);
  });

  it('refuses a file with a bad line anywhere, naming it, before anything is sent', async () => {
    await writeFile(join(dir, 'bad.txt'), [...range(3_000).map(String), 'twelve', '8'].join('\n'));
    const run = io(dir);
    expect(await runCli(['notify', ...source, '--fids-file', 'bad.txt', '--id', 'd', ...message], run.io)).toBe(2);
    expect(run.out.stderr).toMatch(/--fids-file bad.txt line 3001: "twelve" is not a FID/);
    expect(reached(farcaster, 'd')).toEqual([]);
    const missing = io(dir);
    expect(await runCli(['notify', ...source, '--fids-file', 'none.txt', '--id', 'd', ...message], missing.io)).toBe(2);
    expect(missing.out.stderr).toMatch(/--fids-file cannot read "none.txt": ENOENT/);
    const both = io(dir);
    expect(await runCli(['notify', ...source, '--fids-file', 'bad.txt', '--all', '--id', 'd', ...message], both.io)).toBe(2);
    expect(both.out.stderr).toMatch(/pass one of --to FID\[,FID…\], --all and --fids-file PATH, not --all and --fids-file/);
  });

  it('--expires-at in the past sends nothing and counts every token expired (exit code 1); a malformed one is a usage error', async () => {
    const run = io();
    expect(
      await runCli(['notify', ...source, '--to', '1,2', '--expires-at', '2020-01-01T00:00:00Z', '--id', 'e', ...message], run.io),
    ).toBe(1);
    expect(run.out.stdout).toContain('  expired        4 (not sent: --expires-at had passed');
    expect(reached(farcaster, 'e')).toEqual([]);
    const bad = io();
    expect(await runCli(['notify', ...source, '--all', '--expires-at', '18:00', '--id', 'e', ...message], bad.io)).toBe(2);
    expect(bad.out.stderr).toMatch(/--expires-at expects an ISO time with its zone/);
  });

  it('--all --enabled-since reaches only the users enabled since, never one before or one stored without a time; --dry-run plans the same', async () => {
    const timed = 'cli-audiences:enabled:';
    const since = Date.parse('2026-11-01T00:00:00Z');
    const store = redisTokenStore({ client: redis.client, prefix: timed });
    for (const fid of range(30)) {
      const enabledAt = fid <= 10 ? since - 1 : since + fid;
      await store.save({ fid, appFid: 9152, url: farcaster.url, token: farcaster.issue(fid, 9152), enabledAt });
    }
    // Users 31-35 as a store wrote them before it kept enabledAt.
    for (const fid of range(5, 31)) {
      await redis.client.hSet(`${timed}${fid}`, '9152', JSON.stringify({ url: farcaster.url, token: farcaster.issue(fid, 9152) }));
    }
    const from = ['--redis', redis.server.url, '--prefix', timed, '--interval', '1'];
    const dry = io();
    expect(
      await runCli(['notify', ...from, '--all', '--enabled-since', '2026-11-01T00:00:00Z', '--id', 'g', '--dry-run', ...message], dry.io),
    ).toBe(0);
    expect(dry.out.stdout).toContain('To 20 token(s) of 20 user(s)');
    const run = io();
    const code = await runCli(['notify', ...from, '--all', '--enabled-since', '2026-11-01T00:00:00Z', '--id', 'g', ...message], run.io);
    expect(code, run.out.stderr).toBe(0);
    expect(reached(farcaster, 'g')).toEqual(range(20, 11));
    const before = io();
    const window = ['--enabled-since', String(since - 1), '--enabled-before', '2026-11-01T00:00:00Z'];
    expect(await runCli(['notify', ...from, '--to', range(35).join(','), ...window, '--id', 'h', ...message], before.io)).toBe(0);
    expect(reached(farcaster, 'h')).toEqual(range(10));
    const bad = io();
    expect(await runCli(['notify', ...from, '--all', '--enabled-since', 'yesterday', '--id', 'i', ...message], bad.io)).toBe(2);
    expect(bad.out.stderr).toMatch(/--enabled-since expects an ISO time with its zone/);
    const empty = io();
    const reversed = ['--enabled-since', '2026-11-02T00:00:00Z', '--enabled-before', '2026-11-01T00:00:00Z'];
    expect(await runCli(['notify', ...from, '--all', ...reversed, '--id', 'i', ...message], empty.io)).toBe(2);
    expect(empty.out.stderr).toMatch(/--enabled-since is before --enabled-before/);
  });
});
