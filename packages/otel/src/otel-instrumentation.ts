import { metrics, trace, type MeterProvider, type TracerProvider } from '@opentelemetry/api';
import { WebhookError, type Instrumentation, type JobInstrumentation, type NotifyInstrumentation } from '@social-webhooks/core';
import { startBatchScope } from './batch-scope.js';
import { startDeliveryScope } from './delivery-scope.js';
import { createInstruments, type Instruments } from './instruments.js';
import { startJobScope } from './job-scope.js';
import { INSTRUMENTATION_SCOPE } from './scope.js';

/** Options of {@link otelInstrumentation}. */
export interface OtelInstrumentationOptions {
  /** Where spans go. Default: the global provider (`trace.setGlobalTracerProvider`, or the Node SDK's). */
  readonly tracerProvider?: TracerProvider;
  /** Where metrics go. Default: the global provider, looked up at the first delivery or job. */
  readonly meterProvider?: MeterProvider;
}

/**
 * OpenTelemetry for a receiver (its `instrumentation` option), a queue worker
 * (`webhookWorker({ instrumentation })` of `@social-webhooks/bullmq`) and a notification worker
 * (`notificationWorker({ instrumentation })`: a span per batch), through `@opentelemetry/api`
 * only: bring your own SDK. A span per delivery and per job attempt, the job's linked to its
 * delivery's through trace context carried in the job; metrics `social_webhooks.deliveries`,
 * `social_webhooks.delivery.duration`, `messaging.process.duration`,
 * `social_webhooks.queue.wait_time`, `social_webhooks.notifications` and
 * `social_webhooks.notify.batch.duration`, and `social_webhooks.dead_letters` (jobs that failed
 * their last attempt; `observeDeadLetters()` adds a gauge of those each queue holds). The README lists every attribute.
 *
 * @param options `tracerProvider`, `meterProvider` (default: the global ones).
 * @throws {WebhookError} `invalid_options` when a provider lacks `getTracer` / `getMeter`.
 * @example
 * const instrumentation = otelInstrumentation();
 * app.post('/webhook', webhookHandler({ secret, on, instrumentation }));
 */
export function otelInstrumentation(
  options: OtelInstrumentationOptions = {},
): Instrumentation & JobInstrumentation & NotifyInstrumentation {
  const { tracerProvider, meterProvider } = options;
  if (tracerProvider !== undefined && typeof tracerProvider?.getTracer !== 'function') {
    throw new WebhookError(
      'invalid_options',
      '@social-webhooks/otel: `tracerProvider` must have getTracer(), such as a BasicTracerProvider; or leave it out for the global one.',
    );
  }
  if (meterProvider !== undefined && typeof meterProvider?.getMeter !== 'function') {
    throw new WebhookError(
      'invalid_options',
      '@social-webhooks/otel: `meterProvider` must have getMeter(), such as a MeterProvider; or leave it out for the global one.',
    );
  }
  // The global tracer provider is a proxy that follows a later registration; the global meter
  // provider is not, so the meter is taken at first use, after the app's SDK set-up has run.
  const tracer = (tracerProvider ?? trace.getTracerProvider()).getTracer(INSTRUMENTATION_SCOPE);
  let instruments: Instruments | undefined;
  const instrumentsOnce = () =>
    (instruments ??= createInstruments((meterProvider ?? metrics.getMeterProvider()).getMeter(INSTRUMENTATION_SCOPE)));

  return {
    startDelivery: (start) => startDeliveryScope(tracer, instrumentsOnce, start),
    startJob: (start) => startJobScope(tracer, instrumentsOnce, start),
    startBatch: (start) => startBatchScope(tracer, instrumentsOnce, start),
  };
}
