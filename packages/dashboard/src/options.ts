import { WebhookError } from '@social-webhooks/core';
import type { DeadLetterQueue, DeliveryArchiveReader, NotificationHistoryReader, ReplayFunction } from './types.js';

/** Options of {@link dashboardHandler}. */
export interface DashboardOptions {
  /**
   * The app's own authentication, asked of every request before anything is read: `true` lets it
   * through, `false` answers 401 `unauthorized`; a throw or a rejection answers 503
   * `authorize_failed` (fails closed). Required: the page is never public.
   */
  readonly authorize: (request: Request) => boolean | Promise<boolean>;
  /** Where the page is mounted, e.g. `/admin/webhooks`. Default `/webhooks-admin`. */
  readonly basePath?: string;
  /** The delivery archive's reader: the deliveries, their detail and the hourly counts. Default: none (those views say so). */
  readonly archive?: DeliveryArchiveReader;
  /** The queues whose dead letters are listed with retry buttons: `deadLetters(queue)` of `@social-webhooks/bullmq`. Default: none. */
  readonly deadLetters?: DeadLetterQueue | readonly DeadLetterQueue[];
  /** Replays archived deliveries by id; without it the page shows no replay button. */
  readonly replay?: ReplayFunction;
  /**
   * The notification history: the Broadcasts view (counts by outcome, opens when joined with
   * `withOpens`), a broadcast's detail by reason and client, and a user's timeline by FID. Default:
   * none (those views say so).
   */
  readonly history?: NotificationHistoryReader;
  /** Hours the overview counts, back from now. Default 24. */
  readonly hours?: number;
}

export interface ResolvedDashboardOptions {
  readonly authorize: DashboardOptions['authorize'];
  readonly basePath: string;
  readonly archive: DeliveryArchiveReader | undefined;
  readonly queues: readonly DeadLetterQueue[];
  readonly replay: ReplayFunction | undefined;
  readonly history: NotificationHistoryReader | undefined;
  readonly hours: number;
}

export const DEFAULT_BASE_PATH = '/webhooks-admin';
export const DEFAULT_HOURS = 24;

export function resolveDashboardOptions(options: DashboardOptions): ResolvedDashboardOptions {
  if (typeof options !== 'object' || options === null) fail('dashboardHandler() takes an options object: dashboardHandler({ authorize }).');
  if (typeof options.authorize !== 'function') {
    fail(
      '`authorize` is required: a function (request) => boolean that checks your app\'s own session or credentials, e.g. (request) => request.headers.get("authorization") === `Bearer ${process.env.ADMIN_TOKEN}`. The page is never public.',
    );
  }
  const basePath = options.basePath ?? DEFAULT_BASE_PATH;
  if (typeof basePath !== 'string' || !/^\/[A-Za-z0-9._~\-/]*[A-Za-z0-9._~-]$/.test(basePath) || basePath.includes('//')) {
    fail(`\`basePath\` must be a path such as "/admin/webhooks": a leading "/", no trailing "/"; got ${JSON.stringify(basePath)}.`);
  }
  const { archive, replay, history } = options;
  if (archive !== undefined && (typeof archive?.list !== 'function' || typeof archive.get !== 'function'))
    fail('`archive` must be the delivery archive (an object with list() and get()).');
  const queues = options.deadLetters === undefined ? [] : Array.isArray(options.deadLetters) ? options.deadLetters : [options.deadLetters];
  for (const queue of queues as readonly DeadLetterQueue[]) {
    if (typeof queue?.list !== 'function' || typeof queue.retry !== 'function' || typeof queue.name !== 'string')
      fail('`deadLetters` must be deadLetters(queue) of @social-webhooks/bullmq, or a list of them.');
  }
  if (new Set(queues.map((queue: DeadLetterQueue) => queue.name)).size !== queues.length) fail('`deadLetters` names a queue twice.');
  if (replay !== undefined && typeof replay !== 'function')
    fail("`replay` must be a function (ids) => Promise, such as the archive's replay.");
  if (
    history !== undefined &&
    ['list', 'get', 'timeline'].some((method) => typeof (history as unknown as Record<string, unknown>)?.[method] !== 'function')
  )
    fail(
      '`history` must be the notification history (an object with list(), get() and timeline()): memoryNotificationHistory(), redisNotificationHistory({ client }), or withOpens(history, opens).',
    );
  const hours = options.hours ?? DEFAULT_HOURS;
  if (!Number.isSafeInteger(hours) || hours < 1 || hours > 24 * 31)
    fail(`\`hours\` must be a whole number of hours from 1 to 744 (default ${DEFAULT_HOURS}); got ${String(options.hours)}.`);
  return { authorize: options.authorize, basePath, archive, queues: queues as readonly DeadLetterQueue[], replay, history, hours };
}

function fail(message: string): never {
  throw new WebhookError('invalid_options', `@social-webhooks/dashboard: ${message}`);
}
