import { getNextMillis, type JobsOptions, type Queue } from 'bullmq';
import { WebhookError, checkAudience, checkNotification, jsonAudience } from '@social-webhooks/core';
import type { NotifyJobData, TickJobData } from './broadcast-data.js';
import { OLD_BULLMQ } from './bullmq-version.js';
import type { BroadcastSchedule, ScheduledBroadcasts, ScheduleOptions } from './schedule-types.js';

/** The longest schedule id: with `-` and a tick's ISO time (24 characters) it stays within the 128 of a notificationId. */
const MAX_SCHEDULE_ID = 100;

/** A queue of a BullMQ with job schedulers (5.16 and later, 6); the peer range asks 5.55 (bullmq-version.ts). */
type SchedulerQueue = Queue<NotifyJobData> & Partial<Pick<Queue<NotifyJobData>, 'upsertJobScheduler'>>;

/** The notification id of a schedule's tick at `tick` (ms since the epoch). */
export function tickNotificationId(scheduleId: string, tick: number): string {
  return `${scheduleId}-${new Date(tick).toISOString()}`;
}

/**
 * Creates or replaces the schedule `id`: a BullMQ job scheduler whose jobs, one per tick, each queue
 * that tick's broadcast (run-tick.ts). Checked as `broadcast()` checks its notification and audience.
 */
export async function upsertSchedule(
  queue: SchedulerQueue,
  jobOptions: JobsOptions,
  domain: string | undefined,
  id: string,
  options: ScheduleOptions,
): Promise<ScheduledBroadcasts> {
  const source = '@social-webhooks/bullmq: broadcaster.schedule()';
  const fail = (message: string): never => {
    throw new WebhookError('invalid_options', `${source}: ${message}`);
  };
  // A BullMQ older than the peer range (npm installs one with a warning only): say so before anything else.
  if (typeof queue.upsertJobScheduler !== 'function') fail(OLD_BULLMQ);
  if (typeof id !== 'string' || id === '' || id.length > MAX_SCHEDULE_ID || id.includes(':')) {
    fail(
      `the schedule id is a name of 1 to ${MAX_SCHEDULE_ID} characters without ":" (such as "daily-digest"); got ${JSON.stringify(id)}.`,
    );
  }
  if (typeof options !== 'object' || options === null) fail('takes (id, { every or pattern, notification, to }).');
  const { every, pattern, tz, expiresInMs } = options;
  if ((every === undefined) === (pattern === undefined)) fail('give exactly one of `every` (ms) and `pattern` (a cron pattern).');
  if (every !== undefined && (!Number.isSafeInteger(every) || every < 1000)) {
    fail(`\`every\` is a whole number of ms of at least 1000; got ${String(every)}.`);
  }
  if (pattern !== undefined && (typeof pattern !== 'string' || pattern.trim() === ''))
    fail('`pattern` is a cron pattern such as "0 9 * * *".');
  if (tz !== undefined && (typeof tz !== 'string' || tz === '')) fail('`tz` is a time zone name such as "Europe/Paris".');
  if (tz !== undefined && !isTimeZone(tz)) fail(`\`tz\` is a time zone name such as "Europe/Paris" (IANA's); got ${JSON.stringify(tz)}.`);
  if (pattern !== undefined) checkPattern(pattern, tz, fail);
  if (expiresInMs !== undefined && (!Number.isSafeInteger(expiresInMs) || expiresInMs < 1)) {
    fail(`\`expiresInMs\` is a positive whole number of ms; got ${String(expiresInMs)}.`);
  }
  const checked = checkNotification(
    { ...(options.notification as object), notificationId: tickNotificationId(id, 0) } as never,
    domain,
    source,
  );
  const notification = { title: checked.title, body: checked.body, targetUrl: checked.targetUrl };
  checkAudience(options.to, { source, emptyList: 'refused', forms: 'json' });
  const data: TickJobData = {
    type: 'tick',
    schedule: id,
    notification,
    to: jsonAudience(options.to),
    ...(expiresInMs !== undefined && { expiresInMs }),
  };
  const repeat = every !== undefined ? { every } : { pattern: pattern!, ...(tz !== undefined && { tz }) };
  await queue.upsertJobScheduler!(id, repeat, { name: 'tick', data, opts: jobOptions });
  return { id, next: (await queue.getJobScheduler(id))?.next ?? undefined };
}

/**
 * Reads the pattern as BullMQ's job scheduler will (its `getNextMillis`, on cron-parser), so a pattern
 * it cannot read (`not a cron`, `0 9 30 2 *`), or one it finds no next tick for, is refused here rather
 * than thrown as cron-parser's own error.
 */
function checkPattern(pattern: string, tz: string | undefined, fail: (message: string) => never): void {
  let next: number | undefined;
  try {
    next = getNextMillis(Date.now(), { pattern, ...(tz !== undefined && { tz }) });
  } catch (error) {
    fail(
      `\`pattern\` ${JSON.stringify(pattern)} is not a cron pattern BullMQ reads (${(error as Error).message}): ` +
        'five fields (minute hour day month weekday, "0 9 * * *"), or six with seconds first.',
    );
  }
  if (next === undefined) fail(`\`pattern\` ${JSON.stringify(pattern)} never comes: no tick would ever be sent.`);
}

/** Whether `tz` is a time zone the runtime knows (an IANA name such as Europe/Paris, or UTC). */
function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** The schedules on the queue, in the order their next ticks come. */
export async function listSchedules(queue: SchedulerQueue): Promise<BroadcastSchedule[]> {
  if (typeof queue.upsertJobScheduler !== 'function') return [];
  const schedulers = await queue.getJobSchedulers(0, -1, true);
  const schedules: BroadcastSchedule[] = [];
  for (const scheduler of schedulers) {
    const data = scheduler.template?.data;
    if (data?.type !== 'tick') continue;
    schedules.push({
      id: scheduler.key,
      every: scheduler.every === undefined ? undefined : Number(scheduler.every),
      pattern: scheduler.pattern ?? undefined,
      tz: scheduler.tz ?? undefined,
      next: scheduler.next ?? undefined,
      notification: data.notification,
      to: data.to,
    });
  }
  return schedules;
}
