import { WebhookError } from '../errors.js';
import { DAY_MS, resolveLimits, type Claim, type NotificationLimiter, type NotificationLimits } from './limiter.js';
import { ALLOWED_CLAIM, SENT_CLAIM } from './claims.js';

/** Options of {@link memoryNotificationLimiter}: the limits, and a clock for tests. */
export interface MemoryNotificationLimiterOptions extends NotificationLimits {
  /** The clock, in milliseconds since the epoch. Default `Date.now`. */
  readonly now?: () => number;
}

interface TokenState {
  at: number;
  notificationId: string;
  dayStart: number;
  count: number;
}

/**
 * A {@link NotificationLimiter} in this process's memory: one instance that sends notifications.
 * Several instances, or limits that must outlive a restart: `redisNotificationLimiter({ client })` from
 * `@social-webhooks/redis`, which checks the same rules atomically in Redis.
 *
 * A token's interval runs from its claim and, once the client answers that it delivered, again from
 * that answer: the client counts from when the request reached it, which a slow request delays, and
 * the answer is the earliest moment we know to be no sooner.
 *
 * It keeps, per token, its last send and its daily count (for a day), and per delivered (user,
 * client, `notificationId`) one entry (for `dedupeMs`): about 200 bytes a token notified today.
 * Entries past their window are swept as new ones come.
 *
 * @param options `intervalMs` (default 30,000), `perDay` (default 100), `dedupeMs` (default 24 hours), `now`.
 * @throws {WebhookError} `invalid_options` when a limit is not a positive integer.
 * @example
 * const notifier = createNotifier({ store: tokens, limiter: memoryNotificationLimiter({ intervalMs: 60_000 }) });
 */
export function memoryNotificationLimiter(options: MemoryNotificationLimiterOptions = {}): NotificationLimiter {
  const fail = (message: string): never => {
    throw new WebhookError('invalid_options', `@social-webhooks/core: memoryNotificationLimiter(): ${message}`);
  };
  const { intervalMs, perDay, dedupeMs } = resolveLimits(options, fail);
  const now = options.now ?? Date.now;
  if (typeof now !== 'function') fail('`now` must be a function returning milliseconds since the epoch.');
  const tokens = new Map<string, TokenState>();
  // notificationId → client (appFid) → user (fid) → when the record expires. Numbers as keys below the
  // id, not a string made per target: joining and hashing one cost more than the rest of a claim.
  const sent = new Map<string, Map<number, Map<number, number>>>();
  let sentSize = 0;
  let sweepAt = 1024;
  const sweep = (at: number): void => {
    if (tokens.size + sentSize < sweepAt) return;
    for (const [token, state] of tokens) if (at - state.dayStart >= DAY_MS && at - state.at >= intervalMs) tokens.delete(token);
    for (const [notificationId, clients] of sent) {
      for (const [appFid, users] of clients) {
        for (const [fid, expires] of users) {
          if (expires > at) continue;
          users.delete(fid);
          sentSize -= 1;
        }
        if (users.size === 0) clients.delete(appFid);
      }
      if (clients.size === 0) sent.delete(notificationId);
    }
    sweepAt = Math.max(1024, 2 * (tokens.size + sentSize));
  };

  return {
    async claim(notificationId, targets) {
      const at = now();
      sweep(at);
      const delivered = sent.get(notificationId);
      return targets.map(({ fid, appFid, token }): Claim => {
        if ((delivered?.get(appFid)?.get(fid) ?? 0) > at) return SENT_CLAIM;
        const state = tokens.get(token);
        if (state === undefined) {
          tokens.set(token, { at, notificationId, dayStart: at, count: 1 });
          return ALLOWED_CLAIM;
        }
        const recent = at - state.at < intervalMs;
        if (recent && state.notificationId === notificationId) return ALLOWED_CLAIM;
        if (recent) return { outcome: 'limited', retryAt: state.at + intervalMs };
        if (at - state.dayStart >= DAY_MS) {
          state.dayStart = at;
          state.count = 0;
        }
        if (state.count >= perDay) return { outcome: 'limited', retryAt: state.dayStart + DAY_MS };
        state.at = at;
        state.notificationId = notificationId;
        state.count += 1;
        return ALLOWED_CLAIM;
      });
    },
    async confirm(notificationId, targets) {
      const at = now();
      const expires = at + dedupeMs;
      let clients = sent.get(notificationId);
      if (clients === undefined) sent.set(notificationId, (clients = new Map()));
      for (const { fid, appFid, token } of targets) {
        let users = clients.get(appFid);
        if (users === undefined) clients.set(appFid, (users = new Map()));
        if (!users.has(fid)) sentSize += 1;
        users.set(fid, expires);
        // The client counts its interval from when the request reached it, which only the answer
        // bounds: restart ours from the answer, so it never ends before the client's (docs/contract.md §Senders,
        // "Notifications, sent").
        const state = tokens.get(token);
        if (state?.notificationId === notificationId && state.at < at) state.at = at;
      }
    },
  };
}
