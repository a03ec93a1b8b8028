import { readyOrLate } from '../close-when-ready.js';
import { Queue, Worker, type ConnectionOptions, type Job, type WorkerOptions } from 'bullmq';
import {
  DEFAULT_NOTIFY_CONCURRENCY,
  UrlSlots,
  WebhookError,
  resolveNotifierOptions,
  type NotifierOptions,
  type NotifyInstrumentation,
} from '@social-webhooks/core';
import { BroadcastRecord } from './broadcast-record.js';
import { recordBase } from './record-keys.js';
import { checkRecordConnection, recordClient } from './record-client.js';
import { CancelFlag } from './cancel-flag.js';
import type { BatchJobData, NotifyJobData, PlanJobData, TickJobData } from './broadcast-data.js';
import { notifyJobOptions, resolveKeep, type KeepOptions } from './job-options.js';
import { DEFAULT_NOTIFY_QUEUE } from './notification-broadcaster.js';
import { runBatch, type BatchRunner } from './run-batch.js';
import { runPlan } from './run-plan.js';
import { runTick } from './run-tick.js';

/**
 * Options of {@link notificationWorker}: where the queue is, and the notifier's own options (`store`,
 * `limiter`, `fetch`, `timeoutMs`, `concurrencyPerUrl`, `retries`, `retryDelayMs`, `rateLimitRetryMs`,
 * `logger`, `onBatch`, `history`), with their defaults. `concurrency` here is the batches this process sends at
 * once; `concurrencyPerUrl` counts this process's requests to one client URL.
 */
export interface NotificationWorkerOptions
  extends Omit<NotifierOptions, 'domain' | 'rateLimitWaitMs' | 'concurrency' | 'onWait'>, KeepOptions {
  /** Where Redis is: `{ host, port }`, or an ioredis instance. Required. */
  readonly connection: ConnectionOptions;
  /** The queue's name, as the broadcaster's. Default `notifications`. */
  readonly queueName?: string;
  /**
   * Batch jobs this process runs at once (each one request in flight); with `concurrencyPerUrl`, at most
   * that many of them to one client URL. Default 64.
   */
  readonly concurrency?: number;
  /**
   * How many times a target a rate limit holds back is handed to a delayed job before it is counted
   * failed (`rate_limited`). Default 10: a token on the recommended 30-second interval gets through
   * within the first; a daily limit that is spent waits out its day in one.
   */
  readonly rateLimitRounds?: number;
  /** Spans and metrics per batch: `otelInstrumentation()` from `@social-webhooks/otel`. Default: none. */
  readonly instrumentation?: NotifyInstrumentation;
  /** Any other BullMQ worker setting (`stalledInterval`, `lockDuration`, …); `maxStalledCount` defaults to 5 here. */
  readonly workerOptions?: Omit<WorkerOptions, 'connection' | 'concurrency' | 'autorun'>;
}

/** A running notification worker. */
export interface NotificationWorker {
  /** The BullMQ worker, for its events and settings. */
  readonly worker: Worker<NotifyJobData>;
  /** Stops taking jobs, waits for the running ones, and closes the connections. Call it on SIGTERM. Idempotent. */
  close(): Promise<void>;
}

export const DEFAULT_RATE_LIMIT_ROUNDS = 10;
/** Times a batch job whose worker died is handed to another before BullMQ fails it; `workerOptions.maxStalledCount` overrides it. */
export const DEFAULT_MAX_STALLED = 5;

const NOTIFIER_KEYS = [
  'store',
  'limiter',
  'fetch',
  'timeoutMs',
  'concurrencyPerUrl',
  'retries',
  'retryDelayMs',
  'rateLimitRetryMs',
  'logger',
  'onBatch',
  'history',
] as const;
const OWN_KEYS = [
  'connection',
  'queueName',
  'concurrency',
  'rateLimitRounds',
  'instrumentation',
  'workerOptions',
  'keepCompletedMs',
  'keepFailedMs',
  'keepMs',
];

/**
 * Sends the broadcasts a {@link notificationBroadcaster} queues, in any number of processes: a plan
 * job reads the store as a stream into batch jobs (at most 100 tokens per client URL, ids from their
 * content, so a plan run twice adds each once); each batch job claims its targets in the limiter,
 * sends one request and handles every token's outcome, as `createNotifier` does: an invalid token
 * removed, rate-limited targets handed to a job delayed until their window ends, a failed request
 * retried by a delayed job with backoff under the same `notificationId`, a client that refuses the
 * notification itself (`domain_mismatch`) logged once and its later batches skipped in every process.
 * A worker killed mid-batch loses nothing: BullMQ's stalled-job check gives the batch to another.
 * Share a `redisNotificationLimiter` between the processes so their record is one.
 *
 * @param options `connection` and `store` (required), `queueName` (`notifications`), `limiter`
 *   (`memoryNotificationLimiter()`; give `redisNotificationLimiter({ client })` for several processes),
 *   `fetch`, `timeoutMs` (10,000), `concurrency` (64), `concurrencyPerUrl` (24, per process), `retries` (4), `retryDelayMs` (1,000),
 *   `rateLimitRetryMs` (30,000), `rateLimitRounds` (10), `logger` (console), `onBatch`, `history`,
 *   `instrumentation`, `keepCompletedMs` (24 h), `keepFailedMs` (7 days), `keepMs` (7 days), `workerOptions`.
 * @throws {WebhookError} `invalid_options` when an option is missing or malformed.
 * @example
 * const { close } = notificationWorker({
 *   connection: { host: '127.0.0.1', port: 6379 },
 *   store: redisTokenStore({ client }),
 *   limiter: redisNotificationLimiter({ client }),
 * });
 * process.once('SIGTERM', () => void close());
 */
