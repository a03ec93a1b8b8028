import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { NEYNAR_EVENT_NAMES, neynarSender, webhookHandler, type NeynarEvent, type NeynarSecretsOption } from '@social-webhooks/core';
import { startEmulator, type Emulator } from '../emulator.js';
import { EmulatorError } from '../emulator-error.js';

// Deliveries to Neynar webhooks, received by the core's own Neynar receiver on loopback: the body
// Neynar sends, the signature over its exact bytes, the delivery id on every retry, rotation.
interface Receiver {
  readonly url: string;
  readonly requests: { headers: IncomingHttpHeaders; body: string; status: number }[];
  readonly handled: NeynarEvent[];
  /** The secrets the receiver verifies with; answers 503 while `failing` is above 0, counting down. */
  secrets: NeynarSecretsOption;
  failing: number;
}

let emulator: Emulator;
const servers: Server[] = [];
afterEach(async () => {
  await emulator?.stop();
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

async function receiver(): Promise<Receiver> {
  const state: Receiver = { url: '', requests: [], handled: [], secrets: 'unset', failing: 0 };
  const server = createServer(async (req, res) => {
    let body = '';
    for await (const chunk of req) body += String(chunk);
    const on = Object.fromEntries(NEYNAR_EVENT_NAMES.map((name) => [name, (event: NeynarEvent) => void state.handled.push(event)]));
    const handle = webhookHandler({ sender: neynarSender({ secrets: state.secrets }), on, logger: false });
    const headers = Object.entries(req.headers).map(([name, value]) => [name, String(value)] as [string, string]);
    const response =
      state.failing-- > 0
        ? new Response('down', { status: 503 })
        : await handle(new Request('http://receiver/', { method: 'POST', headers, body }));
    state.requests.push({ headers: req.headers, body, status: response.status });
    res.writeHead(response.status, { 'content-type': 'application/json' }).end(await response.text());
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return Object.assign(state, { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/neynar` });
}

async function setUp(subscription: Record<string, unknown> = { 'cast.created': { author_fids: [412037] } }) {
  emulator = await startEmulator({ retry: { attempts: 3, baseDelayMs: 20, timeoutMs: 1000 } });
  const target = await receiver();
  const webhook = emulator.neynar.createWebhook({ name: 'test', url: target.url, subscription });
  target.secrets = webhook.secrets;
  return { target, webhook };
}

describe('deliveries to Neynar webhooks', () => {
  it('POSTs { created_at, type, data } signed over its exact bytes, which the Neynar receiver verifies and types', async () => {
    const { target, webhook } = await setUp();
    const { matched, deliveries } = emulator.neynar.publish('cast.created', undefined, { createdAt: 1_750_000_000 });
    expect(matched).toEqual([webhook.webhook_id]);
    const record = await emulator.waitForDelivery(deliveries[0]!);
    expect(record).toMatchObject({ state: 'delivered', sender: 'neynar', eventName: 'cast.created', webhookId: webhook.webhook_id });
    const [request] = target.requests;
    expect(request!.status).toBe(200);
    expect(request!.body).toBe(record.body);
    expect(Object.keys(JSON.parse(request!.body) as object)).toEqual(['created_at', 'type', 'data']);
    expect(request!.headers['x-convoy-idempotency-key']).toBe(record.deliveryId);
    expect(request!.headers['x-neynar-signature']).toMatch(/^[0-9a-f]{128}$/);
    expect(record.attempts[0]!.request.headers['x-neynar-signature']).toBe(request!.headers['x-neynar-signature']);
    expect(target.handled).toEqual([expect.objectContaining({ eventName: 'cast.created', createdAt: 1_750_000_000 })]);
    expect((target.handled[0]!.data as { author: { fid: number } }).author.fid).toBe(412037);
  });

  it('delivers nothing for an event the subscription does not pass, or to an inactive webhook', async () => {
    const { target, webhook } = await setUp({ 'cast.created': { author_fids: [3] }, 'follow.created': {} });
    expect(emulator.neynar.publish('cast.created').matched).toEqual([]);
    expect(emulator.neynar.publish('follow.deleted').matched).toEqual([]);
    await fetch(`${emulator.url}/v2/farcaster/webhook/`, {
      method: 'PATCH',
      headers: { 'x-api-key': 'emulator-api-key', 'content-type': 'application/json' },
      body: JSON.stringify({ webhook_id: webhook.webhook_id, active: 'false' }),
    });
    expect(emulator.neynar.publish('follow.created').matched).toEqual([]);
    await emulator.idle();
    expect(target.requests).toEqual([]);
  });

  it('retries with the same delivery id and the same signed body, and replays it as it was', async () => {
    const { target } = await setUp();
    target.failing = 1;
    const [id] = emulator.neynar.publish('cast.created').deliveries;
    const record = await emulator.waitForDelivery(id!);
    expect(record.attempts.map((attempt) => attempt.status)).toEqual([503, 200]);
    emulator.replay(id!);
    await emulator.waitForDelivery({ deliveryId: id!, where: (r) => r.attempts.length === 3 });
    const [first, second, replayed] = target.requests;
    for (const request of [second, replayed]) {
      expect(request!.headers['x-convoy-idempotency-key']).toBe(first!.headers['x-convoy-idempotency-key']);
      expect(request!.headers['x-neynar-signature']).toBe(first!.headers['x-neynar-signature']);
      expect(request!.body).toBe(first!.body);
    }
  });

  it('signs with the new secret after a rotation: a receiver holding both verifies, one holding only the old does not', async () => {
    const { target, webhook } = await setUp();
    const rotated = emulator.neynar.rotateSecret(webhook.webhook_id, { graceSeconds: 3600 });
    const [old, fresh] = rotated.secrets;
    expect(old!.uid).toBe(webhook.secrets[0]!.uid);
    expect(Date.parse(old!.expires_at) - Date.now()).toBeGreaterThan(3_590_000);
    expect(fresh!.value).not.toBe(old!.value);

    target.secrets = rotated.secrets;
    await emulator.waitForDelivery(emulator.neynar.publish('cast.created').deliveries[0]!);
    target.secrets = [webhook.secrets[0]!];
    emulator.neynar.publish('cast.created');
    await emulator.idle();
    expect(target.requests.map((request) => request.status)).toEqual([200, 401, 401, 401]);
  });

  it('puts event_timestamp beside created_at in user events, as the SDK types them', async () => {
    const { target } = await setUp({ 'user.updated': { fids: [412037] } });
    await emulator.waitForDelivery(emulator.neynar.publish('user.updated', undefined, { createdAt: 1_750_000_000 }).deliveries[0]!);
    expect(JSON.parse(target.requests[0]!.body)).toMatchObject({
      created_at: 1_750_000_000,
      type: 'user.updated',
      event_timestamp: '2025-06-15T15:06:40.000Z',
    });
  });

  it("takes faults per webhook, and refuses data that fails the type's schema", async () => {
    const { target, webhook } = await setUp();
    emulator.setFaults(webhook.webhook_id, { duplicate: true });
    await emulator.waitForDelivery(emulator.neynar.publish('cast.created').deliveries[0]!);
    await emulator.idle();
    expect(target.requests).toHaveLength(2);
    expect(() => emulator.neynar.publish('cast.created', { text: 'no hash, no author' })).toThrow(EmulatorError);
  });

  it('cancels pending retries when the webhook is deleted', async () => {
    const { target, webhook } = await setUp();
    target.failing = 10;
    const [id] = emulator.neynar.publish('cast.created').deliveries;
    await fetch(`${emulator.url}/v2/farcaster/webhook/`, {
      method: 'DELETE',
      headers: { 'x-api-key': 'emulator-api-key', 'content-type': 'application/json' },
      body: JSON.stringify({ webhook_id: webhook.webhook_id }),
    });
    expect((await emulator.waitForDelivery(id!)).state).toBe('cancelled');
  });
});
