import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_API_KEY, DELIVERY_ID_HEADER, EmulatorError, startEmulator, type Emulator, type EmulatorOptions } from '@social-webhooks/emulator';
import { startReceiver, type Framework, type ReceiverOptions, type TestReceiver } from './receivers.js';

// The development loop of the emulator over real HTTP against the example receivers (Express 5 and
// Hono on Node): answers in the log, replay, publish from code, faults, the state file, the page's access.
const FAST_RETRY = { attempts: 2, baseDelayMs: 40, timeoutMs: 1000 };

let emulator: Emulator;
const receivers: TestReceiver[] = [];
const folders: string[] = [];

afterEach(async () => {
  await emulator?.stop();
  await Promise.all(receivers.splice(0).map((r) => r.close()));
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

async function setUp(framework: Framework = 'express', receiverOptions: ReceiverOptions = {}, options: EmulatorOptions = {}) {
  emulator = await startEmulator({ retry: FAST_RETRY, ...options });
  const receiver = await startReceiver(framework, 0, receiverOptions);
  receivers.push(receiver);
  const webhook = emulator.createWebhook({ endpoint: receiver.url, filterConfig: { event_type: 'follow.created' } });
  receiver.arm({ 'follow.created': webhook.headerValue });
  return { receiver, webhook };
}

async function api(method: string, path: string, body?: unknown, headers: Record<string, string> = { authorization: DEFAULT_API_KEY }) {
  const response = await fetch(emulator.url + path, {
    method,
    headers: { ...headers, ...(body !== undefined && { 'content-type': 'application/json' }) },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, body: (text.startsWith('{') ? JSON.parse(text) : {}) as Record<string, unknown> };
}

describe('answers in the log', () => {
  it.each(['express', 'hono'] as const)('keeps what the %s receiver answered to a refusal, and the request with the secret masked', async (framework) => {
    const { receiver, webhook } = await setUp(framework);
    receiver.arm({ 'follow.created': 'not-the-header-value' });
    const [deliveryId] = emulator.publish('follow.created').deliveries;
    const delivery = await emulator.waitForDelivery(deliveryId!);
    const attempt = delivery.attempts[0]!;
    expect(attempt).toMatchObject({ attempt: 1, kind: 'first', status: 401, response: { status: 401, truncated: false } });
    expect(JSON.parse(attempt.response!.body)).toMatchObject({ error: expect.any(String) });
    expect(attempt.response!.bodyBytes).toBe(Buffer.byteLength(attempt.response!.body));
    expect(attempt.response!.headers['content-type']).toMatch(/^application\/json/);
    expect(attempt.request.headers).toMatchObject({ [DELIVERY_ID_HEADER]: deliveryId, 'x-airstack-webhook': `${webhook.headerValue.slice(0, 4)}${'*'.repeat(20)}` });
    expect(JSON.stringify(delivery)).not.toContain(webhook.headerValue);
    expect(JSON.parse(attempt.request.body)).toMatchObject({ eventName: 'follow.created' });
    // The same over HTTP, for the command line and the page.
    const answer = await api('GET', `/_emulator/deliveries/${deliveryId}`);
    expect(answer.body['delivery']).toEqual(JSON.parse(JSON.stringify(delivery)));
  });

  it('cuts a long answer at maxAnswerBytes and says how long it was', async () => {
    const { receiver } = await setUp('express', {}, { maxAnswerBytes: 8 });
    receiver.behave(() => 'fail');
    const delivery = await emulator.waitForDelivery(emulator.publish('follow.created').deliveries[0]!);
    expect(delivery.attempts[0]!.response).toMatchObject({ status: 503, body: '{"error"', truncated: true, bodyBytes: 16 });
  });
});

describe('replay', () => {
  it('redelivers a failed delivery as it was, same body and same delivery id, from the HTTP API', async () => {
    const { receiver } = await setUp('hono');
    receiver.behave(() => 'fail');
    const [deliveryId] = emulator.publish('follow.created').deliveries;
    expect((await emulator.waitForDelivery(deliveryId!)).state).toBe('failed');
    receiver.behave(() => 'handle');
    const answer = await api('POST', `/_emulator/deliveries/${deliveryId}/replay`);
    expect(answer.status).toBe(202);
    const replayed = await emulator.waitForDelivery({ deliveryId: deliveryId!, state: 'delivered' });
    expect(replayed.attempts.map((a) => [a.kind, a.status])).toEqual([['first', 503], ['retry', 503], ['replay', 200]]);
    expect(new Set(replayed.attempts.map((a) => a.request.body)).size).toBe(1);
    expect(receiver.deliveryIds).toEqual([deliveryId, deliveryId, deliveryId]);
    expect(receiver.handled).toHaveLength(1);
  });

  it('replays every failed delivery at once, from code and from HTTP, and only those', async () => {
    const { receiver, webhook } = await setUp('express');
    receiver.behave(() => 'fail');
    const failed = [emulator.publish('follow.created'), emulator.publish('follow.created')].map((r) => r.deliveries[0]!);
    await emulator.idle();
    receiver.behave(() => 'handle');
    const delivered = emulator.publish('follow.created').deliveries[0]!;
    await emulator.idle();
    expect(emulator.replayFailed({ webhookId: webhook.webhookId }).sort()).toEqual([...failed].sort());
    await emulator.idle();
    expect(emulator.deliveries().map((d) => d.state)).toEqual(['delivered', 'delivered', 'delivered']);
    expect(emulator.delivery(delivered)!.attempts).toHaveLength(1);
    expect((await api('POST', '/_emulator/deliveries/replay', {})).body).toEqual({ status: true, replayed: [] });
  });

  it('refuses, with a code and a way out, an unknown delivery, a pending one, and one whose webhook is gone', async () => {
    const { receiver, webhook } = await setUp('express');
    expect((await api('POST', '/_emulator/deliveries/nope/replay')).body).toMatchObject({ status: false, code: 'unknown_delivery' });
    receiver.behave(() => 'hang');
    const [deliveryId] = emulator.publish('follow.created').deliveries;
    const pending = await api('POST', `/_emulator/deliveries/${deliveryId}/replay`);
    expect(pending).toMatchObject({ status: 409, body: { code: 'delivery_pending', message: expect.stringContaining('wait until') } });
    await api('DELETE', `/api/v1/webhooks/${webhook.webhookId}`);
    expect(() => emulator.replay(deliveryId!)).toThrow(expect.objectContaining({ code: 'webhook_deleted' }));
    expect(() => emulator.replay(deliveryId!)).toThrow(EmulatorError);
  });
});

describe('publish from code', () => {
  it('gives each published sample a fresh id, so a receiver with dedupe handles both', async () => {
    const { receiver } = await setUp('hono', { dedupe: true });
    const first = emulator.publish('follow.created');
    const second = emulator.publish('follow.created');
    const deliveries = await Promise.all([first, second].map((r) => emulator.waitForDelivery(r.deliveries[0]!)));
    expect(deliveries.map((d) => d.state)).toEqual(['delivered', 'delivered']);
    expect(receiver.handled).toHaveLength(2);
    expect(receiver.handled[0]!.data.id).not.toBe(receiver.handled[1]!.data.id);
  });

  it('refuses data that fails the schema, and a wait that never ends times out with a hint', async () => {
    await setUp('express');
    expect(() => emulator.publish('follow.created', { followerProfileId: true })).toThrow(expect.objectContaining({ code: 'invalid_request' }));
    await expect(emulator.waitForDelivery({ eventName: 'profile.created' }, { timeoutMs: 50 })).rejects.toMatchObject({ code: 'wait_timeout', message: expect.stringContaining('publish answers which did') });
  });
});

describe('faults', () => {
  it('duplicate: the same delivery twice; a receiver with dedupe handles it once', async () => {
    const { receiver } = await setUp('express', { dedupe: true });
    const delivery = await emulator.waitForDelivery(emulator.publish('follow.created', undefined, { faults: { duplicate: true } }).deliveries[0]!);
    expect(delivery.attempts.map((a) => [a.kind, a.status])).toEqual([['first', 200], ['duplicate', 200]]);
    expect(receiver.deliveryIds).toEqual([delivery.deliveryId, delivery.deliveryId]);
    expect(receiver.handled).toHaveLength(1);
  });

  it('outOfOrder on the webhook (set over HTTP): consecutive events arrive swapped', async () => {
    const { receiver, webhook } = await setUp('hono');
    expect((await api('PUT', `/_emulator/webhooks/${webhook.webhookId}/faults`, { outOfOrder: true })).body).toEqual({ status: true, webhook_id: webhook.webhookId, faults: { outOfOrder: true } });
    const ids = ['1', '2', '3', '4'].map((n) => emulator.publish('follow.created', { followerProfileId: n, followingProfileId: '9' }).deliveries[0]!);
    await Promise.all(ids.map((id) => emulator.waitForDelivery(id)));
    // Swapped in pairs (deliveries run concurrently, so the pairs themselves may interleave).
    const order = receiver.handled.map((event) => (event.eventName === 'follow.created' ? event.data.followerProfileId : undefined));
    expect(order.indexOf('2')).toBeLessThan(order.indexOf('1'));
    expect(order.indexOf('4')).toBeLessThan(order.indexOf('3'));
    expect((await api('DELETE', `/_emulator/webhooks/${webhook.webhookId}/faults`)).body).toMatchObject({ faults: {} });
  });

  it('outOfOrder on a publish: a follow.created held back arrives after the follow.deleted that follows it, at the same receiver', async () => {
    const { receiver, webhook } = await setUp('express');
    const deleted = emulator.createWebhook({ endpoint: receiver.url, filterConfig: { event_type: 'follow.deleted' } });
    receiver.arm({ 'follow.created': webhook.headerValue, 'follow.deleted': deleted.headerValue });
    const created = emulator.publish('follow.created', undefined, { faults: { outOfOrder: true } }).deliveries[0]!;
    await new Promise((resolve) => setTimeout(resolve, 50));
    emulator.publish('follow.deleted');
    expect((await emulator.waitForDelivery(created)).faults).toEqual({ outOfOrder: true });
    expect(receiver.handled.map((event) => event.eventName)).toEqual(['follow.deleted', 'follow.created']);
  });

  it('delayMs: the first attempt waits', async () => {
    await setUp('express');
    const delivery = await emulator.waitForDelivery(emulator.publish('follow.created', undefined, { faults: { delayMs: 300 } }).deliveries[0]!);
    expect(Date.parse(delivery.attempts[0]!.at) - Date.parse(delivery.createdAt)).toBeGreaterThanOrEqual(290);
  });

  it.each(['express', 'hono'] as const)('disconnect: the %s receiver handles it, the gateway sees no answer and retries', async (framework) => {
    const { receiver, webhook } = await setUp(framework);
    emulator.setFaults(webhook.webhookId, { disconnect: true });
    const delivery = await emulator.waitForDelivery(emulator.publish('follow.created').deliveries[0]!);
    expect(delivery.attempts.map((a) => [a.kind, a.status ?? a.error])).toEqual([['first', 'connection cut before the answer (disconnect fault)'], ['retry', 200]]);
    expect(delivery.state).toBe('delivered');
    expect(receiver.handled).toHaveLength(2);
  });

  it('refuses an unknown fault with 400 and the list of faults', async () => {
    const { webhook } = await setUp('express');
    const answer = await api('PUT', `/_emulator/webhooks/${webhook.webhookId}/faults`, { dupe: true });
    expect(answer).toMatchObject({ status: 400, body: { code: 'invalid_request', message: expect.stringContaining('duplicate, outOfOrder, delayMs and disconnect') } });
    expect((await api('POST', '/_emulator/events', { eventName: 'follow.created', faults: { delayMs: -1 } })).status).toBe(400);
  });
});

describe('the state file', () => {
  it('keeps the webhooks and the log across a restart, and the restored webhook still delivers', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'emulator-state-'));
    folders.push(folder);
    const persistPath = join(folder, 'state.json');
    const { receiver, webhook } = await setUp('express', {}, { persistPath });
    const first = await emulator.waitForDelivery(emulator.publish('follow.created').deliveries[0]!);
    await emulator.stop();
    expect(JSON.parse(readFileSync(persistPath, 'utf8'))).toMatchObject({ version: 1, webhooks: [{ id: webhook.webhookId }] });

    emulator = await startEmulator({ retry: FAST_RETRY, persistPath });
    expect(emulator.webhooks().map((w) => w.id)).toEqual([webhook.webhookId]);
    expect(emulator.deliveries()).toEqual([first]);
    emulator.replay(first.deliveryId);
    const second = await emulator.waitForDelivery(emulator.publish('follow.created').deliveries[0]!);
    await emulator.idle();
    expect(second.state).toBe('delivered');
    expect(emulator.delivery(first.deliveryId)!.attempts.map((a) => a.kind)).toEqual(['first', 'replay']);
    expect(receiver.handled).toHaveLength(3);
  });

  it('refuses a file that is not its own, saying what to do', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'emulator-state-'));
    folders.push(folder);
    await expect(startEmulator({ persistPath: join(folder) })).rejects.toMatchObject({ code: 'persist_failed' });
  });
});

