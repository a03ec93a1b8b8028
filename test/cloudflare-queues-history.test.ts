import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { cloudflareNotificationHistory, type D1Like } from '@social-webhooks/cloudflare';
import { HISTORY_OUTCOMES, type NotificationHistory, type NotificationTarget } from '@social-webhooks/core';
import { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveredTo, digest } from './support/history-scenario.js';
import { startNotificationClient, type StandInClient } from './support/notification-client.js';
import { bundleWorker } from './support/runtimes.js';
import { range } from './support/token-fill.js';

// A broadcast through queueBroadcaster() and notificationConsumer() with a D1 history, on workerd
// through Miniflare (its queue broker runs each batch message, its follow-ups and retries), to
// stand-in clients on loopback: the history's counts are what the clients delivered and what the
// consumer's messages came to, and a user's timeline has every attempt, the last one final.
const outcomes: Record<string, number | string>[] = [];
const clients: StandInClient[] = [];
let printed = '';
let recorder: Server;
let miniflare: Miniflare;
let url: URL;
let history: NotificationHistory;

beforeAll(async () => {
  recorder = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      outcomes.push(JSON.parse(body) as Record<string, number | string>);
      response.end();
    });
  }).listen(0, '127.0.0.1');
  await new Promise((resolve) => recorder.once('listening', resolve));
  miniflare = new Miniflare({
    modules: true,
    script: await bundleWorker(fileURLToPath(new URL('./runtimes/queue-history-worker.ts', import.meta.url))),
    compatibilityDate: '2025-01-01',
    d1Databases: { DB: 'queue-history-db' },
    bindings: { RECORD_URL: `http://127.0.0.1:${(recorder.address() as AddressInfo).port}/` },
    queueProducers: { NOTIFICATIONS: 'notifications' },
    queueConsumers: { notifications: { maxBatchSize: 10, maxBatchTimeout: 0, maxRetries: 2 } },
    handleRuntimeStdio: (stdout: Readable, stderr: Readable) => {
      stdout.on('data', (chunk: Buffer) => (printed += chunk.toString()));
      stderr.on('data', (chunk: Buffer) => (printed += chunk.toString()));
    },
  });
  url = await miniflare.ready.catch((error: unknown) => {
    throw new Error(`workerd did not start:\n${printed}`, { cause: error });
  });
  history = cloudflareNotificationHistory({ d1: (await miniflare.getD1Database('DB')) as unknown as D1Like });
}, 60_000);
afterAll(async () => {
  await miniflare?.dispose();
  await Promise.all(clients.map((client) => client.close()));
  await new Promise((resolve) => recorder?.close(resolve));
});

/** A stand-in client whose users `fids` have tokens (through the app `appFid`) in the Worker's D1 store. */
async function clientOf(appFid: number, fids: number[], domain?: string) {
  const client = await startNotificationClient(domain === undefined ? {} : { domain });
  clients.push(client);
  const targets: NotificationTarget[] = fids.map((fid) => ({ fid, appFid, url: client.url, token: client.issue(fid, appFid) }));
  expect((await fetch(new URL('/tokens', url), { method: 'POST', body: JSON.stringify(targets) })).status).toBe(204);
  return { client, tokens: targets.map((target) => target.token) };
}
const sum = (key: string) => outcomes.reduce((total, outcome) => total + (outcome[key] as number), 0);
const attemptsOf = async (fid: number) =>
  (await history.timeline(fid))[0]?.attempts.map(({ outcome, final, reason }) => [outcome, final, reason ?? null]);

