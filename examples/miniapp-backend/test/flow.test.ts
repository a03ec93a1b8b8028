import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNotifier, memoryTokenStore, verifyAppKeyWithHub } from '@social-webhooks/core';
import { createMiniAppSigner } from '@social-webhooks/core/testing';
import { startEmulator, type Emulator, type MiniAppSendInit } from '@social-webhooks/emulator';
import { createApp } from '../src/app.js';

// The whole flow offline: the emulator plays the Farcaster client (it signs and sends the four
// events, issues the tokens, and receives the notifications) and the hub (it answers the key
// lookup); the backend verifies each event through that hub, keeps the tokens, and notifies with them.

const NOTIFY_TOKEN = 'notify-secret-for-tests';
const notification = {
  notificationId: 'welcome-1',
  title: 'Welcome',
  body: 'Thanks for adding the app',
  targetUrl: 'https://app.example.com/',
};
let emulator: Emulator;
let server: Server;
let webhookUrl: string;
const tokens = memoryTokenStore();
const lines: string[] = [];
/** While true, the backend is down: every delivery gets 503 before the app sees it. */
let down = false;

beforeAll(async () => {
  // Two notifications reach fid 3's token within a second: no 30 s interval between them here.
  emulator = await startEmulator({ retry: { attempts: 2, baseDelayMs: 10, timeoutMs: 2000 }, notificationLimits: { intervalMs: 0 } });
  const app = createApp({
    verifyAppKey: verifyAppKeyWithHub({ hubUrl: emulator.miniApp.hubUrl }),
    tokens,
    domain: 'app.example.com',
    notifyToken: NOTIFY_TOKEN,
    log: (line) => lines.push(line),
  });
  server = serve({
    fetch: (request, env) => (down ? new Response(null, { status: 503 }) : app.fetch(request, env)),
    port: 0,
    hostname: '127.0.0.1',
  }) as Server;
  await new Promise((resolve) => server.once('listening', resolve));
  webhookUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhook`;
});
afterAll(async () => {
  await emulator?.stop();
  await new Promise((resolve) => server?.close(resolve));
});

async function deliver(init: Omit<MiniAppSendInit, 'to'>) {
  const sent = await emulator.miniApp.send({ to: webhookUrl, ...init });
  return { sent, delivery: await emulator.miniApp.waitForDelivery(sent.deliveryId) };
}
const tokenOf = (payload: unknown) => (payload as { notificationDetails: { token: string } }).notificationDetails.token;
const post = (body: string) => fetch(webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body });

describe('miniapp-backend with the emulator as its Farcaster client and hub', () => {
  it('keeps the token each event gives and forgets the one each takes away', async () => {
    const added = await deliver({ event: 'miniapp_added', fid: 3 });
    expect(added.delivery.state).toBe('delivered');
    expect(await tokens.get(3)).toEqual([
      {
        fid: 3,
        appFid: 9152,
        url: `${emulator.url}/_emulator/miniapp/notifications`,
        token: tokenOf(added.sent.payload),
        enabledAt: expect.any(Number),
      },
    ]);
    await deliver({ event: 'notifications_enabled', fid: 4, appFid: 77 });
    expect(await tokens.get(4)).toMatchObject([{ fid: 4, appFid: 77 }]);
    await deliver({ event: 'notifications_disabled', fid: 3 });
    expect(await tokens.get(3)).toEqual([]);
    const enabled = await deliver({ event: 'notifications_enabled', fid: 3 });
    expect((await tokens.get(3)).map((target) => target.token)).toEqual([tokenOf(enabled.sent.payload)]);
    await deliver({ event: 'miniapp_removed', fid: 4, appFid: 77 });
    expect(await tokens.get(4)).toEqual([]);
    expect(lines.filter((line) => !line.startsWith('welcome'))).toEqual([
      'miniapp_added: fid 3 in client 9152',
      'notifications_enabled: fid 4 in client 77',
      'notifications_disabled: fid 3 in client 9152',
      'notifications_enabled: fid 3 in client 9152',
      'miniapp_removed: fid 4 in client 77',
    ]);
  });

  it('sends a notification with the kept token, and the client records that it reached the user', async () => {
    const [target] = await tokens.get(3);
    const report = await createNotifier({ store: tokens, logger: false }).send(notification, { to: 'all' });
    expect(report).toMatchObject({ targets: 1, successful: 1, invalid: 0, rateLimited: 0, failed: {} });
    expect(emulator.miniApp.notifications().at(-1)).toMatchObject({
      request: { ...notification, tokens: [target!.token] },
      result: { successfulTokens: [target!.token], invalidTokens: [], rateLimitedTokens: [] },
      recipients: [{ fid: 3, appFid: 9152, token: target!.token }],
    });
  });

  it('sends through POST /notify with its bearer token only', async () => {
    const notify = (authorization?: string) =>
      fetch(webhookUrl.replace('/webhook', '/notify'), {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(authorization !== undefined && { authorization }) },
        body: JSON.stringify({ ...notification, notificationId: 'news-2', to: 3 }),
      });
    expect((await notify()).status).toBe(401);
    expect((await notify('Bearer wrong')).status).toBe(401);
    const answer = await notify(`Bearer ${NOTIFY_TOKEN}`);
    expect(await answer.json()).toMatchObject({ notificationId: 'news-2', targets: 1, successful: 1, failed: {} });
  });

  it('drops a token the client answers invalid: the disable event was missed while the backend was down', async () => {
    const [target] = await tokens.get(3);
    down = true;
    const missed = await deliver({ event: 'notifications_disabled', fid: 3 });
    down = false;
    expect(missed.delivery.attempts.map((attempt) => attempt.status)).toEqual([503, 503]);
    expect(await tokens.get(3)).toEqual([target]);
    const report = await createNotifier({ store: tokens, logger: false }).send({ ...notification, notificationId: 'news-3' }, { to: 3 });
    expect(report).toMatchObject({ successful: 0, invalid: 1, rateLimited: 0, failed: {} });
    expect(await tokens.get(3)).toEqual([]);
  });

  it('answers miniapp_added first, then welcomes the user once through the client', async () => {
    const { delivery } = await deliver({ event: 'miniapp_added', fid: 8 });
    expect(delivery.attempts.map((attempt) => attempt.status)).toEqual([200]);
    const welcomed = () => emulator.miniApp.notifications().filter((received) => received.request.notificationId === 'welcome-8');
    await expect.poll(() => welcomed().length, { timeout: 5_000 }).toBe(1);
    expect(welcomed()[0]!.recipients).toMatchObject([{ fid: 8 }]);
    // The app logs once the client's answer is back, a moment after the client has the request.
    await expect.poll(() => lines, { timeout: 5_000 }).toContain('welcome to fid 8: 1 delivered');
  });

  it('refuses a notification that breaks a limit at POST /notify, sending nothing', async () => {
    const before = emulator.miniApp.notifications().length;
    const answer = await fetch(webhookUrl.replace('/webhook', '/notify'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${NOTIFY_TOKEN}` },
      body: JSON.stringify({ ...notification, notificationId: 'bad', targetUrl: 'https://elsewhere.example.org/' }),
    });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual({ error: expect.stringMatching(/not on your Mini App's domain "app.example.com"/) });
    expect(emulator.miniApp.notifications()).toHaveLength(before);
  });

  it('applies a body delivered again: disabled, enabled, then the same disabled bytes leave no token', async () => {
    const { delivery } = await deliver({ event: 'notifications_disabled', fid: 5 });
    await deliver({ event: 'notifications_enabled', fid: 5 });
    expect(await tokens.get(5)).toHaveLength(1);
    const again = await post(delivery.body);
    expect([again.status, await again.json()]).toEqual([200, 'ok']);
    expect(await tokens.get(5)).toEqual([]);
  });

  it('refuses tampered, unsigned, unknown-key and unreadable bodies, and keeps no token from them', async () => {
    const { delivery } = await deliver({ event: 'miniapp_removed', fid: 6 });
    const signed = JSON.parse(delivery.body) as { header: string; payload: string; signature: string };
    const forged = { event: 'notifications_enabled', notificationDetails: { url: 'https://evil.example/', token: 'stolen' } };
    const tampered = await post(JSON.stringify({ ...signed, payload: Buffer.from(JSON.stringify(forged)).toString('base64url') }));
    expect([tampered.status, await tampered.json()]).toEqual([401, expect.objectContaining({ error: 'app_signature_mismatch' })]);
    const unsigned = await post(JSON.stringify(forged));
    expect([unsigned.status, await unsigned.json()]).toEqual([400, expect.objectContaining({ error: 'invalid_signed_body' })]);
    // A valid signature by a key the hub does not list for the user.
    const stranger = await createMiniAppSigner({ fid: 6 });
    const unknownKey = await post(
      (await stranger.delivery(forged as { event: 'notifications_enabled'; notificationDetails: { url: string; token: string } })).body,
    );
    expect([unknownKey.status, await unknownKey.json()]).toEqual([401, expect.objectContaining({ error: 'app_key_invalid' })]);
    expect((await post('event=miniapp_added')).status).toBe(400);
    expect(await tokens.get(6)).toEqual([]);
  });
});
