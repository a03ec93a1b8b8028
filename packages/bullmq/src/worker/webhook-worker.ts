import { readyOrLate, settlesWithin } from '../close-when-ready.js';
import { WaitingError, Worker, type ConnectionOptions, type Job, type WorkerOptions } from 'bullmq';
import {
  EVENT_NAMES,
  WebhookError,
  type AirstackEvents,
  type AnyEvent,
  type EventHandlers,
  type EventMap,
  type EventOf,
  type JobInstrumentation,
  type Sender,
  type UnknownWebhookEvent,
} from '@social-webhooks/core';
import { FOUNDING_SENDER, type WebhookJobData } from '../job-data.js';
import type { JobContext } from './job-context.js';
import { runJob, type JobResult, type JobRunner } from './run-job.js';

/**
 * The sender a worker runs the jobs of: the receiver's own (`neynarSender({ secrets })`), of which it
 * reads the name and the event names only; it checks no signature, the receiver did.
 */
export type WorkerSender<Events extends EventMap> = Pick<Sender<Events>, 'name' | 'eventNames' | '~events'>;

/** Options of {@link webhookWorker}. */
export interface WebhookWorkerOptions<Events extends EventMap = AirstackEvents> {
  /** The queue's name, as given to the `Queue` of `bullmqHandoff()`. Required. */
  readonly queueName: string;
  /** Where Redis is: `{ host, port }`, or an ioredis instance. Required. */
  readonly connection: ConnectionOptions;
  /**
   * The sender of the receiver that queues the jobs; it types `on`. A job another sender's receiver
   * queued fails at once, unrun (a queue per sender). Default: the founding service.
   */
  readonly sender?: WorkerSender<Events>;
  /** Handlers by event name, typed as the receiver's; the job context comes second. */
  readonly on?: NoInfer<EventHandlers<JobContext, Events>>;
  /** Called for a job whose event name is not one of its sender's documented ones. Default: none (completed). */
  readonly onUnknownEvent?: (event: UnknownWebhookEvent, context: JobContext) => unknown;
  /** Called on every failed attempt, before BullMQ retries or fails the job. Default: `console.error`. */
  readonly onError?: (error: unknown, event: NoInfer<EventOf<Events>> | UnknownWebhookEvent, context: JobContext) => unknown;
  /** How many jobs this process runs at once. Default 1, as BullMQ. */
  readonly concurrency?: number;
  /**
   * How long `close()` waits for running jobs, in ms. Past it, each job still running is returned to
   * the queue (another worker takes it at once) and its `signal` is aborted. Default 10,000.
   */
  readonly shutdownGraceMs?: number;
  /** Spans and metrics per job: `otelInstrumentation()` from `@social-webhooks/otel`. Default: none. */
  readonly instrumentation?: JobInstrumentation;
  /** Any other BullMQ worker setting (`stalledInterval`, `lockDuration`, `limiter`, …). */
  readonly workerOptions?: Omit<WorkerOptions, 'connection' | 'concurrency' | 'autorun'>;
}

/** A running worker. */
export interface WebhookWorker {
  /** The BullMQ worker, for its events (`completed`, `failed`, `error`) and settings. */
  readonly worker: Worker<WebhookJobData, JobResult>;
  /**
   * Stops taking jobs, waits up to `shutdownGraceMs` for the running ones, returns the rest to the
   * queue, and closes the connections. Call it on SIGTERM. Idempotent.
   */
  close(): Promise<void>;
}

/** 10 seconds: under the 30 s most orchestrators wait between SIGTERM and SIGKILL. */
export const DEFAULT_SHUTDOWN_GRACE_MS = 10_000;

interface Running {
  readonly job: Job<WebhookJobData>;
  readonly token: string | undefined;
  readonly abort: AbortController;
  readonly giveBack: (error: Error) => void;
}

/**
 * Runs the handlers of queued deliveries, in any process: the jobs `bullmqHandoff()` added. Each job
 * is tried `attempts` times with exponential backoff (both set by the hand-off), then kept in the
 * failed list, which `social-webhooks failed` lists and `social-webhooks retry` retries. A worker
 * that dies mid-job loses nothing: BullMQ's stalled-job check hands the job to another worker.
 *
 * @param options `queueName` and `connection` (required), `sender` (the founding service), `on`,
 *   `onUnknownEvent`, `onError`, `concurrency` (1), `shutdownGraceMs` (10,000), `instrumentation`,
 *   `workerOptions`.
 * @throws {WebhookError} `invalid_options` when an option is missing or malformed.
 * @example
 * const { close } = webhookWorker({
 *   queueName: 'webhooks',
 *   connection: { host: '127.0.0.1', port: 6379 },
 *   on: { 'follow.created': async (event, { attempt }) => console.log(event.data.followerProfileId, attempt) },
 * });
 * process.once('SIGTERM', () => void close());
 * // Neynar's jobs, from a receiver built with the same sender:
 * webhookWorker({ queueName: 'neynar', connection, sender: neynarSender({ secrets }), on: { 'cast.created': (event) => … } });
 */
