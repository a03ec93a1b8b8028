import { readyOrLate } from '../close-when-ready.js';
import { Queue } from 'bullmq';
import {
  WebhookError,
  checkAudience,
  checkExpiresAt,
  jsonAudience,
  checkNotification,
  checkSendAt,
  type Logger,
} from '@social-webhooks/core';
import { BroadcastRecord } from './broadcast-record.js';
import { recordBase } from './record-keys.js';
import { checkRecordConnection, recordClient } from './record-client.js';
import { sumProgress } from './broadcast-progress.js';
import type { NotifyJobData, PlanJobData } from './broadcast-data.js';
import { notifyJobOptions, resolveKeep } from './job-options.js';
import { broadcastId } from './job-audience.js';
import type { BroadcastOptions, NotificationBroadcaster, NotificationBroadcasterOptions } from './broadcaster-types.js';
export type { BroadcastSchedule, ScheduledBroadcasts, ScheduleOptions } from './schedule-types.js';
import { CancelFlag } from './cancel-flag.js';
import { cancelBroadcast } from './cancel-broadcast.js';
import { queueBroadcast } from './queue-broadcast.js';
import { listSchedules, upsertSchedule } from './broadcast-schedules.js';

export type {
  BroadcastOptions,
  CancelledBroadcast,
  CancelOutcome,
  NotificationBroadcaster,
  NotificationBroadcasterOptions,
  QueuedBroadcast,
} from './broadcaster-types.js';

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
  const jobOptions = notifyJobOptions(keep);
  let parts: Promise<{ record: BroadcastRecord; flag: CancelFlag }> | undefined;
  const partsOnce = () =>
    (parts ??= recordClient(queue, 'notificationBroadcaster()').then((client) => ({
      record: new BroadcastRecord(client, recordBase(queueName), keep.keepMs),
      flag: new CancelFlag(client, recordBase(queueName), keep.keepMs),
    })));

  return {
    queue,
    async broadcast(input, { to: given, expiresAt: expiry, at: when } = {} as BroadcastOptions) {
      const source = '@social-webhooks/bullmq: broadcaster.broadcast()';
      const notification = checkNotification(input, domain, source);
      checkAudience(given, { source, emptyList: 'refused', forms: 'json' });
      const expiresAt = checkExpiresAt(expiry, source);
      const at = checkSendAt(when, source);
      const to = jsonAudience(given);
      const id = broadcastId(notification.notificationId, to);
      const plan: PlanJobData = { type: 'plan', id, notification, to, ...(expiresAt !== undefined && { expiresAt }) };
      const { record } = await partsOnce();
      const { added, createdAt } = await queueBroadcast({ record, queue, jobOptions }, plan, at, Date.now());
      if (!added && !warned.has(id)) {
        if (warned.size >= MAX_WARNED) warned.clear(); // a bound on memory, not a rule: at worst a warning comes twice
        warned.add(id);
        warn?.(existingMessage(id, notification.notificationId, createdAt), { code: 'broadcast_exists' });
      }
      return { id, added, existing: !added, createdAt };
    },
    async progress(id) {
      const { record, flag } = await partsOnce();
      const read = await record.read(id);
      if (read === undefined) return undefined;
      // Only a cancelled broadcast's `done` waits for the wire.
      return sumProgress(id, read, read.meta['cancelledAt'] === undefined ? 0 : await flag.onWire(id, Date.now()));
    },
    async cancel(id) {
      if (typeof id !== 'string' || id === '') {
        throw new WebhookError('invalid_options', '@social-webhooks/bullmq: broadcaster.cancel(id): `id` is the id broadcast() answered.');
      }
      return cancelBroadcast({ ...(await partsOnce()), queue }, id);
    },
    schedule: (id, scheduleOptions) => upsertSchedule(queue, jobOptions, domain, id, scheduleOptions),
    listSchedules: () => listSchedules(queue),
    removeSchedule: (id) => queue.removeJobScheduler(id),
    close: () => readyOrLate([queue]).then(() => queue.close()),
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
