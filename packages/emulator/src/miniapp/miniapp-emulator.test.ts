import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { miniAppSender, verifyAppKeyWithHub, webhookHandler, type MiniAppEvent } from '@social-webhooks/core';
import { startEmulator, type Emulator } from '../emulator.js';
import { DEFAULT_API_KEY } from '../options.js';

let emulator: Emulator;
let app: Server;
let webhookUrl: string;
const received: MiniAppEvent[] = [];
/** Statuses the Mini App answers before it answers 200, one per delivery attempt. */
const failFirst: number[] = [];

beforeAll(async () => {
  emulator = await startEmulator({ retry: { attempts: 3, baseDelayMs: 20, timeoutMs: 2000 } });
  // The Mini App: verifies with the emulator as its hub, no cache so a removed key is seen at once.
  const handle = webhookHandler({
    sender: miniAppSender({
      verifyAppKey: verifyAppKeyWithHub({ hubUrl: emulator.miniApp.hubUrl, cacheMs: 0, maxLookupsPerSecond: 1_000 }),
    }),
    on: Object.fromEntries(
      (['miniapp_added', 'miniapp_removed', 'notifications_enabled', 'notifications_disabled'] as const).map((name) => [
        name,
        (event: MiniAppEvent) => void received.push(event),
      ]),
    ),
    logger: false,
  });
  app = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const status = failFirst.shift();
      if (status !== undefined) return void res.writeHead(status).end();
      const request = new Request(`http://app.test${req.url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: Buffer.concat(chunks),
      });
      void handle(request).then(async (response) => res.writeHead(response.status).end(await response.text()));
    });
  });
  await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
  webhookUrl = `http://127.0.0.1:${(app.address() as AddressInfo).port}/webhook`;
});
afterAll(async () => {
  await emulator.stop();
  await new Promise((resolve) => app.close(resolve));
});

const call = async (method: string, path: string, body?: unknown, key: string | null = DEFAULT_API_KEY) => {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...(key !== null && { authorization: key }) };
  const response = await fetch(emulator.url + path, { method, headers, ...(body !== undefined && { body: JSON.stringify(body) }) });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};
const notify = (tokens: string[], fields: Record<string, unknown> = {}) =>
  call(
    'POST',
    '/_emulator/miniapp/notifications',
    { notificationId: 'n-1', title: 'Hi', body: 'A body', targetUrl: 'https://app.example.com/', tokens, ...fields },
    null,
  );

