import { runCli, type CliIo } from '@social-webhooks/cli';
import type { BroadcastHistory, ReplayReport, TimelineEntry } from '@social-webhooks/core';
import { postgresDeliveryArchive, postgresNotificationHistory } from '@social-webhooks/postgres';
import { beforeAll, describe, expect, it } from 'vitest';
import { digest } from './support/history-scenario.js';
import { usePostgres } from './support/postgres-clients.js';
import { postgresBinaries } from './support/postgres-server.js';

// `social-webhooks broadcasts`, `timeline` and `replay --archive --dry-run` with `--postgres URL`:
// a history and an archive in a real PostgreSQL, read by the CLI as by the stores.
const prefix = 'cli_';

function io(env: Record<string, string> = {}) {
  const out = { stdout: '', stderr: '' };
  const value: CliIo = { stdout: (t) => void (out.stdout += t), stderr: (t) => void (out.stderr += t), env, cwd: process.cwd() };
  return { io: value, out };
}

describe.skipIf(postgresBinaries === undefined)('the CLI on a Postgres history and archive', () => {
  const db = usePostgres([prefix]);
  const ids: string[] = [];
  let since = 0;
  const postgres = () => ['--postgres', db.server.url, '--prefix', prefix];

  beforeAll(async () => {
    const history = postgresNotificationHistory({ client: db.pool, prefix });
    const at = Date.now();
    await history.record({
      notification: digest,
      at,
      entries: [
        { fid: 1, client: '9152', outcome: 'successful', final: true },
        { fid: 2, client: '9152', outcome: 'failed', reason: 'timeout', final: true },
      ],
    });
    await history.record({ notification: { ...digest, notificationId: 'digest-2', title: 'Later' }, at: at + 1, entries: [] });
    const archive = postgresDeliveryArchive({ client: db.pool, prefix });
    since = Date.now() - 1;
    for (const code of ['handler_failed', 'handled']) {
      ids.push(
        await archive.add({
          sender: 'neynar',
          eventName: 'cast.created',
          receivedAt: Date.now(),
          status: code === 'handled' ? 200 : 500,
          code,
          deliveryKey: `key-${code}`,
          headers: { 'content-type': 'application/json' },
          body: new TextEncoder().encode('{}'),
          bodyAsReceived: true,
          event: { eventName: 'cast.created', data: { hash: code } },
        }),
      );
    }
  });

  it('broadcasts and timeline read the history as the store answers it', async () => {
    const listed = io();
    expect(await runCli(['broadcasts', ...postgres(), '--json'], listed.io)).toBe(0);
    const page = JSON.parse(listed.out.stdout) as { broadcasts: BroadcastHistory[] };
    expect(page.broadcasts.map(({ notificationId }) => notificationId)).toEqual(['digest-2', 'digest-1']);
    expect(page.broadcasts[1]).toMatchObject({ counts: { successful: 1, failed: 1 }, byReason: { timeout: 1 } });
    const one = io();
    expect(await runCli(['broadcasts', digest.notificationId, ...postgres()], one.io)).toBe(0);
    expect(one.out.stdout).toContain('timeout');
    const missing = io();
    expect(await runCli(['broadcasts', 'never-sent', ...postgres()], missing.io)).toBe(1);
    const timeline = io();
    expect(await runCli(['timeline', '2', ...postgres(), '--json'], timeline.io)).toBe(0);
    const { fid, entries } = JSON.parse(timeline.out.stdout) as { fid: number; entries: TimelineEntry[] };
    expect(fid).toBe(2);
    expect(entries).toMatchObject([{ notificationId: digest.notificationId, attempts: [{ outcome: 'failed', reason: 'timeout' }] }]);
  });

  it('replay --archive --postgres --dry-run says which would be replayed, and sends nothing', async () => {
    const run = io();
    const args = [
      'replay',
      '--archive',
      '--postgres',
      db.server.url,
      '--archive-prefix',
      prefix,
      '--since',
      String(since),
      '--dry-run',
      '--json',
    ];
    expect(await runCli(args, run.io)).toBe(0);
    const report = JSON.parse(run.out.stdout) as ReplayReport;
    expect(report).toMatchObject({ matched: 2, dryRun: true });
    expect(report.deliveries.map((delivery) => delivery.id)).toEqual(ids);
    const archive = postgresDeliveryArchive({ client: db.pool, prefix });
    expect((await archive.get(ids[0]!))!.replays).toBe(0);
  });

  it('refuses a URL that is not PostgreSQL, and --postgres with --redis', async () => {
    const bad = io();
    expect(await runCli(['broadcasts', '--postgres', 'redis://127.0.0.1:6379'], bad.io)).toBe(2);
    expect(bad.out.stderr).toContain('--postgres expects a postgres:// or postgresql:// URL');
    const both = io();
    expect(await runCli(['timeline', '3', '--postgres', db.server.url, '--redis', 'redis://127.0.0.1:6379'], both.io)).toBe(2);
    expect(both.out.stderr).toContain('give --postgres or --redis, not both');
  });
});
