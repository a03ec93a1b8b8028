import type { Notification } from '@social-webhooks/core';
import type { BroadcastAudience } from './job-audience.js';

/**
 * Options of {@link NotificationBroadcaster.schedule}: how often (`every` or `pattern`), what, to
 * whom. Stored in Redis as JSON by BullMQ's job scheduler, so a function cannot be: each tick sends
 * the same title, body and target URL under its own `notificationId`.
 */
export interface ScheduleOptions {
  /** Every this many ms (BullMQ aligns ticks to multiples of it). Exactly one of `every` and `pattern`. */
  readonly every?: number;
  /** A cron pattern (`0 9 * * *`: every day at 9:00; 6 fields with seconds first also work), read in `tz`. */
  readonly pattern?: string;
  /** The time zone `pattern` is read in (`Europe/Paris`). Default: UTC. */
  readonly tz?: string;
  /** The notification each tick sends, without `notificationId`: each tick's is `<scheduleId>-<tick time, ISO 8601>`. */
  readonly notification: Omit<Notification, 'notificationId'>;
  /** Who, as `broadcast()` takes it: a FID, a list, `'all'`, or a JSON audience object. */
  readonly to: BroadcastAudience;
  /** Each tick's broadcast expires this long after its tick, in ms (its batches not sent by then are counted `expired`). Default: none. */
  readonly expiresInMs?: number;
}

/** A schedule as {@link NotificationBroadcaster.listSchedules} reads it. */
export interface BroadcastSchedule {
  readonly id: string;
  readonly every: number | undefined;
  readonly pattern: string | undefined;
  readonly tz: string | undefined;
  /** When its next tick is due (ms since the epoch), if BullMQ says. */
  readonly next: number | undefined;
  readonly notification: Omit<Notification, 'notificationId'>;
  readonly to: BroadcastAudience;
}

/** What `schedule()` answers. */
export interface ScheduledBroadcasts {
  readonly id: string;
  /** When its first tick is due (ms since the epoch), if BullMQ says. */
  readonly next: number | undefined;
}