describe('the emulator as a Farcaster client and a hub for a Mini App', () => {
  it('signs and delivers notifications_enabled with a fresh token, verified through its own hub route', async () => {
    const sent = await emulator.miniApp.send({ to: webhookUrl, event: 'notifications_enabled', fid: 3 });
    const delivery = await emulator.miniApp.waitForDelivery(sent.deliveryId);
    expect(delivery).toMatchObject({ state: 'delivered', eventName: 'notifications_enabled', fid: 3, appFid: 9152, appKey: sent.appKey });
    expect(delivery.attempts.map((attempt) => attempt.status)).toEqual([200]);
    expect(received.at(-1)).toEqual({
      eventName: 'notifications_enabled',
      data: {
        fid: 3,
        appFid: 9152,
        appKey: sent.appKey,
        notificationDetails: { url: `${emulator.url}/_emulator/miniapp/notifications`, token: expect.any(String) },
      },
    });
    expect(sent.payload).toEqual({
      event: 'notifications_enabled',
      notificationDetails: (received.at(-1)!.data as { notificationDetails: unknown }).notificationDetails,
    });
  });

  it('lists the user’s key at GET /v1/onChainSignersByFid without an API key, and none for another user', async () => {
    const { appKey } = await emulator.miniApp.send({ to: webhookUrl, event: 'miniapp_removed', fid: 8, appFid: 77 });
    const listed = await call('GET', '/v1/onChainSignersByFid?fid=8', undefined, null);
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual({
      events: [
        expect.objectContaining({
          type: 'EVENT_TYPE_SIGNER',
          fid: 8,
          signerEventBody: expect.objectContaining({ key: appKey, eventType: 'SIGNER_EVENT_TYPE_ADD' }),
        }),
      ],
    });
    expect((await call('GET', '/v1/onChainSignersByFid?fid=9', undefined, null)).body).toEqual({ events: [] });
    expect(await call('GET', '/v1/onChainSignersByFid?fid=abc', undefined, null)).toMatchObject({
      status: 400,
      body: { errCode: 'bad_request.validation_failure', details: expect.stringContaining('fid must be a positive whole number') },
    });
  });

  it('honours a token until the user disables notifications, then answers it invalid', async () => {
    const enabled = await emulator.miniApp.send({ to: webhookUrl, event: 'notifications_enabled', fid: 4 });
    const token = (enabled.payload as { notificationDetails: { token: string } }).notificationDetails.token;
    expect(await notify([token, 'never-issued'])).toEqual({
      status: 200,
      body: { result: { successfulTokens: [token], invalidTokens: ['never-issued'], rateLimitedTokens: [], failedTokens: [] } },
    });
    await emulator.miniApp.waitForDelivery(
      (await emulator.miniApp.send({ to: webhookUrl, event: 'notifications_disabled', fid: 4 })).deliveryId,
    );
    expect((await notify([token])).body).toEqual({
      result: { successfulTokens: [], invalidTokens: [token], rateLimitedTokens: [], failedTokens: [] },
    });
    expect(emulator.miniApp.notifications().at(-2)).toMatchObject({ recipients: [{ token, fid: 4, appFid: 9152 }] });
    expect(emulator.miniApp.tokens().find((issued) => issued.token === token)).toMatchObject({ state: 'disabled', fid: 4 });
  });

  it('adds the app with notifications off when asked: no details, and the old token disabled', async () => {
    const added = await emulator.miniApp.send({ to: webhookUrl, event: 'miniapp_added', fid: 5 });
    const token = (added.payload as { notificationDetails: { token: string } }).notificationDetails.token;
    const off = await emulator.miniApp.send({ to: webhookUrl, event: 'miniapp_added', fid: 5, notifications: false });
    expect(off.payload).toEqual({ event: 'miniapp_added' });
    expect((await notify([token])).body).toMatchObject({ result: { invalidTokens: [token] } });
  });

  it.each([
    ['a targetUrl on localhost', { targetUrl: 'https://localhost/x' }, /targetUrl: must be an https URL on a domain name/],
    ['a targetUrl over http', { targetUrl: 'http://app.example.com/' }, /targetUrl/],
    ['a title over 32 characters', { title: 'x'.repeat(33) }, /title/],
    ['101 tokens', { tokens: Array.from({ length: 101 }, String) }, /tokens/],
  ])('refuses a notification with %s, 400, as the reference schema would', async (_name, fields, message) => {
    const answer = await notify(['t'], fields);
    expect(answer.status).toBe(400);
    expect(answer.body['message']).toMatch(message);
  });

  it('retries a delivery the Mini App answered 503, with the same body, until it is delivered', async () => {
    failFirst.push(503);
    const sent = await emulator.miniApp.send({ to: webhookUrl, event: 'miniapp_removed', fid: 6 });
    const delivery = await emulator.miniApp.waitForDelivery(sent.deliveryId);
    expect(delivery.attempts.map((attempt) => [attempt.kind, attempt.status])).toEqual([
      ['first', 503],
      ['retry', 200],
    ]);
    expect(new Set(delivery.attempts.map((attempt) => attempt.request.body))).toEqual(new Set([delivery.body]));
  });

  it('signs with a new key once the user’s keys are removed; the old body is then app_key_invalid', async () => {
    const first = await emulator.miniApp.send({ to: webhookUrl, event: 'miniapp_removed', fid: 7 });
    await emulator.miniApp.waitForDelivery(first.deliveryId);
    expect(emulator.miniApp.removeKeys(7)).toBe(1);
    const answer = await fetch(webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: emulator.miniApp.delivery(first.deliveryId)!.body,
    });
    expect(answer.status).toBe(401);
    expect(await answer.json()).toMatchObject({ error: 'app_key_invalid' });
    const second = await emulator.miniApp.send({ to: webhookUrl, event: 'miniapp_removed', fid: 7 });
    expect(second.appKey).not.toBe(first.appKey);
    expect((await emulator.miniApp.waitForDelivery(second.deliveryId)).state).toBe('delivered');
  });

  it('sends from its HTTP route with the API key, and lists the deliveries there', async () => {
    expect((await call('POST', '/_emulator/miniapp/events', { to: webhookUrl, event: 'miniapp_removed', fid: 3 }, null)).status).toBe(401);
    const sent = await call('POST', '/_emulator/miniapp/events', { to: webhookUrl, event: 'miniapp_removed', fid: 3 });
    expect(sent).toMatchObject({ status: 202, body: { status: true, event: 'miniapp_removed', fid: 3, deliveryId: expect.any(String) } });
    await emulator.miniApp.waitForDelivery(sent.body['deliveryId'] as string);
    const one = await call('GET', `/_emulator/miniapp/deliveries/${String(sent.body['deliveryId'])}`);
    expect(one.body).toMatchObject({ delivery: { state: 'delivered', endpoint: webhookUrl } });
    expect((await call('GET', '/_emulator/miniapp/deliveries/nope')).body).toMatchObject({ status: false, code: 'unknown_delivery' });
  });

  it.each([
    ['an unknown event', { event: 'frame_added' }, /event/],
    ['a fid of 0', { fid: 0 }, /fid/],
    [
      'details on miniapp_removed',
      { notificationDetails: { url: 'https://x.test', token: 't' } },
      /miniapp_removed carries no notificationDetails/,
    ],
    ['notifications on notifications_enabled', { event: 'notifications_enabled', notifications: true }, /is for miniapp_added only/],
    ['a to that is not a URL', { to: 'webhook' }, /webhookUrl/],
  ])('refuses to send %s, 400 invalid_request', async (_name, fields, message) => {
    const answer = await call('POST', '/_emulator/miniapp/events', { to: webhookUrl, event: 'miniapp_removed', fid: 3, ...fields });
    expect(answer).toMatchObject({ status: 400, body: { status: false, code: 'invalid_request' } });
    expect(answer.body['message']).toMatch(message);
  });
});
