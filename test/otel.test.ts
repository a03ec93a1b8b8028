import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { describe, expect, it } from 'vitest';
import { bullmqHandoff, webhookWorker } from '@social-webhooks/bullmq';
import { webhookHandler } from '@social-webhooks/core';
import { buildDelivery, sampleEvent } from '@social-webhooks/core/testing';
import { otelInstrumentation } from '@social-webhooks/otel';
import { otelSdk } from './support/otel-sdk.js';
import { useOtelQueue } from './support/otel-queue.js';

// The real OpenTelemetry SDK with in-memory exporters, a real redis-server, and the library's spans
// and metrics read back as an exporter would send them (otel-neynar.test.ts: another sender's).
const secret = 'otel-secret';
const { spans, tracerProvider, meterProvider, metric, points, byName } = otelSdk();
const appTracer = tracerProvider.getTracer('app');
const post = (handle: (request: Request) => Promise<Response>, headers: Record<string, string> = {}, init: { secret?: string } = {}) => {
  const built = buildDelivery({ secret: init.secret ?? secret });
  return handle(new Request('http://localhost/webhook', { method: 'POST', headers: { ...built.headers, ...headers }, body: built.body }));
};

describe('otelInstrumentation', () => {
  const instrumentation = otelInstrumentation({ tracerProvider, meterProvider });
  const otel = useOtelQueue('otel', spans);

  it("gives the plain receiver a delivery span, parent of the handler's spans, and counts outcomes", async () => {
    const handle = webhookHandler({ secret, instrumentation, on: { 'follow.created': () => appTracer.startSpan('app work').end() } });
    expect((await post(handle, { 'x-convoy-idempotency-key': 'plain-1' })).status).toBe(200);
    expect((await post(handle, {}, { secret: 'forged' })).status).toBe(401);

    const [delivery] = byName('webhook follow.created');
    expect(delivery).toBeDefined();
    expect(delivery!.kind).toBe(SpanKind.CONSUMER);
    expect(delivery!.attributes).toMatchObject({
      'messaging.system': 'webhook',
      'messaging.operation.type': 'process',
      'messaging.destination.name': 'follow.created',
      'messaging.message.id': 'plain-1',
      'http.response.status_code': 200,
      'social_webhooks.outcome': 'handled',
      'social_webhooks.event.name': 'follow.created',
      'social_webhooks.sender': 'airstack',
    });
    expect(byName('app work')[0]!.parentSpanContext?.spanId).toBe(delivery!.spanContext().spanId);
    expect(byName('webhook')[0]!.attributes).toMatchObject({
      'social_webhooks.outcome': 'header_mismatch',
      'http.response.status_code': 401,
    });

    const counted = (await points('social_webhooks.deliveries')).map((point) => [point.attributes['social_webhooks.outcome'], point.value]);
    expect(counted).toEqual(
      expect.arrayContaining([
        ['handled', 1],
        ['header_mismatch', 1],
      ]),
    );
    expect((await metric('social_webhooks.delivery.duration'))?.descriptor.unit).toBe('s');
  });

  it("links each job attempt's span to the delivery's across the queue, and measures waiting and handling", async () => {
    let attempts = 0;
    const done = new Promise<void>((resolve) => {
      const worker = webhookWorker({
        queueName: 'otel',
        connection: otel.connection,
        instrumentation,
        onError: () => undefined,
        on: {
          'follow.created': () => {
            attempts++;
            if (attempts === 1) throw new TypeError('the first attempt fails');
            appTracer.startSpan('job work').end();
            resolve();
          },
        },
      });
      otel.closeAfter(worker);
    });
    const handle = webhookHandler({ secret, instrumentation, handoff: bullmqHandoff({ queue: otel.queue, backoffMs: 50 }) });
    const response = await post(handle, { 'x-convoy-idempotency-key': 'queued-1' });
    expect(response.status).toBe(202);
    await done;
    await new Promise((resolve) => setTimeout(resolve, 100));

    const [delivery] = byName('webhook follow.created');
    expect(delivery!.attributes).toMatchObject({
      'social_webhooks.outcome': 'queued',
      'http.response.status_code': 202,
      'messaging.message.id': 'queued-1',
    });
    const jobs = byName('process otel').sort(
      (a, b) => Number(a.attributes['social_webhooks.job.attempt']) - Number(b.attributes['social_webhooks.job.attempt']),
    );
    expect(jobs).toHaveLength(2);
    const jobId = 'follow.created%3Aheader%3Aqueued-1';
    for (const [index, job] of jobs.entries()) {
      expect(job.kind).toBe(SpanKind.CONSUMER);
      // Its own trace, linked to the delivery's span.
      expect(job.parentSpanContext).toBeUndefined();
      expect(job.links.map((link) => [link.context.traceId, link.context.spanId])).toEqual([
        [delivery!.spanContext().traceId, delivery!.spanContext().spanId],
      ]);
      expect(job.attributes).toMatchObject({
        'messaging.system': 'bullmq',
        'messaging.operation.type': 'process',
        'messaging.destination.name': 'otel',
        'messaging.message.id': jobId,
        'social_webhooks.job.attempt': index + 1,
      });
    }
    expect(jobs[0]!.status.code).toBe(SpanStatusCode.ERROR);
    expect(jobs[0]!.attributes).toMatchObject({
      'error.type': 'TypeError',
      'social_webhooks.job.will_retry': true,
      'social_webhooks.outcome': 'failed',
    });
    expect(jobs[1]!.attributes).toMatchObject({ 'social_webhooks.outcome': 'completed' });
    expect(byName('job work')[0]!.parentSpanContext?.spanId).toBe(jobs[1]!.spanContext().spanId);

    const processed = await points('messaging.process.duration');
    expect(processed.map((point) => [point.attributes['error.type'], (point.value as { count: number }).count])).toEqual(
      expect.arrayContaining([
        [undefined, 1],
        ['TypeError', 1],
      ]),
    );
    const waited = await points('social_webhooks.queue.wait_time');
    expect(waited.map((point) => (point.value as { count: number }).count)).toEqual([1]);
    const queued = (await points('social_webhooks.deliveries')).find((point) => point.attributes['social_webhooks.outcome'] === 'queued');
    expect(queued?.value).toBe(1);
  });

  it('names an undocumented event _OTHER in attributes, so a sender cannot mint metric series', async () => {
    const handle = webhookHandler({ secret, instrumentation });
    const built = buildDelivery({ secret, eventName: 'cast.created', data: { ...sampleEvent('follow.created').data } });
    expect((await handle(new Request('http://localhost/webhook', { method: 'POST', ...built }))).status).toBe(200);
    expect(byName('webhook _OTHER')[0]!.attributes).toMatchObject({
      'social_webhooks.event.name': '_OTHER',
      'social_webhooks.outcome': 'unknown_event',
    });
  });
});
