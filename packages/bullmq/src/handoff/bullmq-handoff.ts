import type { JobsOptions, Queue } from 'bullmq';
import { DEFAULT_HANDOFF_TIMEOUT_MS, WebhookError, type AnyEvent, type Handoff, type HandoffJob } from '@social-webhooks/core';
import { toJobId, type WebhookJobData } from '../job-data.js';
import { enqueueReplay, type ReplayQueue } from './enqueue-replay.js';

/** Options of {@link bullmqHandoff}. */
export interface BullmqHandoffOptions {
  /**
   * The queue to add deliveries to: `new Queue(name, { connection })` from `bullmq`. Required.
   * Give its connection `enableOfflineQueue: false`, so an add fails at once while Redis is away
   * rather than waiting for `timeoutMs`.
   */
  readonly queue: Pick<Queue, 'name' | 'add'> & Partial<Pick<Queue, 'getJob'>>;
  /**
   * The longest wait for Redis to store a job, in ms; past it the delivery is answered 503
   * `queue_unavailable` and the service retries it. Default 1000 (the gateway waits about 5 s).
   */
  readonly timeoutMs?: number;
  /** Attempts per job, the first included, before it moves to the failed list. Default 5. */
  readonly attempts?: number;
  /** The first retry's delay in ms; each next one doubles it (exponential backoff). Default 1000. */
  readonly backoffMs?: number;
  /**
   * How long a completed job is kept, in ms. While it is, a redelivery of the same event adds no
   * second job: the job id is the delivery key. Default 24 hours, as the dedupe TTL.
   */
  readonly keepCompletedMs?: number;
  /** How long a failed job stays in the failed list, for inspection and `retry`, in ms. Default 7 days. */
  readonly keepFailedMs?: number;
}

/** 5 attempts: 1 + 2 + 4 + 8 s of backoff, a quarter minute for a passing outage. */
export const DEFAULT_ATTEMPTS = 5;
/** The first retry waits 1 s. */
export const DEFAULT_BACKOFF_MS = 1000;
/** 24 hours: the service's retries of one event fall well within it. */
export const DEFAULT_KEEP_COMPLETED_MS = 24 * 60 * 60 * 1000;
/** 7 days: long enough to look at a failure after a weekend. */
export const DEFAULT_KEEP_FAILED_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * A hand-off of each validated delivery to a BullMQ queue, for the receiver's `handoff` option.
 * The receiver answers 202 `queued` only once Redis has stored the job, and 503
 * `queue_unavailable` when it cannot within `timeoutMs`, so the service retries: an event is
 * never acknowledged before it is stored. The job id is the delivery key, so a redelivery adds no
 * second job while the first exists (pending, running, or completed within `keepCompletedMs`).
 * Handlers run in a {@link webhookWorker}, in any process. A replay (`replay()` of the core, the
 * CLI's `replay --archive`) goes through `enqueueReplay`: a job kept under the key as failed runs
 * again with its attempts reset; one waiting, running or completed is left.
 *
 * @param options `queue` (required), `timeoutMs` (1000), `attempts` (5), `backoffMs` (1000),
 *   `keepCompletedMs` (24 h), `keepFailedMs` (7 days).
 * @throws {WebhookError} `invalid_options` when `queue` is not a BullMQ queue or a number is not a
 *   positive whole number.
 * @example
 * import { Queue } from 'bullmq';
 * const queue = new Queue('webhooks', { connection: { host: '127.0.0.1', port: 6379, enableOfflineQueue: false } });
 * app.post('/webhook', webhookHandler({ secret, handoff: bullmqHandoff({ queue }) }));
 */
export function bullmqHandoff(options: BullmqHandoffOptions): Handoff {
  const fail = (message: string): never => {
    throw new WebhookError('invalid_options', `@social-webhooks/bullmq: ${message}`);
  };
  if (typeof options !== 'object' || options === null) fail('bullmqHandoff() takes an options object: bullmqHandoff({ queue }).');
  const { queue } = options;
  if (typeof queue?.add !== 'function' || typeof queue.name !== 'string') {
    fail("`queue` must be a BullMQ queue: new Queue('webhooks', { connection }) from the `bullmq` package.");
  }
  const count = (value: number | undefined, name: string, fallback: number): number => {
    if (value === undefined) return fallback;
    if (!Number.isSafeInteger(value) || value < 1)
      fail(`\`${name}\` must be a positive whole number (default ${fallback}); got ${String(value)}.`);
    return value;
  };
  const timeoutMs = count(options.timeoutMs, 'timeoutMs', DEFAULT_HANDOFF_TIMEOUT_MS);
  // BullMQ keeps completed and failed jobs by age in seconds.
  const jobOptions: JobsOptions = {
    attempts: count(options.attempts, 'attempts', DEFAULT_ATTEMPTS),
    backoff: { type: 'exponential', delay: count(options.backoffMs, 'backoffMs', DEFAULT_BACKOFF_MS) },
    removeOnComplete: { age: Math.ceil(count(options.keepCompletedMs, 'keepCompletedMs', DEFAULT_KEEP_COMPLETED_MS) / 1000) },
    removeOnFail: { age: Math.ceil(count(options.keepFailedMs, 'keepFailedMs', DEFAULT_KEEP_FAILED_MS) / 1000) },
  };

  const handoff: Handoff = {
    timeoutMs,
    async enqueue(job: HandoffJob): Promise<void> {
      const data = jobData(job);
      // An id that exists already (pending, running, kept after completion) makes `add` a no-op
      // that still resolves: a redelivery is acknowledged without a second job.
      await queue.add(data.eventName, data, { ...jobOptions, jobId: toJobId(job.key) });
    },
  };
  // A queue without getJob (a stand-in of add alone) replays through enqueue, as before.
  if (typeof queue.getJob !== 'function') return handoff;
  return {
    ...handoff,
    enqueueReplay: (job) => enqueueReplay(queue as ReplayQueue, jobData(job), job.key, jobOptions),
  };
}

/** A job's data from what the receiver hands off. */
function jobData(job: HandoffJob): WebhookJobData {
  const { event, carrier, receivedAt, sender } = job;
  // A sender's own fields beside the name and the data (Neynar's createdAt) ride along, so the
  // worker hands its handler the event the receiver would have.
  const { eventName, data: payload, ...extra } = event as AnyEvent & Readonly<Record<string, unknown>>;
  return {
    eventName,
    data: payload,
    ...(Object.keys(extra).length > 0 && { extra }),
    sender,
    carrier,
    receivedAt,
    ...(job.replay !== undefined && { replay: job.replay }),
  };
}
