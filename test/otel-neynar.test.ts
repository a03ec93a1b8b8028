import { describe, expect, it } from 'vitest';
import { bullmqHandoff, webhookWorker } from '@social-webhooks/bullmq';
import { neynarSender, webhookHandler, type NeynarEvent } from '@social-webhooks/core';
import { buildDelivery, buildNeynarDelivery, type NeynarDeliveryInit } from '@social-webhooks/core/testing';
import { otelInstrumentation } from '@social-webhooks/otel';
import { otelSdk } from './support/otel-sdk.js';
import { useOtelQueue } from './support/otel-queue.js';

// A Neynar receiver and its worker under the real OpenTelemetry SDK and a real redis-server: the
// sender names every span and metric point, and its own nine event names are the known ones.
const SECRET = 'otel-neynar-secret';
const { spans, tracerProvider, meterProvider, points, byName } = otelSdk();
const instrumentation = otelInstrumentation({ tracerProvider, meterProvider });
const sender = neynarSender({ secrets: SECRET });

async function post(
  handle: (request: Request) => Promise<Response>,
  init: Partial<NeynarDeliveryInit>,
  headers: Record<string, string> = {},
) {
  const built = await buildNeynarDelivery({ secret: SECRET, ...init });
  return handle(new Request('http://localhost/webhook', { method: 'POST', headers: { ...built.headers, ...headers }, body: built.body }));
}

describe('otelInstrumentation with the Neynar sender', () => {
  const otel = useOtelQueue('otel-neynar', spans);

  it("names the sender on the delivery's span and metrics, and keeps Neynar's event names", async () => {
    const handle = webhookHandler({ sender, instrumentation, on: { 'cast.created': () => undefined } });
    expect((await post(handle, { type: 'cast.created' })).status).toBe(200);
    expect((await post(handle, { type: 'reaction.deleted' })).status).toBe(200);
    expect((await post(handle, { type: 'cast.created', secret: 'forged' })).status).toBe(401);

    expect(byName('webhook cast.created')[0]!.attributes).toMatchObject({
      'messaging.destination.name': 'cast.created',
      'social_webhooks.event.name': 'cast.created',
      'social_webhooks.outcome': 'handled',
      'social_webhooks.sender': 'neynar',
    });
    expect(byName('webhook reaction.deleted')[0]!.attributes).toMatchObject({ 'social_webhooks.outcome': 'no_handler' });
    expect(byName('webhook')[0]!.attributes).toMatchObject({
      'social_webhooks.outcome': 'signature_mismatch',
      'http.response.status_code': 401,
      'social_webhooks.sender': 'neynar',
    });
    const counted = (await points('social_webhooks.deliveries')).map((point) => [
      point.attributes['social_webhooks.sender'],
      point.attributes['social_webhooks.event.name'],
      point.attributes['social_webhooks.outcome'],
    ]);
    expect(counted).toEqual(
      expect.arrayContaining([
        ['neynar', 'cast.created', 'handled'],
        ['neynar', 'reaction.deleted', 'no_handler'],
        ['neynar', undefined, 'signature_mismatch'],
      ]),
    );
  });

  it("names _OTHER whatever is outside the sender's own names: a Neynar type unknown to it, Neynar's name under the founding sender", async () => {
    const neynar = webhookHandler({ sender, instrumentation });
    expect((await post(neynar, { type: 'channel.created', data: { id: 'memes' } })).status).toBe(200);
    const founding = webhookHandler({ secret: SECRET, instrumentation });
    const built = buildDelivery({ secret: SECRET, eventName: 'cast.created', data: { hash: '0x1' } });
    expect((await founding(new Request('http://localhost/webhook', { method: 'POST', ...built }))).status).toBe(200);
    expect(
      byName('webhook _OTHER').map((span) => [span.attributes['social_webhooks.sender'], span.attributes['social_webhooks.event.name']]),
    ).toEqual([
      ['neynar', '_OTHER'],
      ['airstack', '_OTHER'],
    ]);
  });

  it("carries the sender across the queue: the job's span and metrics name it, and the handler gets the receiver's event", async () => {
    const handled = new Promise<NeynarEvent<'cast.created'>>((resolve) => {
      const worker = webhookWorker({
        queueName: 'otel-neynar',
        connection: otel.connection,
        sender,
        instrumentation,
        on: { 'cast.created': (event) => resolve(event) },
      });
      otel.closeAfter(worker);
    });
    const handle = webhookHandler({ sender, instrumentation, handoff: bullmqHandoff({ queue: otel.queue }) });
    expect((await post(handle, { type: 'cast.created', createdAt: 1749737008 }, { 'x-convoy-idempotency-key': 'neynar-q-1' })).status).toBe(
      202,
    );
    const event = await handled;
    expect(event).toMatchObject({ eventName: 'cast.created', createdAt: 1749737008 });
    await new Promise((resolve) => setTimeout(resolve, 100));

    const [delivery] = byName('webhook cast.created');
    const [job] = byName('process otel-neynar');
    expect(delivery!.attributes).toMatchObject({ 'social_webhooks.outcome': 'queued', 'social_webhooks.sender': 'neynar' });
    expect(job!.attributes).toMatchObject({
      'messaging.message.id': 'neynar%3Acast.created%3Aheader%3Aneynar-q-1',
      'social_webhooks.event.name': 'cast.created',
      'social_webhooks.sender': 'neynar',
      'social_webhooks.outcome': 'completed',
    });
    expect(job!.links.map((link) => link.context.spanId)).toEqual([delivery!.spanContext().spanId]);
    const waited = await points('social_webhooks.queue.wait_time');
    expect(waited.map((point) => [point.attributes['social_webhooks.sender'], point.attributes['social_webhooks.event.name']])).toEqual([
      ['neynar', 'cast.created'],
    ]);
    const processed = await points('messaging.process.duration');
    expect(processed.map((point) => point.attributes['social_webhooks.sender'])).toEqual(['neynar']);
  });
});