export function notificationWorker(options: NotificationWorkerOptions): NotificationWorker {
  const fail = (message: string): never => {
    throw new WebhookError('invalid_options', `@social-webhooks/bullmq: notificationWorker(): ${message}`);
  };
  if (typeof options !== 'object' || options === null) fail('takes an options object: notificationWorker({ connection, store }).');
  const unknown = Object.keys(options).find((key) => !OWN_KEYS.includes(key) && !(NOTIFIER_KEYS as readonly string[]).includes(key));
  if (unknown !== undefined) fail(`unknown option \`${unknown}\`; the options are ${[...OWN_KEYS, ...NOTIFIER_KEYS].join(', ')}.`);
  const { connection, instrumentation } = options;
  if (typeof connection !== 'object' || connection === null) {
    fail("`connection` must be Redis connection options such as { host: '127.0.0.1', port: 6379 }, or an ioredis instance.");
  }
  checkRecordConnection(connection, fail);
  const queueName = options.queueName ?? DEFAULT_NOTIFY_QUEUE;
  if (typeof queueName !== 'string' || queueName === '' || queueName.includes(':')) {
    fail(`\`queueName\` must be a non-empty name without ":" (default "${DEFAULT_NOTIFY_QUEUE}"), as the broadcaster's.`);
  }
  const notifier: Record<string, unknown> = {};
  for (const key of NOTIFIER_KEYS) if (options[key] !== undefined) notifier[key] = options[key];
  const resolved = resolveNotifierOptions(notifier as unknown as NotifierOptions, '@social-webhooks/bullmq: notificationWorker()');
  const whole = (name: 'concurrency' | 'rateLimitRounds', fallback: number, least: number): number => {
    const value = options[name] ?? fallback;
    if (!Number.isSafeInteger(value) || value < least)
      fail(`\`${name}\` must be an integer of at least ${least} (default ${fallback}); got ${String(options[name])}.`);
    return value;
  };
  const concurrency = whole('concurrency', DEFAULT_NOTIFY_CONCURRENCY, 1);
  const rateLimitRounds = whole('rateLimitRounds', DEFAULT_RATE_LIMIT_ROUNDS, 0);
  if (instrumentation !== undefined && typeof instrumentation?.startBatch !== 'function') {
    fail('`instrumentation` must have a startBatch method, such as otelInstrumentation() from @social-webhooks/otel.');
  }
  const keep = resolveKeep(options, fail);
  const jobOptions = notifyJobOptions(keep);

  const queue = new Queue<NotifyJobData>(queueName, { connection });
  const slots = new UrlSlots(resolved.concurrencyPerUrl);
  let runner: Promise<BatchRunner> | undefined;
  const runnerOnce = () =>
    (runner ??= recordClient(queue, 'notificationWorker()').then((client) => ({
      flag: new CancelFlag(client, recordBase(queueName), keep.keepMs),
      options: resolved,
      context: {
        fetch: resolved.fetch,
        store: resolved.store,
        limiter: resolved.limiter,
        timeoutMs: resolved.timeoutMs,
        retryLimitedAfterMs: resolved.rateLimitRetryMs,
        now: Date.now,
      },
      queue,
      queueName,
      record: new BroadcastRecord(client, recordBase(queueName), keep.keepMs),
      jobOptions,
      rateLimitRounds,
      instrumentation,
      slots,
    })));

  const worker = new Worker<NotifyJobData>(
    queueName,
    async (job) => {
      const ready = await runnerOnce();
      if (job.data.type === 'tick') return runTick(job as Job<TickJobData>, { record: ready.record, queue, jobOptions });
      if (job.data.type === 'plan') return runPlan(job as Job<PlanJobData>, resolved.store, queue, ready.record, jobOptions, ready.flag);
      return runBatch(ready, job as Job<BatchJobData>);
    },
    // A batch whose worker died is taken over up to 5 times (BullMQ's default is 1, then the job
    // fails): sending a batch again is safe (the same notificationId, and the limiter's record).
    { maxStalledCount: DEFAULT_MAX_STALLED, ...options.workerOptions, connection, concurrency },
  );
  // BullMQ reconnects by itself; without a listener an `error` event would stop the process.
  worker.on('error', () => undefined);

  let closing: Promise<void> | undefined;
  return {
    worker,
    close() {
      closing ??= readyOrLate([worker, queue])
        .then(() => worker.close())
        .then(() => queue.close());
      return closing;
    },
  };
}