describe('the page and its access', () => {
  it('serves the page at the root without a key, self-contained, with a strict CSP', async () => {
    emulator = await startEmulator();
    const page = await api('GET', '/', undefined, {});
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toMatch(/default-src 'none'; script-src 'nonce-/);
    expect(page.text).not.toMatch(/<script[^>]+src=|<link[^>]+href=|https?:\/\/(?!127\.0\.0\.1)/);
  });

  it('answers the API to the page token, not without a key, and not to another host name', async () => {
    emulator = await startEmulator();
    const token = /"token":"([^"]+)"/.exec((await api('GET', '/', undefined, {})).text)![1]!;
    expect((await api('GET', '/_emulator/deliveries', undefined, {})).status).toBe(401);
    expect((await api('GET', '/_emulator/deliveries', undefined, { 'x-emulator-page-token': 'wrong' })).status).toBe(401);
    expect((await api('GET', '/_emulator/deliveries', undefined, { 'x-emulator-page-token': token })).status).toBe(200);
    // fetch does not let a caller set Host; a raw request does, as a DNS-rebinding page's would be.
    const { request } = await import('node:http');
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(`${emulator.url}/`, { headers: { host: 'attacker.example:4010' } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.once('error', reject);
      req.end();
    });
    expect(status).toBe(403);
  });
});
