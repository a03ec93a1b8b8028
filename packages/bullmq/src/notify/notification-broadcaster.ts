import { Queue, type ConnectionOptions } from 'bullmq';
import {
  WebhookError,
  checkAudience,
  checkExpiresAt,
  checkNotification,
  type ExpiresAt,
  type Logger,
  type Notification,
} from '@social-webhooks/core';
import { BroadcastRecord, recordBase } from './broadcast-record.js';
import { checkRecordConnection, recordClient } from './record-client.js';
import { sumProgress, type BroadcastProgress } from './broadcast-progress.js';
import { planJobId, type NotifyJobData, type PlanJobData } from './broadcast-data.js';
import { notifyJobOptions, resolveKeep, type KeepOptions } from './job-options.js';
import { broadcastId, jobAudience, type BroadcastAudience } from './job-audience.js';

/** Options of {@link notificationBroadcaster}. */
export interface NotificationBroadcasterOptions extends KeepOptions {
  /** Where Redis is: `{ host, port }`, or an ioredis instance. Required. */
  readonly connection: ConnectionOptions;
  /** The queue's name, the same as the workers'. Default `notifications`. */
  readonly queueName?: string;
  /**
   * Your Mini App's domain (`app.example.com`): every `targetUrl` is checked to be on it before a
   * broadcast is queued, since clients answer `domain_mismatch` for every token otherwise. Default: not checked.
   */
  readonly domain?: string;
  /**
   * Where `broadcast()` warns, once per id, that it was handed a broadcast queued already (code
   * `broadcast_exists`): a `Logger` such as `console` (its `warn` is used), or `false` for silence.
   * Default `console`.
   */
  readonly logger?: Logger | false;
}

/** What `broadcast()` answers: the id to read its progress by, and whether this call queued it or found it queued already. */
export interface QueuedBroadcast {
  /**
   * The broadcast's id: the notification's `notificationId` for a broadcast to `'all'`, and that id
   * with the audience's digest (`<notificationId>@<16 hex digits>`) for any other audience, so that one
   * notification sent to two audiences is two broadcasts, and the same audience twice is one.
   */
  readonly id: string;
  /** True when this call queued the broadcast. */
  readonly added: boolean;
  /**
   * True when this broadcast (the same `notificationId` to the same audience) was queued already,
   * within `keepMs`, running or done: nothing was added, and nobody is notified again. A new
   * broadcast needs a new `notificationId`.
   */
  readonly existing: boolean;
  /** When the broadcast was first queued (ms since the epoch): now for a new one, the earlier call's time for an existing one. */
  readonly createdAt: number;
}

/** Options of {@link NotificationBroadcaster.broadcast}: who, and until when. */
export interface BroadcastOptions {
  /**
   * Who: a FID, a non-empty list of FIDs, `'all'`, or an audience object of `all`, a `fids` list,
   * `exclude` and `client`, stored in the plan job as JSON. A `where` function or an iterable of FIDs
   * cannot be stored in a job: they are refused (`createNotifier().send()` takes them).
   */
  readonly to: BroadcastAudience;
  /**
   * When the notification stops being worth sending (ms since the epoch, or a `Date`): a batch job that
   * runs later, planned, delayed for a rate limit or for a retry, sends nothing and counts its targets
   * `expired`. Not part of the broadcast's id. Default: none.
   */
  readonly expiresAt?: ExpiresAt;
}

/** Queues broadcasts and reads their progress. */
export interface NotificationBroadcaster {
  /**
   * Checks `notification` and queues its broadcast to `to` (a FID, a list of FIDs, `'all'`, or an audience object);
   * resolves once Redis holds it, before anything is sent: workers ({@link notificationWorker}) send
   * it. Queuing the same notification to the same audience again adds nothing: it answers
   * `existing: true` with the first call's `createdAt`, and warns once on `logger`.
   * @throws {WebhookError} `invalid_options` before anything is queued, when the notification breaks a limit or `to` is malformed.
   */
  broadcast(notification: Notification, options: BroadcastOptions): Promise<QueuedBroadcast>;
  /** Where the broadcast `id` stands, from any process; `undefined` for an id never queued (or past `keepMs`). */
  progress(id: string): Promise<BroadcastProgress | undefined>;
  /** The BullMQ queue, for its events and admin. */
  readonly queue: Queue<NotifyJobData>;
  /** Closes the queue's connections. */
  close(): Promise<void>;
}

/** The queue's default name. */
export const DEFAULT_NOTIFY_QUEUE = 'notifications';

