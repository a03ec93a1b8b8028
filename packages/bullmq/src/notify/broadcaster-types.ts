import type { ConnectionOptions, Queue } from 'bullmq';
import type { ExpiresAt, Logger, Notification } from '@social-webhooks/core';
import type { BroadcastProgress } from './broadcast-progress.js';
import type { NotifyJobData } from './broadcast-data.js';
import type { KeepOptions } from './job-options.js';
import type { BroadcastAudience } from './job-audience.js';
import type { BroadcastSchedule, ScheduledBroadcasts, ScheduleOptions } from './schedule-types.js';

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
   * `exclude`, `client`, `enabledSince` and `enabledBefore` (their times as milliseconds), stored in the plan job as JSON. A `where` function or an iterable of FIDs
   * cannot be stored in a job: they are refused (`createNotifier().send()` takes them).
   */
  readonly to: BroadcastAudience;
  /**
   * When the notification stops being worth sending (ms since the epoch, or a `Date`): a batch job that
   * runs later, planned, delayed for a rate limit or for a retry, sends nothing and counts its targets
   * `expired`. Not part of the broadcast's id. Default: none.
   */
  readonly expiresAt?: ExpiresAt;
  /**
   * When to send (ms since the epoch, or a `Date`): the plan job is queued delayed until then, and
   * `progress()` reads `scheduledAt` meanwhile; `cancel(id)` removes it. A time past or now sends at
   * once. Not part of the broadcast's id. Default: at once.
   */
  readonly at?: ExpiresAt;
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
  /**
   * Cancels the broadcast `id`, from any process. One not started yet (its plan job waiting, or
   * delayed by `at`) is removed and sends nothing. One in progress is stopped: what was sent stays
   * sent, every batch not sent yet is dropped and its targets counted `cancelled` in `progress()`.
   * Resolves once no request of it is on the wire: a request that had left when `cancel()` was called
   * is waited for (its answer, or its `timeoutMs`), and nothing is sent after `cancel()` resolves. The
   * id stays cancelled for `keepMs`: `broadcast()` of it again sends nothing.
   */
  cancel(id: string): Promise<CancelledBroadcast>;
  /**
   * Creates or replaces the recurring broadcast `id` (BullMQ's job scheduler of that id, kept in Redis):
   * at each tick, `every` ms or by the cron `pattern` in `tz`, a worker queues a broadcast of
   * `notification` to `to` whose `notificationId` is `<id>-<tick time, ISO 8601>` (distinct per tick,
   * the same for a tick run twice, so it is sent once). Needs workers of this version.
   * @throws {WebhookError} `invalid_options` when an option is missing or malformed, or when the
   *   installed bullmq has no job schedulers (older than the peer range, 5.55).
   */
  schedule(id: string, options: ScheduleOptions): Promise<ScheduledBroadcasts>;
  /** The recurring broadcasts on this queue, next tick first. */
  listSchedules(): Promise<BroadcastSchedule[]>;
  /**
   * Stops the recurring broadcast `id`: no tick after this one; a tick's broadcast already queued goes
   * on (`cancel()` its id to stop it). True when there was such a schedule.
   */
  removeSchedule(id: string): Promise<boolean>;
  /** The BullMQ queue, for its events and admin. */
  readonly queue: Queue<NotifyJobData>;
  /** Closes the queue's connections. */
  close(): Promise<void>;
}

/**
 * What `cancel()` did: `not-started` (its plan job was removed before it ran: nothing was sent),
 * `stopped` (it was running: the rest is counted `cancelled`), `cancelled-already` (an earlier cancel
 * did), `finished-already` (every target had its outcome: nothing to stop), `unknown` (no broadcast of
 * this id within `keepMs`).
 */
export type CancelOutcome = 'not-started' | 'stopped' | 'cancelled-already' | 'finished-already' | 'unknown';

/** What {@link NotificationBroadcaster.cancel} answers. */
export interface CancelledBroadcast {
  readonly id: string;
  readonly cancelled: CancelOutcome;
}
