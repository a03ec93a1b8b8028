import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { NotificationTarget, NotificationTokenStore } from '@social-webhooks/core';
import { migrate, postgresTokenStore } from '@social-webhooks/postgres';
import { redisTokenStore } from '@social-webhooks/redis';
import { beforeAll, describe, expect, it } from 'vitest';
import { runBin } from '../packages/cli/test/run-bin.js';
import { usePostgres } from './support/postgres-clients.js';
import { postgresBinaries } from './support/postgres-server.js';
import { useUpstash } from './support/upstash-client.js';

// `social-webhooks import-tokens`, the built binary, reading the templates' keys over Upstash's REST
// API (the stand-in in front of a real redis-server, seeded through @upstash/redis as the templates
// write) from the variables the templates read, or from flags; writing into a postgresTokenStore on
// a real PostgreSQL, or a redisTokenStore over REST.

const builtBin = fileURLToPath(new URL('../packages/cli/dist/bin.js', import.meta.url));
const farcaster = 'https://api.farcaster.xyz/v1/frame-notifications';
const fids = Array.from({ length: 450 }, (_, index) => index + 1);
const prefix = 'imported_';

interface Report {
  dryRun: boolean;
  read: number;
  imported: number;
  unchanged: number;
  skipped: { key: string; reason: string; detail: string }[];
  from: string;
  to: string;
}

