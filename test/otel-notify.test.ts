import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { notificationBroadcaster, notificationWorker } from '@social-webhooks/bullmq';
import { memoryTokenStore } from '@social-webhooks/core';
import { otelInstrumentation } from '@social-webhooks/otel';
import { describe, expect, it } from 'vitest';
import { useBroadcastRig } from './support/broadcast-rig.js';
import { otelSdk } from './support/otel-sdk.js';
import { pollUntil } from './support/queue-processes.js';
import { redisConnection } from './support/redis-connection.js';
import { fillTokens, range } from './support/token-fill.js';

// Spans and metrics per notification batch, through the real OpenTelemetry SDK, from a broadcast on
// a real redis-server and BullMQ to a stand-in client.
describe('otelInstrumentation for notification batches', () => {
  const rig = useBroadcastRig();

  it('gives each batch a CLIENT span named by the client host with its outcome counts, and counts targets by outcome', async () => {
    const sdk = otelSdk();
    const store = memoryTokenStore();
    const { redis, client } = rig;
    await fillTokens(store, client, range(250));
    client.revoke((await store.get(7))[0]!.token);
    client.fault({ count: 1, status: 503 });
    const connection = redisConnection(redis.url);
    const instrumentation = otelInstrumentation({ tracerProvider: sdk.tracerProvider, meterProvider: sdk.meterProvider });
    const worker = notificationWorker({
      connection,
      queueName: 'otel',
      store,
      instrumentation,
      logger: false,
      retryDelayMs: 10,
      concurrency: 1,
    });
    const broadcaster = notificationBroadcaster({ connection, queueName: 'otel' });
    try {
      const { id } = await broadcaster.broadcast(
        { notificationId: 'otel-1', title: 'Hi', body: 'Traced', targetUrl: 'https://app.example.com/' },
        { to: 'all' },
      );
      expect(
        (
          await pollUntil(
            () => broadcaster.progress(id),
            (read) => read?.done === true,
          )
        )?.done,
      ).toBe(true);
    } finally {
      await broadcaster.close();
      await worker.close();
    }

    const host = new URL(client.url).host;
    const spans = sdk.byName(`notify ${host}`);
    // Three planned batches (100, 100, 50) and the one retry of the batch the 503 failed.
    expect(spans).toHaveLength(4);
    expect(spans.every((span) => span.kind === SpanKind.CLIENT)).toBe(true);
    expect(
      spans.every((span) => span.attributes['server.address'] === host && span.attributes['social_webhooks.notification.id'] === 'otel-1'),
    ).toBe(true);
    const retried = spans.filter((span) => span.attributes['social_webhooks.outcome'] === 'retry');
    expect(retried).toHaveLength(1);
    expect(retried[0]!.status).toMatchObject({ code: SpanStatusCode.ERROR, message: 'the client answered 503' });
    expect(retried[0]!.attributes['social_webhooks.notify.retry']).toBe(retried[0]!.attributes['social_webhooks.notify.targets']);
    const retry = spans.find((span) => span.attributes['social_webhooks.notify.attempt'] === 2);
    expect(retry?.attributes['social_webhooks.outcome']).toBe('settled');
    const sum = (name: string) => spans.reduce((total, span) => total + Number(span.attributes[`social_webhooks.notify.${name}`] ?? 0), 0);
    expect([sum('successful'), sum('invalid')]).toEqual([249, 1]);

    const points = await sdk.points('social_webhooks.notifications');
    const byOutcome = Object.fromEntries(points.map((point) => [point.attributes['social_webhooks.outcome'], point.value]));
    expect(byOutcome).toEqual({ successful: 249, invalid: 1, retry: retried[0]!.attributes['social_webhooks.notify.targets'] });
    expect(
      points.every((point) => point.attributes['server.address'] === host && !('social_webhooks.notification.id' in point.attributes)),
    ).toBe(true);
    const durations = await sdk.points('social_webhooks.notify.batch.duration');
    expect(durations.reduce((total, point) => total + (point.value as { count: number }).count, 0)).toBe(4);
  });

  it('ends a batch that ran past its expiresAt with the outcome expired, and counts its targets expired', async () => {
    const sdk = otelSdk();
    const store = memoryTokenStore();
    const { redis, client } = rig;
    await fillTokens(store, client, range(250, 1_000));
    client.fault({ count: 1, delayMs: 1_500 });
    const connection = redisConnection(redis.url);
    const instrumentation = otelInstrumentation({ tracerProvider: sdk.tracerProvider, meterProvider: sdk.meterProvider });
    const worker = notificationWorker({ connection, queueName: 'otel-expiry', store, instrumentation, logger: false, concurrency: 1 });
    const broadcaster = notificationBroadcaster({ connection, queueName: 'otel-expiry' });
    try {
      const { id } = await broadcaster.broadcast(
        { notificationId: 'otel-expiry', title: 'Hi', body: 'Until soon', targetUrl: 'https://app.example.com/' },
        { to: 'all', expiresAt: Date.now() + 700 },
      );
      expect(
        (
          await pollUntil(
            () => broadcaster.progress(id),
            (read) => read?.done === true,
          )
        )?.done,
      ).toBe(true);
    } finally {
      await broadcaster.close();
      await worker.close();
    }
    // The first batch went out before the expiry (its request slow to arrive); the two after it ran past it.
    const spans = sdk.byName(`notify ${new URL(client.url).host}`);
    expect(spans.map((span) => span.attributes['social_webhooks.outcome']).sort()).toEqual(['expired', 'expired', 'settled']);
    const points = await sdk.points('social_webhooks.notifications');
    expect(Object.fromEntries(points.map((point) => [point.attributes['social_webhooks.outcome'], point.value]))).toEqual({
      successful: 100,
      expired: 150,
    });
  });
});
