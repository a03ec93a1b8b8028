import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMiniAppSigner } from '@social-webhooks/core/testing';
import { startEmulator, type Emulator, type MiniAppSendInit } from '@social-webhooks/emulator';

// The Worker bundled as wrangler would and run on workerd (Miniflare) with wrangler.toml's bindings:
// the Durable Object STATE (persisted in a folder, so a restart keeps it), the notifications queue and
// its consumer, the cron. The emulator plays the Farcaster client (it signs and sends the events,
// issues the tokens, receives the notifications) and the hub (it answers the key lookups).
const BROADCAST_TOKEN = 'broadcast-secret-for-tests';
const folder = mkdtempSync(join(tmpdir(), 'worker-miniapp-'));
let emulator: Emulator;
let miniflare: Miniflare;
let base: URL;
let script: string;
let printed = '';

async function startWorker(): Promise<void> {
  miniflare = new Miniflare({
    modules: true,
    script,
    compatibilityDate: '2025-01-01',
    bindings: { DOMAIN: 'app.example.com', HUB_URL: emulator.miniApp.hubUrl, BROADCAST_TOKEN },
    durableObjects: { STATE: { className: 'SocialWebhooksState', useSQLite: true } },
    durableObjectsPersist: folder,
    queueProducers: { NOTIFICATIONS: 'notifications' },
    queueConsumers: { notifications: { maxBatchSize: 10, maxBatchTimeout: 0, maxRetries: 5, deadLetterQueue: 'notifications-dead' } },
    handleRuntimeStdio: (stdout: Readable, stderr: Readable) => {
      stdout.on('data', (chunk: Buffer) => (printed += chunk.toString()));
      stderr.on('data', (chunk: Buffer) => (printed += chunk.toString()));
    },
  });
  base = await miniflare.ready;
}

beforeAll(async () => {
  emulator = await startEmulator({ retry: { attempts: 2, baseDelayMs: 10, timeoutMs: 5000 }, notificationLimits: { intervalMs: 0 } });
  const bundle = await build({
    entryPoints: [fileURLToPath(new URL('../src/worker.ts', import.meta.url))],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    conditions: ['source'],
    write: false,
    logLevel: 'silent',
  });
  script = bundle.outputFiles[0]!.text;
  await startWorker();
}, 60_000);
afterAll(async () => {
  await miniflare?.dispose();
  await emulator?.stop();
  rmSync(folder, { recursive: true, force: true });
});

const webhookUrl = () => new URL('/webhook', base).href;
async function deliver(init: Omit<MiniAppSendInit, 'to'>) {
  const sent = await emulator.miniApp.send({ to: webhookUrl(), ...init });
  return emulator.miniApp.waitForDelivery(sent.deliveryId);
}
const received = (notificationId: string) =>
  emulator.miniApp
    .notifications()
    .filter((entry) => entry.request.notificationId === notificationId)
    .flatMap((entry) => entry.recipients.map((recipient) => recipient.fid))
    .sort((a, b) => a - b);
const broadcast = (body: unknown, authorization = `Bearer ${BROADCAST_TOKEN}`) =>
  fetch(new URL('/broadcast', base), { method: 'POST', headers: { authorization }, body: JSON.stringify(body) });
const news = (notificationId: string) => ({
  notificationId,
  title: 'News',
  body: 'Something new',
  targetUrl: 'https://app.example.com/news',
});

describe('worker-miniapp on workerd, with the emulator as client and hub', () => {
  it('answers miniapp_added, then welcomes the user once under ctx.waitUntil', async () => {
    const delivery = await deliver({ event: 'miniapp_added', fid: 3 });
    expect(delivery.attempts.map((attempt) => attempt.status)).toEqual([200]);
    await expect.poll(() => received('welcome-3'), { timeout: 10_000 }).toEqual([3]);
    await expect.poll(() => printed).toContain('welcome to fid 3: 1 delivered');
  });

  it('refuses a forged event and one signed by a key the hub does not list, keeping no token', async () => {
    const stranger = await createMiniAppSigner({ fid: 40 });
    const forged = await stranger.delivery({
      event: 'notifications_enabled',
      notificationDetails: { url: 'https://evil.example/', token: 'stolen' },
    });
    const answer = await fetch(webhookUrl(), { method: 'POST', headers: { 'content-type': 'application/json' }, body: forged.body });
    expect([answer.status, ((await answer.json()) as { error: string }).error]).toEqual([401, 'app_key_invalid']);
    const unreadable = await fetch(webhookUrl(), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"header":"x"}',
    });
    expect(unreadable.status).toBe(400);
  });

  it('broadcasts over the queue only for the bearer of the secret, each user once, started twice', async () => {
    // Users who turned notifications on (no welcome), and one who turned them off again.
    for (const fid of [4, 5, 6]) await deliver({ event: 'notifications_enabled', fid });
    await deliver({ event: 'notifications_disabled', fid: 6 });
    expect((await broadcast({ ...news('news-1'), to: 'all' }, 'Bearer wrong')).status).toBe(401);
    expect((await broadcast({ ...news('news-1'), to: 'all' }, '')).status).toBe(401);
    for (const answer of [await broadcast({ ...news('news-1'), to: 'all' }), await broadcast({ ...news('news-1'), to: 'all' })]) {
      expect([answer.status, await answer.json()]).toEqual([202, { notificationId: 'news-1', to: 'all' }]);
    }
    await expect.poll(() => received('news-1'), { timeout: 20_000 }).toEqual([4, 5]);
    // Fid 3 had its welcome under 30 s ago: the limiter held it back, and a message delayed until its
    // interval ended sends it then.
    await expect.poll(() => received('news-1'), { timeout: 60_000, interval: 500 }).toEqual([3, 4, 5]);
    const bad = await broadcast({ ...news('news-2'), targetUrl: 'https://elsewhere.example/' });
    expect([bad.status, await bad.json()]).toEqual([
      400,
      { error: expect.stringMatching(/not on your Mini App's domain "app.example.com"/) },
    ]);
  });

  it('keeps the tokens across a restart of the Worker, in the Durable Object', async () => {
    await deliver({ event: 'notifications_enabled', fid: 7 });
    await miniflare.dispose();
    await startWorker();
    expect((await broadcast({ ...news('news-3'), to: [7] })).status).toBe(202);
    await expect.poll(() => received('news-3'), { timeout: 20_000 }).toEqual([7]);
  });

  it('runs the Cron Trigger, which trims the expired rows', async () => {
    const worker = (await miniflare.getWorker()) as unknown as { scheduled(options: { cron: string }): Promise<{ outcome: string }> };
    expect((await worker.scheduled({ cron: '0 * * * *' })).outcome).toBe('ok');
    await expect.poll(() => printed).toMatch(/cleanup: \{/);
  });
});
