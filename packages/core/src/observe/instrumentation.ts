import type { DeliveryReport } from './delivery-report.js';

/** A delivery's report, and its id when a delivery id header carried one. */
export interface DeliveryEnd extends DeliveryReport {
  /** The value of the first `deliveryIdHeaders` header present (Convoy's idempotency key). */
  readonly deliveryId?: string | undefined;
}

/** One delivery being observed, from its arrival to its answer. */
export interface DeliveryScope {
  /** Runs the receive path inside the delivery's context (handlers' spans become its children). */
  run<T>(work: () => T): T;
  /** The delivery's context to carry across a queue, e.g. `{ traceparent }`. */
  inject(): Record<string, string>;
  /**
   * Called with the answer's report, and, after a `respondWithin` answer (code `accepted`), once
   * more when the handler settled (`afterResponse: true`).
   */
  end(end: DeliveryEnd): void;
}

/** What an {@link Instrumentation} learns of a delivery as it arrives: whose receiver took it. */
export interface DeliveryStart {
  /** The receiver's sender (`airstack`, `neynar`, `miniapp`): one receiver, one sender. */
  readonly sender: string;
  /** The sender's documented event names: a report naming any other is of an event it does not know. */
  readonly eventNames: readonly string[];
}

/**
 * The `instrumentation` option: a vendor- and runtime-neutral hook around each delivery. The core
 * imports no tracing library; `otelInstrumentation()` of `@social-webhooks/otel` implements it with
 * OpenTelemetry. Its calls must not throw.
 */
export interface Instrumentation {
  startDelivery(start: DeliveryStart): DeliveryScope;
}

/** What a {@link JobInstrumentation} learns of a queued delivery's job as an attempt starts. */
export interface JobStart {
  /** The queue's name. */
  readonly queueName: string;
  readonly jobId: string;
  /** The sender whose receiver queued the job (`airstack` for a job written before jobs named it). */
  readonly sender: string;
  /** That sender's documented event names, as in {@link DeliveryStart}. */
  readonly eventNames: readonly string[];
  readonly eventName: string;
  /** 1 on the first attempt, 2 on the first retry, … */
  readonly attempt: number;
  /** The delivery's trace context, as {@link DeliveryScope.inject} wrote it. */
  readonly carrier: Readonly<Record<string, string>>;
  /** When the job was stored, in ms since the epoch. */
  readonly enqueuedAt: number;
}

/** How a job attempt ended. */
export interface JobEnd {
  /** `completed`, `no_handler` (nothing to run for its event), or `failed`. */
  readonly outcome: 'completed' | 'no_handler' | 'failed';
  /** The handler's error, when it failed. */
  readonly error?: unknown;
  /** Whether the queue will try the job again. */
  readonly willRetry: boolean;
}

/** One job attempt being observed. */
export interface JobScope {
  /** Runs the handler inside the job's context. */
  run<T>(work: () => T): T;
  end(end: JobEnd): void;
}

/**
 * A hook around each attempt of a queued delivery's job, for queue workers such as
 * `webhookWorker()` of `@social-webhooks/bullmq`; `otelInstrumentation()` implements it too.
 */
export interface JobInstrumentation {
  startJob(start: JobStart): JobScope;
}
