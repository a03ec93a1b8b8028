import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { NotificationTarget, NotificationTokenStore } from '@social-webhooks/core';
import { DEFAULT_API_KEY, startEmulator, type Emulator } from '@social-webhooks/emulator';
import { postgresTokenStore } from '@social-webhooks/postgres';
import { redisTokenStore } from '@social-webhooks/redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBin } from '../packages/cli/test/run-bin.js';
import { usePostgres } from './support/postgres-clients.js';
import { postgresBinaries } from './support/postgres-server.js';
import { useRedisClient } from './support/redis-client.js';

// export-tokens and import-tokens --from, the built binary, with a postgresTokenStore on a real
// PostgreSQL: a store moved from Postgres to Redis through a file and back into other tables,
// target for target; and Neynar's list (the emulator's) imported into Postgres.

const builtBin = fileURLToPath(new URL('../packages/cli/dist/bin.js', import.meta.url));
const farcaster = 'https://api.farcaster.xyz/v1/frame-notifications';
const byTarget = (a: NotificationTarget, b: NotificationTarget) => a.fid - b.fid || a.appFid - b.appFid;

async function listed(store: NotificationTokenStore): Promise<NotificationTarget[]> {
  const all: NotificationTarget[] = [];
  for await (const page of store.listPages!()) all.push(...page);
  return all.sort(byTarget);
}

describe.skipIf(postgresBinaries === undefined)('export-tokens and import-tokens --from with Postgres', () => {
  const db = usePostgres(['first_', 'back_', 'neynar_']);
  const redis = useRedisClient();
  let dir: string;
  const made: NotificationTarget[] = [];
  const run = (args: readonly string[], env: Record<string, string> = {}) => runBin(args, { script: builtBin, cwd: dir, env });

  beforeAll(async () => {
    if (!existsSync(builtBin)) throw new Error(`${builtBin} is missing: run pnpm build first (these tests run the built binary).`);
    dir = await mkdtemp(join(tmpdir(), 'export-postgres-'));
    const first = postgresTokenStore({ client: db.pool, prefix: 'first_' });
    // Each enabled at a time of its own, kept by every move.
    const enabled = Date.parse('2026-10-01T00:00:00Z');
    for (let fid = 1; fid <= 250; fid++) made.push({ fid, appFid: 9152, url: farcaster, token: `token-${fid}`, enabledAt: enabled + fid });
    for (let fid = 1; fid <= 10; fid++) {
      made.push({ fid, appFid: 77, url: 'https://notify.example.com/v1', token: `other-${fid}`, enabledAt: enabled - fid });
    }
    for (const target of made) await first.save(target);
    made.sort(byTarget);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('moves a Postgres store to Redis through a file of mode 0600, and back into other tables', async () => {
    const out = await run(['export-tokens', '--from-postgres', db.server.url, '--prefix', 'first_', '--out', 'pg.jsonl', '--json']);
    expect(out.code).toBe(0);
    expect(JSON.parse(out.stdout)).toMatchObject({ exported: 260 });
    expect((await stat(join(dir, 'pg.jsonl'))).mode & 0o777).toBe(0o600);

    const toRedis = await run(['import-tokens', '--from', 'pg.jsonl', '--to-redis', redis.server.url, '--json']);
    expect(toRedis.code).toBe(0);
    expect(JSON.parse(toRedis.stdout)).toMatchObject({ read: 260, imported: 260, skipped: [] });
    expect(await listed(redisTokenStore({ client: redis.client }))).toEqual(made);

    expect((await run(['export-tokens', '--from-redis', redis.server.url, '--out', 'redis.jsonl'])).code).toBe(0);
    const back = await run(['import-tokens', '--from', 'redis.jsonl', '--to-postgres', db.server.url, '--prefix', 'back_', '--json']);
    expect(back.code).toBe(0);
    expect(JSON.parse(back.stdout)).toMatchObject({ read: 260, imported: 260, skipped: [] });
    expect(await listed(postgresTokenStore({ client: db.pool, prefix: 'back_' }))).toEqual(made);
  }, 60_000);

  it('refuses tables that are not there (exit 2), writing no file', async () => {
    const result = await run(['export-tokens', '--from-postgres', db.server.url, '--prefix', 'missing_', '--out', 'none.jsonl']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('has no token table');
    expect(existsSync(join(dir, 'none.jsonl'))).toBe(false);
  }, 30_000);

  describe('--from neynar --to-postgres', () => {
    let emulator: Emulator;
    let app: Server;
    beforeAll(async () => {
      emulator = await startEmulator();
      app = createServer((_, res) => res.writeHead(200).end()).listen(0, '127.0.0.1');
      await new Promise((listening) => app.once('listening', listening));
      const to = `http://127.0.0.1:${(app.address() as AddressInfo).port}/webhook`;
      for (let fid = 1; fid <= 150; fid++) {
        const { deliveryId } = await emulator.miniApp.send({ to, event: 'miniapp_added', fid, appFid: 9152 });
        await emulator.miniApp.waitForDelivery(deliveryId);
      }
    }, 60_000);
    afterAll(async () => {
      await emulator?.stop();
      await new Promise((closed) => app?.close(closed));
    });

    it('imports every enabled token, over two pages, into the Postgres tables', async () => {
      const args = ['import-tokens', '--from', 'neynar', '--base-url', emulator.url, '--client-fid', '9152'];
      const result = await run([...args, '--to-postgres', db.server.url, '--prefix', 'neynar_', '--json'], {
        NEYNAR_API_KEY: DEFAULT_API_KEY,
      });
      expect(result.code).toBe(0);
      expect(JSON.parse(result.stdout)).toMatchObject({ read: 150, imported: 150, skipped: [] });
      // Each enabled when Neynar's row says it was created: the emulator's issue time, to the second.
      const honoured = emulator.miniApp.tokens().map(({ fid, url, token, issuedAt }) => ({
        fid,
        appFid: 9152,
        url,
        token,
        enabledAt: Math.floor(Date.parse(issuedAt) / 1000) * 1000,
      }));
      expect(await listed(postgresTokenStore({ client: db.pool, prefix: 'neynar_' }))).toEqual(honoured.sort(byTarget));
    }, 30_000);
  });
});
