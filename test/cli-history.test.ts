import { runCli, type CliIo } from '@social-webhooks/cli';
import {
  createNotifier,
  memoryTokenStore,
  type BroadcastHistory,
  type NotificationReport,
  type TimelineEntry,
} from '@social-webhooks/core';
import { redisNotificationHistory } from '@social-webhooks/redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { digest, expectHistoryOf, goodUsers, historyClients, OTHER_FID, revokedUsers, WARPCAST_FID } from './support/history-scenario.js';
import type { StandInClient } from './support/notification-client.js';
import { useUpstash } from './support/upstash-client.js';

// `social-webhooks broadcasts` and `timeline`: a history a notifier wrote in a real redis-server
// (through stand-in clients on loopback), read over TCP and over the Upstash REST stand-in.
const prefix = 'cli-history:';

function io(env: Record<string, string> = {}) {
  const out = { stdout: '', stderr: '' };
  const value: CliIo = { stdout: (t) => void (out.stdout += t), stderr: (t) => void (out.stderr += t), env, cwd: process.cwd() };
  return { io: value, out };
}

describe('broadcasts and timeline, from a Redis notification history', () => {
  const upstash = useUpstash();
  const clients: StandInClient[] = [];
  let report: NotificationReport;
  let redis: string[];

  beforeAll(async () => {
    const store = memoryTokenStore();
    const { good, other } = await historyClients(store);
    clients.push(good, other);
    const history = redisNotificationHistory({ client: upstash.client, prefix });
    // No limiter of ours: the second notification goes to users of the first at once (the stand-in keeps no interval).
    const notifier = createNotifier({ store, history, limiter: false, logger: false, retryDelayMs: 10 });
    report = await notifier.send(digest, { to: 'all' });
    await notifier.send({ ...digest, notificationId: 'digest-2', title: 'Later' }, { to: goodUsers.slice(200, 205) });
    redis = ['--redis', upstash.client.options!.url!, '--prefix', prefix];
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
  });

  it('broadcasts lists newest first, as a table and as JSON whose counts are what the clients saw', async () => {
    const json = io();
    expect(await runCli(['broadcasts', ...redis, '--json'], json.io)).toBe(0);
    const page = JSON.parse(json.out.stdout) as { broadcasts: BroadcastHistory[]; cursor?: string };
    expect(page.broadcasts.map(({ notificationId }) => notificationId)).toEqual(['digest-2', 'digest-1']);
    expectHistoryOf(page.broadcasts[1], report, clients[0]!);
    const text = io();
    expect(await runCli(['broadcasts', ...redis, '--limit', '1'], text.io)).toBe(0);
    const lines = text.out.stdout.split('\n');
    expect(lines[0]).toMatch(
      /^STARTED\s+NOTIFICATION\s+TITLE\s+SENT\s+ALREADY\s+INVALID\s+LIMITED\s+FAILED\s+EXPIRED\s+REMAINING\s+CANCELLED$/,
    );
    expect(lines[1]).toMatch(/^\d{4}-\d\d-\d\dT\S+Z\s+digest-2\s+Later\s+5\s+0\s+0/);
    expect(lines[2]).toMatch(/^more: --cursor \d+\.digest-2$/);
  });

  it('broadcasts ID shows a notification by client and reason; an unknown one exits 1', async () => {
    const text = io();
    expect(await runCli(['broadcasts', 'digest-1', ...redis], text.io)).toBe(0);
    expect(text.out.stdout).toContain('digest-1: "Digest" (Three new casts) -> https://app.example.com/d');
    expect(text.out.stdout).toMatch(new RegExp(`\\n${WARPCAST_FID}\\s+230\\s+0\\s+20\\s`));
    expect(text.out.stdout).toMatch(new RegExp(`\\n${OTHER_FID}\\s+0\\s+0\\s+0\\s`));
    expect(text.out.stdout).toMatch(/failed by reason:\n {2}domain_mismatch: \d+/);
    const missing = io();
    expect(await runCli(['broadcasts', 'never-sent', ...redis], missing.io)).toBe(1);
    expect(missing.out.stdout).toContain('No notification "never-sent" in the history at Redis redis://');
  });

  it('timeline FID shows each notification with its attempts, no token', async () => {
    const json = io();
    expect(await runCli(['timeline', String(goodUsers[201]), ...redis, '--json'], json.io)).toBe(0);
    const { entries } = JSON.parse(json.out.stdout) as { entries: TimelineEntry[] };
    expect(entries.map(({ notificationId }) => notificationId)).toEqual(['digest-2', 'digest-1']);
    const text = io();
    expect(await runCli(['timeline', String(revokedUsers[0]), ...redis], text.io)).toBe(0);
    expect(text.out.stdout).toMatch(/digest-1\s+Digest\s+(failed \(.+\)@9152, then )?invalid@9152\n/);
    expect(text.out.stdout + json.out.stdout).not.toContain('tok-');
    const bad = io();
    expect(await runCli(['timeline', 'abc', ...redis], bad.io)).toBe(2);
    expect(bad.out.stderr).toContain('FID expects a positive whole number');
  });

  it('reads the history over Upstash’s REST API from the environment, as on Vercel', async () => {
    const run = io({ KV_REST_API_URL: upstash.rest.url, KV_REST_API_TOKEN: upstash.rest.token });
    expect(await runCli(['broadcasts', 'digest-2', '--prefix', prefix, '--json'], run.io)).toBe(0);
    expect(JSON.parse(run.out.stdout)).toMatchObject({ notificationId: 'digest-2', title: 'Later', counts: { successful: 5 } });
  });
});
