import { WebhookError } from '../../errors.js';
import { resolveNotifierOptions, type NotifierOptions, type ResolvedNotifierOptions } from '../notifier-options.js';
import type { NotificationLimiter } from '../limiter.js';
import { checkRecordStore, type BroadcastRecordStore } from './record-store.js';

/** Options of {@link createBroadcasts}: every option of `createNotifier`, and where the broadcasts are kept. */
export interface BroadcastsOptions extends Omit<NotifierOptions, 'limiter'> {
  /**
   * Where each broadcast's progress is kept, shared by every run: `memoryBroadcastRecords()`,
   * `redisBroadcastRecords({ client })` from `@social-webhooks/redis`, `postgresBroadcastRecords({
   * client })` from `@social-webhooks/postgres`, or any {@link BroadcastRecordStore}. Required.
   */
  readonly records: BroadcastRecordStore;
  /**
   * Our side of the clients' limits, shared by every run: `redisNotificationLimiter({ client })`,
   * `postgresNotificationLimiter({ client })`, or `memoryNotificationLimiter()` when every run is in
   * one process. Required: its record of who was sent a `notificationId` is what keeps a batch sent
   * again after a killed run from counting twice, and a run from breaking a token's interval.
   */
  readonly limiter: NotificationLimiter;
  /**
   * How long a run holds a broadcast before another run may take it over, in milliseconds, held again
   * at each step: a run that is killed keeps it from the next run this long. At least `timeoutMs` +
   * 1,000. Default `2 × timeoutMs + 10,000` (30 seconds).
   */
  readonly leaseMs?: number;
}

/** The options resolved, with the margin a step keeps after a request's timeout. */
export interface ResolvedBroadcastsOptions {
  readonly notifier: ResolvedNotifierOptions;
  readonly records: BroadcastRecordStore;
  readonly leaseMs: number;
  readonly marginMs: number;
}

/** Time a step keeps free after a request's timeout, for the limiter's claim and confirm and the record's save. */
export const BROADCAST_STEP_MARGIN_MS = 1_000;

const SOURCE = '@social-webhooks/core: createBroadcasts()';

/**
 * Checks {@link BroadcastsOptions} once: the notifier's as `createNotifier` checks them, then
 * `records`, `limiter` and `leaseMs`.
 * @throws {WebhookError} `invalid_options`, naming the option and how to fix it.
 */
export function resolveBroadcastsOptions(options: BroadcastsOptions): ResolvedBroadcastsOptions {
  const fail = (message: string): never => {
    throw new WebhookError('invalid_options', `${SOURCE}: ${message}`);
  };
  if (typeof options !== 'object' || options === null) fail('takes an options object: createBroadcasts({ store, limiter, records }).');
  const { records, leaseMs: leaseOption, ...rest } = options;
  if (rest.limiter === undefined || (rest.limiter as unknown) === false) {
    fail(
      '`limiter` is required: redisNotificationLimiter({ client }) or postgresNotificationLimiter({ client }) shared by every run ' +
        '(memoryNotificationLimiter() when all run in one process). Its record keeps a batch sent again after a killed run from counting twice.',
    );
  }
  checkRecordStore(records, fail);
  const notifier = resolveNotifierOptions(rest, SOURCE);
  const least = notifier.timeoutMs + BROADCAST_STEP_MARGIN_MS;
  const leaseMs = leaseOption ?? 2 * notifier.timeoutMs + 10_000;
  if (!Number.isSafeInteger(leaseMs) || leaseMs < least) {
    fail(
      `\`leaseMs\` must be an integer of at least timeoutMs + ${BROADCAST_STEP_MARGIN_MS} (${least}), so a step fits its lease; got ${String(leaseOption)}.`,
    );
  }
  return { notifier, records, leaseMs, marginMs: BROADCAST_STEP_MARGIN_MS };
}