describe('notificationConsumer with a history, on workerd', () => {
  it('writes each target once final, after its non-final attempts: counts are what the clients delivered and the messages came to', async () => {
    const SERVER_ERROR = 'the client answered 503';
    // 30 users, one token revoked, one rate-limited once then sent on the next round.
    const good = await clientOf(9152, range(30));
    good.client.revoke(good.tokens[0]!);
    good.client.fault({ count: 1, rateLimit: [good.tokens[1]!] });
    // A request that fails once, retried; one that fails past the 4 retries; a client on another
    // domain that refuses the notification itself; a token rate-limited past the one round allowed.
    const flaky = await clientOf(77, range(10, 101));
    flaky.client.fault({ count: 1, status: 503 });
    const down = await clientOf(99, range(2, 301));
    down.client.fault({ count: 5, status: 503 });
    await clientOf(88, range(3, 201), 'other.example.com');
    const limited = await clientOf(66, range(2, 401));
    limited.client.fault({ count: 2, rateLimit: [limited.tokens[0]!] });

    const started = await fetch(new URL('/broadcast', url), { method: 'POST', body: JSON.stringify({ ...digest, to: 'all' }) });
    expect(await started.json()).toEqual({ notificationId: digest.notificationId, to: 'all' });
    // Every target ends with one final entry: 47 of them.
    const finals = async () => {
      const kept = await history.get(digest.notificationId);
      return kept === undefined ? 0 : Object.values(kept.counts).reduce((total, count) => total + count, 0);
    };
    try {
      await expect.poll(finals, { timeout: 30_000, interval: 200 }).toBe(47);
      // The outcome of the last message is recorded after its history.
      await expect.poll(() => sum('successful'), { timeout: 5_000 }).toBe(40);
    } catch (error) {
      console.log(printed, JSON.stringify(outcomes));
      throw error;
    }
    const delivered = [good, flaky, limited].map(({ client }) => deliveredTo(client, digest.notificationId).length);
    expect(delivered).toEqual([29, 10, 1]);
    const kept = (await history.get(digest.notificationId))!;
    // What the messages came to: 40 delivered, 1 invalid, 3 refused; 20 targets retried (10 once, 2 five
    // times), 3 rate-limited (user 2 once, user 401 twice).
    expect([sum('successful'), sum('alreadySent'), sum('invalid'), sum('failed'), sum('retry'), sum('rateLimited')]).toEqual([
      40, 0, 1, 3, 20, 3,
    ]);
    expect(kept.counts).toEqual({
      successful: 40,
      alreadySent: 0,
      invalid: 1,
      rateLimited: 0,
      failed: 6,
      expired: 0,
      remaining: 0,
      cancelled: 0,
    });
    expect(kept.byReason).toEqual({ domain_mismatch: 3, [SERVER_ERROR]: 2, rate_limited: 1 });
    expect(kept.byClient).toMatchObject({
      '9152': { successful: 29, invalid: 1 },
      '77': { successful: 10, failed: 0 },
      '99': { failed: 2 },
      '88': { failed: 3 },
      '66': { successful: 1, failed: 1 },
    });
    for (const outcome of HISTORY_OUTCOMES) {
      expect(
        Object.values(kept.byClient).reduce((total, counts) => total + counts[outcome], 0),
        outcome,
      ).toBe(kept.counts[outcome]);
    }

    expect(await attemptsOf(1)).toEqual([['invalid', true, null]]);
    expect(await attemptsOf(2)).toEqual([
      ['rateLimited', false, null],
      ['successful', true, null],
    ]);
    expect(await attemptsOf(101)).toEqual([
      ['failed', false, SERVER_ERROR],
      ['successful', true, null],
    ]);
    expect(await attemptsOf(301)).toEqual([...Array(4).fill(['failed', false, SERVER_ERROR]), ['failed', true, SERVER_ERROR]]);
    expect(await attemptsOf(201)).toEqual([['failed', true, 'domain_mismatch']]);
    expect(await attemptsOf(401)).toEqual([
      ['rateLimited', false, null],
      ['failed', true, 'rate_limited'],
    ]);
    expect(await attemptsOf(402)).toEqual([['successful', true, null]]);
    expect(printed).toContain('gave up on 2 tokens');
    expect(printed).toContain('refused notification "digest-1": domain_mismatch');
  });
});
