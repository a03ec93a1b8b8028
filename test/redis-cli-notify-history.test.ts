import { runCli, type CliIo } from '@social-webhooks/cli';
import type { BroadcastHistory, TimelineEntry } from '@social-webhooks/core';
import { redisNotificationHistory, redisTokenStore } from '@social-webhooks/redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNotificationClient, type StandInClient } from './support/notification-client.js';
import { useRedisClient } from './support/redis-client.js';

// `social-webhooks notify --redis` writes its history on the same Redis, where `broadcasts` and
// `timeline` read it: a real redis-server, a strict stand-in Farcaster client on loopback.
const prefix = 'cli-notify-history:tokens:';
const message = ['--title', 'Digest', '--body', 'Three new casts', '--target-url', 'https://app.example.com/digest'];

function io() {
  const out = { stdout: '', stderr: '' };
  const value: CliIo = { stdout: (t) => void (out.stdout += t), stderr: (t) => void (out.stderr += t), env: {}, cwd: process.cwd() };
  return { io: value, out };
}

/** Runs the CLI and answers its exit code and parsed `--json` output. */
async function json<T>(args: string[]): Promise<{ code: number; value: T }> {
  const run = io();
  const code = await runCli([...args, '--json'], run.io);
  return { code, value: JSON.parse(run.out.stdout || run.out.stderr) as T };
}

describe('notify --redis and the history that broadcasts and timeline read', () => {
  const redis = useRedisClient();
  let client: StandInClient;
  let source: string[];

  beforeAll(async () => {
    client = await startNotificationClient();
    const store = redisTokenStore({ client: redis.client, prefix });
    for (let fid = 1; fid <= 120; fid++) await store.save({ fid, appFid: 9152, url: client.url, token: client.issue(fid, 9152) });
    source = ['--redis', redis.server.url, '--prefix', prefix];
  });
  afterAll(async () => {
    await client.close();
  });

  it('records each batch, so broadcasts lists the send with the counts the client saw, and timeline has it for each user', async () => {
    const sent = await json<{ report: { successful: number; requests: number } }>([
      'notify',
      ...source,
      '--all',
      '--id',
      'digest-1',
      ...message,
    ]);
    expect(sent.code).toBe(0);
    expect(sent.value.report).toMatchObject({ successful: 120, requests: 2 });
    expect(client.delivered.size).toBe(120);

    const listed = await json<{ broadcasts: BroadcastHistory[] }>(['broadcasts', '--redis', redis.server.url]);
    expect(listed.code).toBe(0);
    expect(listed.value.broadcasts.map(({ notificationId }) => notificationId)).toEqual(['digest-1']);
    expect(listed.value.broadcasts[0]).toMatchObject({
      title: 'Digest',
      counts: { successful: 120, invalid: 0, failed: 0 },
      byClient: { '9152': { successful: 120 } },
    });
    const timeline = await json<{ fid: number; entries: TimelineEntry[] }>(['timeline', '7', '--redis', redis.server.url]);
    expect(timeline.value.entries).toEqual([
      expect.objectContaining({
        notificationId: 'digest-1',
        attempts: [expect.objectContaining({ client: '9152', outcome: 'successful' })],
      }),
    ]);
  });

  it('--no-history sends the same and writes nothing there', async () => {
    // Users of their own: the others had a notification within the 30-second interval.
    const store = redisTokenStore({ client: redis.client, prefix });
    for (const fid of [200, 201]) await store.save({ fid, appFid: 9152, url: client.url, token: client.issue(fid, 9152) });
    const args = ['notify', ...source, '--to', '200,201', '--id', 'quiet-1', ...message, '--no-history'];
    const sent = await json<{ report: { successful: number } }>(args);
    expect(sent.code).toBe(0);
    expect(sent.value.report.successful).toBe(2);
    expect([client.delivered.get('200:quiet-1'), client.delivered.get('201:quiet-1')]).toEqual([1, 1]);
    const history = redisNotificationHistory({ client: redis.client });
    expect(await history.get('quiet-1')).toBeUndefined();
    expect(await history.timeline(200)).toEqual([]);
    expect((await history.list()).broadcasts.map(({ notificationId }) => notificationId)).toEqual(['digest-1']);
  });

  it('refuses --no-history without --redis (exit 2): only a Redis source writes a history', async () => {
    const run = io();
    const args = ['notify', '--emulator', 'http://127.0.0.1:9', '--to', '1', '--id', 'x', ...message, '--no-history'];
    expect(await runCli(args, run.io)).toBe(2);
    expect(run.out.stderr).toContain('--no-history goes with --redis URL');
  });
});
