import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { NotificationTarget } from '@social-webhooks/core';
import { redisTokenStore } from '@social-webhooks/redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBin } from '../packages/cli/test/run-bin.js';
import { useRedisClient } from './support/redis-client.js';
import { useUpstash } from './support/upstash-client.js';

// `social-webhooks export-tokens` and `import-tokens --from FILE`, the built binary, between two real
// redis-servers: a store of 320 targets (300 users, 20 of them with a second client) written to a
// JSON Lines file of mode 0600 and read back into another store, target for target.

const builtBin = fileURLToPath(new URL('../packages/cli/dist/bin.js', import.meta.url));
const farcaster = 'https://api.farcaster.xyz/v1/frame-notifications';
const other = 'https://notify.example.com/v1';
const prefix = 'exported:tokens:';

const ENABLED = Date.parse('2026-10-01T00:00:00Z');
const byTarget = (a: NotificationTarget, b: NotificationTarget) => a.fid - b.fid || a.appFid - b.appFid;

describe('export-tokens, then import-tokens --from FILE', () => {
  const first = useRedisClient();
  const second = useRedisClient();
  const upstash = useUpstash();
  let dir: string;
  let file: string;
  const made: NotificationTarget[] = [];

  async function targets(client: typeof first.client): Promise<NotificationTarget[]> {
    const all: NotificationTarget[] = [];
    for await (const page of redisTokenStore({ client, prefix }).listPages!()) all.push(...page);
    return all.sort(byTarget);
  }
  const run = (args: readonly string[]) => runBin(args, { script: builtBin, cwd: dir });
  const importFile = (path: string, args: readonly string[] = []) =>
    run(['import-tokens', '--from', path, '--to-redis', second.server.url, '--prefix', prefix, ...args]);

  beforeAll(async () => {
    if (!existsSync(builtBin)) throw new Error(`${builtBin} is missing: run pnpm build first (these tests run the built binary).`);
    dir = await mkdtemp(join(tmpdir(), 'export-tokens-'));
    file = join(dir, 'tokens.jsonl');
    const store = redisTokenStore({ client: first.client, prefix });
    // Each enabled at a time of its own, which the export writes and the import keeps.
    for (let fid = 1; fid <= 300; fid++) made.push({ fid, appFid: 9152, url: farcaster, token: `token-${fid}`, enabledAt: ENABLED + fid });
    for (let fid = 1; fid <= 20; fid++) made.push({ fid, appFid: 77, url: other, token: `other-${fid}`, enabledAt: ENABLED - fid });
    for (const target of made) await store.save(target);
    made.sort(byTarget);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('writes every target, one JSON line each, to a new file only its owner may read (0600)', async () => {
    const result = await run(['export-tokens', '--from-redis', first.server.url, '--prefix', prefix, '--out', 'tokens.jsonl', '--json']);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ exported: 320, from: `Redis ${first.server.url}`, out: file });
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const lines = (await readFile(file, 'utf8')).trimEnd().split('\n');
    expect(lines).toHaveLength(320);
    expect(lines.map((line) => JSON.parse(line) as NotificationTarget).sort(byTarget)).toEqual(made);
    expect(Object.keys(JSON.parse(lines[0]!) as object)).toEqual(['fid', 'appFid', 'url', 'token', 'enabledAt']);
  }, 30_000);

  it('never overwrites a file: exit 2, the file as it was', async () => {
    const before = await readFile(file, 'utf8');
    const result = await run(['export-tokens', '--from-redis', first.server.url, '--prefix', prefix, '--out', file]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`cannot create --out ${file}: it is there already; remove it or choose another --out`);
    expect(await readFile(file, 'utf8')).toBe(before);
  }, 30_000);

  it('--dry-run counts what it would import and writes nothing; then imports every target; then none again', async () => {
    const dry = await importFile('tokens.jsonl', ['--dry-run', '--json']);
    expect(dry.code).toBe(0);
    expect(JSON.parse(dry.stdout)).toMatchObject({ dryRun: true, read: 320, imported: 320, unchanged: 0, skipped: [] });
    expect(await second.client.dbSize()).toBe(0);

    const moved = await importFile('tokens.jsonl');
    expect(moved.code).toBe(0);
    expect(moved.stdout).toContain(
      `Imported from ${file} into the token store on Redis ${second.server.url}:\n  read           320\n  imported       320\n`,
    );
    expect(await targets(second.client)).toEqual(made);

    const again = await importFile(file, ['--json']);
    expect(JSON.parse(again.stdout)).toMatchObject({ read: 320, imported: 0, unchanged: 320, skipped: [] });
  }, 30_000);

  it('skips a line that is not a target with its number (exit 1), passes blank lines over, keeps a token the store holds', async () => {
    const path = join(dir, 'mixed.jsonl');
    const lines = [
      JSON.stringify({ fid: 900, appFid: 9152, url: farcaster, token: 'token-900' }),
      '',
      'not json',
      JSON.stringify({ fid: 901, url: farcaster, token: 'token-901' }),
      JSON.stringify({ fid: 902, appFid: 9152, url: 'ftp://x', token: 'token-902' }),
      JSON.stringify({ fid: 1, appFid: 9152, url: farcaster, token: 'an-older-token' }),
    ];
    await writeFile(path, `${lines.join('\n')}\n`);
    const result = await importFile(path, ['--json']);
    expect(result.code).toBe(1);
    const report = JSON.parse(result.stdout) as { read: number; imported: number; skipped: { row: string; reason: string }[] };
    expect(report).toMatchObject({ read: 5, imported: 1 });
    expect(report.skipped.map(({ row, reason }) => [row, reason])).toEqual([
      ['line 3', 'bad_row'],
      ['line 4', 'bad_row'],
      ['line 5', 'bad_row'],
      ['line 6', 'other_token_kept'],
    ]);
    expect(await redisTokenStore({ client: second.client, prefix }).get(1)).toContainEqual({
      fid: 1,
      appFid: 9152,
      url: farcaster,
      token: 'token-1',
      enabledAt: ENABLED + 1,
    });
    // A line without enabledAt is enabled at the import's time (Redis's clock).
    const [imported] = await redisTokenStore({ client: second.client, prefix }).get(900);
    expect(imported!.enabledAt).toBeGreaterThan(Date.now() - 60_000);
  }, 30_000);

  it('reads a store over Upstash’s REST API too (--from-redis https://… --from-token)', async () => {
    const rest = made.slice(0, 120);
    for (const target of rest) await redisTokenStore({ client: upstash.client }).save(target);
    const args = ['export-tokens', '--from-redis', upstash.rest.url, '--from-token', upstash.rest.token, '--out', 'rest.jsonl', '--json'];
    const result = await run(args);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ exported: 120, from: `Upstash ${upstash.rest.url}` });
    const lines = (await readFile(join(dir, 'rest.jsonl'), 'utf8')).trimEnd().split('\n');
    expect(lines.map((line) => JSON.parse(line) as NotificationTarget).sort(byTarget)).toEqual(rest);
    expect((await stat(join(dir, 'rest.jsonl'))).mode & 0o777).toBe(0o600);
  }, 30_000);

  it('refuses a missing file, --from with --pattern, and a Redis that is not there, writing no file', async () => {
    const missing = await importFile('nowhere.jsonl');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('cannot read --from nowhere.jsonl: ENOENT');
    const both = await importFile(file, ['--pattern', 'a:user:*']);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('--from and --pattern both name what to read');
    const away = await run(['export-tokens', '--from-redis', 'redis://127.0.0.1:9', '--out', 'away.jsonl', '--timeout', '2000']);
    expect(away.code).toBe(4);
    expect(existsSync(join(dir, 'away.jsonl'))).toBe(false);
  }, 30_000);
});