describe.skipIf(postgresBinaries === undefined)('import-tokens over Upstash’s REST API, into Postgres or Redis over REST', () => {
  const templates = useUpstash();
  const ours = useUpstash();
  const db = usePostgres();
  let kv: Record<string, string>;

  function run(args: readonly string[], env: Record<string, string> = kv) {
    return runBin(['import-tokens', '--pattern', 'my-app:user:*', ...args], { script: builtBin, env });
  }
  async function listed(store: NotificationTokenStore): Promise<NotificationTarget[]> {
    const all: NotificationTarget[] = [];
    for await (const page of store.listPages!()) all.push(...page);
    return all;
  }

  beforeAll(async () => {
    if (!existsSync(builtBin)) throw new Error(`${builtBin} is missing: run pnpm build first (these tests run the built binary).`);
    // As the templates write: @upstash/redis's set(key, notificationDetails), serialised as JSON.
    const redis = templates.fromEnv();
    for (const fid of fids) await redis.set(`my-app:user:${fid}`, { url: farcaster, token: `token-${fid}` });
    await redis.set('my-app:user:900', 'not json at all');
    await redis.hset('my-app:user:902', { url: farcaster, token: 'token-902' });
    await redis.set('other-app:user:7', { url: farcaster, token: 'other-7' });
    await migrate({ client: db.pool, prefix });
    kv = { KV_REST_API_URL: templates.rest.url, KV_REST_API_TOKEN: templates.rest.token };
  });

  it('reads KV_REST_API_URL and _TOKEN: --dry-run counts and writes nothing; then every token lands in the Postgres table', async () => {
    const dry = await run(['--to-postgres', db.server.url, '--prefix', prefix, '--dry-run', '--json']);
    expect(dry.code).toBe(1);
    const report = JSON.parse(dry.stdout) as Report;
    expect(report).toMatchObject({ dryRun: true, read: 452, imported: 450, unchanged: 0, from: `Upstash ${templates.rest.url}` });
    expect(report.to).toBe(`PostgreSQL ${db.server.url.replace('postgres@', '***@')}`);
    expect(report.skipped.map(({ key, reason }) => [key, reason]).sort()).toEqual([
      ['my-app:user:900', 'not_json'],
      ['my-app:user:902', 'wrong_type'],
    ]);
    const store = postgresTokenStore({ client: db.pool, prefix });
    expect(await listed(store)).toEqual([]);

    const before = templates.rest.log.length;
    const result = await run(['--to-postgres', db.server.url, '--prefix', prefix]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('  read           452\n  imported       450\n');
    const all = await listed(store);
    expect(all.map((target) => target.fid)).toEqual(fids);
    expect(all.find((target) => target.fid === 42)).toEqual({
      fid: 42,
      appFid: 9152,
      url: farcaster,
      token: 'token-42',
      enabledAt: expect.any(Number),
    });
    // Only read, and never KEYS: PING, SCAN, then each batch's GETs in one request (TYPE for the hash).
    const commands = templates.rest.log.slice(before).flat();
    expect(new Set(commands.map((command) => String(command[0]).toUpperCase()))).toEqual(new Set(['PING', 'SCAN', 'GET', 'TYPE']));
    const scans = commands.filter((command) => String(command[0]).toUpperCase() === 'SCAN').length;
    // One request per SCAN, one per batch's GETs, one TYPE, one PING: not one per key.
    expect(templates.rest.log.length - before).toBeLessThanOrEqual(2 * scans + 2);
    expect(await templates.fromEnv().get('my-app:user:42')).toEqual({ url: farcaster, token: 'token-42' });
  }, 60_000);

  it('again: imports nothing new, and keeps the token an event saved in Postgres since', async () => {
    const store = postgresTokenStore({ client: db.pool, prefix });
    await store.save({ fid: 2, appFid: 9152, url: farcaster, token: 'from-an-event' });
    const result = await run(['--to-postgres', db.server.url, '--prefix', prefix, '--json']);
    const report = JSON.parse(result.stdout) as Report;
    expect(report).toMatchObject({ dryRun: false, read: 452, imported: 0, unchanged: 449 });
    expect(report.skipped.find((skip) => skip.reason === 'other_token_kept')?.key).toBe('my-app:user:2');
    expect(await store.get(2)).toEqual([{ fid: 2, appFid: 9152, url: farcaster, token: 'from-an-event', enabledAt: expect.any(Number) }]);
  }, 60_000);

  it('from flags, into a redisTokenStore over REST that a node-redis store on the same Redis reads', async () => {
    const before = ours.rest.requests;
    const result = await run(
      [
        '--from-redis',
        templates.rest.url,
        '--from-token',
        templates.rest.token,
        '--to-redis',
        ours.rest.url,
        '--prefix',
        'imported:tokens:',
        '--json',
      ],
      // The UPSTASH_ spelling, another database's: the flags win.
      { UPSTASH_REDIS_REST_URL: ours.rest.url, UPSTASH_REDIS_REST_TOKEN: ours.rest.token },
    );
    expect(result.stderr).toBe('');
    expect(JSON.parse(result.stdout)).toMatchObject({ read: 452, imported: 450, to: `Upstash ${ours.rest.url}` });
    // --to-token defaults to the token of the variable holding --to-redis's URL.
    const requests = ours.rest.requests - before;
    // A batch's reads go out in one /pipeline request, its writes in another: not two per key.
    expect(requests).toBeLessThanOrEqual(11);
    const tcp = redisTokenStore({ client: ours.client, prefix: 'imported:tokens:' });
    expect(await tcp.get(450)).toEqual([{ fid: 450, appFid: 9152, url: farcaster, token: 'token-450', enabledAt: expect.any(Number) }]);
    expect(await listed(tcp)).toHaveLength(450);
  }, 60_000);

  it('says what to set when the URL, the token or the tables are missing (exit 2), and when nothing answers (exit 4)', async () => {
    const none = await run(['--to-postgres', db.server.url], {});
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('missing --from-redis, or set KV_REST_API_URL and KV_REST_API_TOKEN');
    const tokenless = await run(['--from-redis', 'https://example.upstash.io', '--to-postgres', db.server.url], {});
    expect(tokenless.code).toBe(2);
    expect(tokenless.stderr).toContain('--from-redis is an Upstash REST URL: pass its REST token with --from-token');
    const refused = await run(['--to-postgres', db.server.url], { ...kv, KV_REST_API_TOKEN: 'not-the-token' });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(
      `Upstash ${templates.rest.url} refused the token (Unauthorized): pass that database's REST token with --from-token`,
    );
    const nowhere = await run([]);
    expect(nowhere.code).toBe(2);
    expect(nowhere.stderr).toContain('missing --to-redis or --to-postgres');
    const both = await run(['--to-postgres', db.server.url, '--to-redis', ours.rest.url]);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('--to-postgres and --to-redis name the destination: give one');
    const tables = await run(['--to-postgres', db.server.url, '--prefix', 'never_migrated_']);
    expect(tables.code).toBe(2);
    expect(tables.stderr).toMatch(/has no token table: .*never_migrated_tokens.* Create the tables first: await migrate/);
    const away = await run(['--to-postgres', 'postgres://app:secret@127.0.0.1:9/app', '--timeout', '2000']);
    expect(away.code).toBe(4);
    expect(away.stderr).toContain('could not reach PostgreSQL postgres://***@127.0.0.1:9/app: ');
    expect(away.stderr).not.toContain('secret');
  }, 60_000);
});