/**
 * Durable Mini App notification broadcasts on BullMQ: `broadcast()` checks the notification and queues
 * one plan job, at once; workers on any number of processes ({@link notificationWorker}) read the
 * token store as a stream into batch jobs of at most 100 tokens per client URL and send them, and
 * `progress()` sums what they recorded. A worker killed mid-broadcast loses no batch (BullMQ hands its
 * jobs to another worker), and a batch sent again reaches no user twice: it carries the same
 * `notificationId`, which clients dedupe per user for 24 hours, and our limiter's record keeps most
 * re-sends from leaving at all.
 *
 * @param options `connection` (required), `queueName` (`notifications`), `domain` (not checked),
 *   `logger` (`console`), `keepCompletedMs` (24 h), `keepFailedMs` (7 days), `keepMs` (7 days).
 * @throws {WebhookError} `invalid_options` when an option is missing or malformed.
 * @example
 * const broadcaster = notificationBroadcaster({ connection: { host: '127.0.0.1', port: 6379 }, domain: 'app.example.com' });
 * const { id } = await broadcaster.broadcast(
 *   { notificationId: 'digest-2026-11-26', title: 'Your digest', body: '3 new casts', targetUrl: 'https://app.example.com/digest' },
 *   { to: 'all' },
 * );
 * console.log(await broadcaster.progress(id)); // { planned, successful, rateLimited, pending, done, … }
 */
export function notificationBroadcaster(options: NotificationBroadcasterOptions): NotificationBroadcaster {
  const fail = (message: string): never => {
    throw new WebhookError('invalid_options', `@social-webhooks/bullmq: notificationBroadcaster(): ${message}`);
  };
  if (typeof options !== 'object' || options === null) fail('takes an options object: notificationBroadcaster({ connection }).');
  const { connection, domain } = options;
  if (typeof connection !== 'object' || connection === null) {
    fail("`connection` must be Redis connection options such as { host: '127.0.0.1', port: 6379 }, or an ioredis instance.");
  }
  checkRecordConnection(connection, fail);
  const queueName = options.queueName ?? DEFAULT_NOTIFY_QUEUE;
  if (typeof queueName !== 'string' || queueName === '' || queueName.includes(':')) {
    fail(`\`queueName\` must be a non-empty name without ":" (default "${DEFAULT_NOTIFY_QUEUE}"), the same as the workers'.`);
  }
  if (domain !== undefined && (typeof domain !== 'string' || !/^[a-z0-9.-]+$/i.test(domain))) {
    fail(`\`domain\` is your Mini App's host name, such as "example.com" (no scheme, no path); got ${JSON.stringify(domain)}.`);
  }
  const warn = resolveWarn(options.logger, fail);
  const keep = resolveKeep(options, fail);
  const warned = new Set<string>();
  const queue = new Queue<NotifyJobData>(queueName, { connection });
  let record: Promise<BroadcastRecord> | undefined;
  const recordOnce = () =>
    (record ??= recordClient(queue, 'notificationBroadcaster()').then(
      (client) => new BroadcastRecord(client, recordBase(queueName), keep.keepMs),
    ));

  return {
    queue,
    async broadcast(input, { to: given, expiresAt: expiry } = {} as BroadcastOptions) {
      const source = '@social-webhooks/bullmq: broadcaster.broadcast()';
      const notification = checkNotification(input, domain, source);
      checkAudience(given, { source, emptyList: 'refused', forms: 'json' });
      const expiresAt = checkExpiresAt(expiry, source);
      const to = jobAudience(given);
      const id = broadcastId(notification.notificationId, to);
      const { added, createdAt } = await (await recordOnce()).start(id, notification, to, Date.now(), expiresAt);
      // Added even when the record existed: a broadcast whose plan job was never stored (a crash
      // between the two writes) is queued now, and an existing job id makes this a no-op.
      const plan: PlanJobData = { type: 'plan', id, notification, to, ...(expiresAt !== undefined && { expiresAt }) };
      await queue.add('plan', plan, { ...notifyJobOptions(keep), jobId: planJobId(id) });
      if (!added && !warned.has(id)) {
        if (warned.size >= MAX_WARNED) warned.clear(); // a bound on memory, not a rule: at worst a warning comes twice
        warned.add(id);
        warn?.(existingMessage(id, notification.notificationId, createdAt), { code: 'broadcast_exists' });
      }
      return { id, added, existing: !added, createdAt };
    },
    async progress(id) {
      const read = await (await recordOnce()).read(id);
      return read === undefined ? undefined : sumProgress(id, read);
    },
    close: () => queue.close(),
  };
}

const MAX_WARNED = 10_000;

/** The logger's `warn`, bound; `undefined` for `false` or a logger without one. */
function resolveWarn(logger: Logger | false | undefined, fail: (message: string) => never): Logger['warn'] {
  if (logger === false) return undefined;
  const chosen = logger ?? console;
  if (typeof chosen !== 'object' || chosen === null || (chosen.warn !== undefined && typeof chosen.warn !== 'function')) {
    fail('`logger` must be an object with a warn method, such as console, or false to log nothing.');
  }
  return chosen.warn?.bind(chosen);
}

/** The warning for a broadcast queued already: what happened, and how to start a new one. */
function existingMessage(id: string, notificationId: string, createdAt: number): string {
  return (
    `@social-webhooks/bullmq: broadcast "${id}" was queued already at ${new Date(createdAt).toISOString()}: nothing was added and nobody ` +
    `is notified again (progress(id) reads the earlier run). To send a new broadcast, give it a new notificationId ` +
    `(not "${notificationId}"): the id is the retry key, kept for keepMs.`
  );
}