export function webhookWorker<Events extends EventMap = AirstackEvents>(options: WebhookWorkerOptions<Events>): WebhookWorker {
  const runner = resolveRunner(options as unknown as WebhookWorkerOptions<EventMap>);
  const concurrency = positive(options.concurrency, 'concurrency', 1);
  const graceMs = positive(options.shutdownGraceMs, 'shutdownGraceMs', DEFAULT_SHUTDOWN_GRACE_MS);
  const running = new Set<Running>();

  const worker = new Worker<WebhookJobData, JobResult>(
    options.queueName,
    (job, token) =>
      new Promise<JobResult>((resolve, reject) => {
        const entry: Running = { job, token, abort: new AbortController(), giveBack: reject };
        running.add(entry);
        runJob(runner, job, entry.abort.signal)
          .then(resolve, reject)
          .finally(() => running.delete(entry));
      }),
    { ...options.workerOptions, connection: options.connection, concurrency },
  );
  // A worker emits `error` for every lost connection; without a listener the EventEmitter would
  // throw it and stop the process. BullMQ reconnects by itself, and a failed job is reported through
  // `onError`; add your own `worker.on('error', …)` to log connection trouble.
  worker.on('error', ignoreConnectionError);

  let closing: Promise<void> | undefined;
  async function shutdown(): Promise<void> {
    await readyOrLate([worker]);
    const drained = worker.close();
    if (!(await settlesWithin(drained, graceMs))) {
      await Promise.all([...running].map(giveBack));
      await drained;
    }
  }

  return {
    worker,
    close() {
      closing ??= shutdown();
      return closing;
    },
  };
}

// Moves the job from active back to wait, so another worker runs it at once rather than after the
// stalled-job check, and settles its processor with WaitingError, which BullMQ takes as "not
// finished, not failed". The handler itself cannot be stopped; its signal asks it to.
async function giveBack(entry: Running): Promise<void> {
  entry.abort.abort(new Error('@social-webhooks/bullmq: the worker shut down; the job was returned to the queue.'));
  try {
    if (entry.token !== undefined) await entry.job.moveToWait(entry.token);
  } finally {
    entry.giveBack(new WaitingError());
  }
}

function resolveRunner(options: WebhookWorkerOptions<EventMap>): JobRunner {
  if (typeof options !== 'object' || options === null)
    fail('webhookWorker() takes an options object: webhookWorker({ queueName, connection, on }).');
  if (typeof options.queueName !== 'string' || options.queueName === '')
    fail("`queueName` must be the queue's name, as given to new Queue(name).");
  if (typeof options.connection !== 'object' || options.connection === null) {
    fail("`connection` must be Redis connection options such as { host: '127.0.0.1', port: 6379 }, or an ioredis instance.");
  }
  const sender = toSender(options.sender);
  const on = options.on ?? {};
  if (typeof on !== 'object' || on === null) fail('`on` must be an object of handlers by event name.');
  for (const [name, handler] of Object.entries(on)) {
    if (!sender.eventNames.includes(name)) {
      fail(
        `\`on\` has the key "${name}", which is not an event name of the ${sender.name} sender. Use one of: ${sender.eventNames.join(', ')}.`,
      );
    }
    if (handler !== undefined && typeof handler !== 'function') fail(`\`on["${name}"]\` must be a function; got ${typeof handler}.`);
  }
  for (const name of ['onUnknownEvent', 'onError'] as const) {
    if (options[name] !== undefined && typeof options[name] !== 'function')
      fail(`\`${name}\` must be a function; got ${typeof options[name]}.`);
  }
  const { instrumentation } = options;
  if (instrumentation !== undefined && typeof instrumentation?.startJob !== 'function') {
    fail('`instrumentation` must have a startJob method, such as otelInstrumentation() from @social-webhooks/otel.');
  }
  return {
    sender,
    on: on as JobRunner['on'],
    onUnknownEvent: options.onUnknownEvent,
    onError: options.onError ?? logFailure,
    instrumentation,
  };
}

/** The worker's sender: the one given (its name and event names), or the founding service. */
function toSender(sender: WorkerSender<EventMap> | undefined): JobRunner['sender'] {
  if (sender === undefined) return { name: FOUNDING_SENDER, eventNames: EVENT_NAMES };
  if (typeof sender !== 'object' || sender === null || typeof sender.name !== 'string' || !Array.isArray(sender.eventNames)) {
    fail('`sender` must be the sender of the receiver that queues the jobs, such as neynarSender({ secrets }).');
  }
  return { name: sender.name, eventNames: sender.eventNames };
}

function positive(value: number | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isSafeInteger(value) || value < 1)
    fail(`\`${name}\` must be a positive whole number (default ${fallback}); got ${String(value)}.`);
  return value;
}

function fail(message: string): never {
  throw new WebhookError('invalid_options', `@social-webhooks/bullmq: ${message}`);
}

function logFailure(error: unknown, event: AnyEvent, context: JobContext): void {
  console.error(`@social-webhooks/bullmq: job ${context.job.id ?? ''} (${event.eventName}) failed on attempt ${context.attempt}.`, error);
}

function ignoreConnectionError(): void {
  return;
}
