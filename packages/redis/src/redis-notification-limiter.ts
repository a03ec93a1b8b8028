import {
  ALLOWED_CLAIM,
  DAY_MS,
  SENT_CLAIM,
  WebhookError,
  resolveLimits,
  type BatchTarget,
  type Claim,
  type NotificationLimiter,
  type NotificationLimits,
} from '@social-webhooks/core';
import { toEvalClient, type RedisStoreClient } from './eval-client.js';
import { asArray } from './replies.js';
import { CLAIM_NOTIFICATION, CONFIRM_NOTIFICATION } from './notification-scripts.js';

/** Options of {@link redisNotificationLimiter}: the client, a key prefix, and the limits. */
export interface RedisNotificationLimiterOptions extends NotificationLimits {
  /** A connected client: `createClient({ url })` from `redis`, or `Redis.fromEnv()` from `@upstash/redis`. Required. */
  readonly client: RedisStoreClient;
  /** Put before every key. Default `social-webhooks:notify:`. */
  readonly prefix?: string;
}

/** The default key prefix of the notification limiter. */
export const DEFAULT_NOTIFY_PREFIX = 'social-webhooks:notify:';

/**
 * Our side of the clients' notification limits in Redis, shared by every instance that sends: per
 * token 1 notification per `intervalMs` and `perDay` a day, and one delivery per (user, client,
 * `notificationId`) within `dedupeMs`. A batch's claim is one Lua script over all its targets, timed
 * by Redis's clock, so two instances never both send two notifications to one token within its
 * interval, whatever their clocks say. A token's interval starts again when the client answers that
 * it delivered (`confirm`): the client counts from when the request reached it, so ours never ends
 * before the client's, however slow the request.
 *
 * Keys: `<prefix>token:<token>` (a hash, kept for a day) and `<prefix>sent:<fid>:<appFid>:<notificationId>`
 * (kept for `dedupeMs`): about 150 bytes a token notified today, plus 100 a delivery.
 *
 * @param options `client` (required), `prefix`, `intervalMs` (default 30,000), `perDay` (default 100), `dedupeMs` (default 24 hours).
 * @throws {WebhookError} `invalid_options` when `client` is neither a client with an `eval` method nor an `@upstash/redis` `Redis`, `prefix` is not a non-empty string, or a limit is not a positive integer.
 * @example
 * const notifier = createNotifier({ store: redisTokenStore({ client }), limiter: redisNotificationLimiter({ client }) });
 */
export function redisNotificationLimiter(options: RedisNotificationLimiterOptions): NotificationLimiter {
  const fail = (message: string): never => {
    throw new WebhookError('invalid_options', `@social-webhooks/redis: redisNotificationLimiter(): ${message}`);
  };
  if (typeof options !== 'object' || options === null) fail('takes an options object: redisNotificationLimiter({ client }).');
  const client = toEvalClient(options.client, fail);
  const prefix = options.prefix ?? DEFAULT_NOTIFY_PREFIX;
  if (typeof prefix !== 'string' || prefix === '') fail(`\`prefix\` must be a non-empty string (default "${DEFAULT_NOTIFY_PREFIX}").`);
  const { intervalMs, perDay, dedupeMs } = resolveLimits(options, fail);
  const sentKey = (notificationId: string, { fid, appFid }: BatchTarget) => `${prefix}sent:${fid}:${appFid}:${notificationId}`;
  const tokenKey = ({ token }: BatchTarget) => `${prefix}token:${token}`;

  return {
    async claim(notificationId, targets) {
      if (targets.length === 0) return [];
      const keys: string[] = [];
      for (const target of targets) keys.push(sentKey(notificationId, target), tokenKey(target));
      const args = [notificationId, String(intervalMs), String(perDay), String(DAY_MS)];
      const reply = asArray(await client.eval(CLAIM_NOTIFICATION, { keys, arguments: args }), 'notification claim', 2 * targets.length);
      return targets.map((_, index): Claim => {
        const outcome = Number(reply[2 * index]);
        if (outcome === 2) return SENT_CLAIM;
        if (outcome === 3) return { outcome: 'limited', retryAt: Number(reply[2 * index + 1]) };
        return ALLOWED_CLAIM;
      });
    },
    async confirm(notificationId, targets) {
      if (targets.length === 0) return;
      const keys: string[] = [];
      for (const target of targets) keys.push(sentKey(notificationId, target), tokenKey(target));
      const args = [String(dedupeMs), notificationId, String(intervalMs), String(DAY_MS)];
      await client.eval(CONFIRM_NOTIFICATION, { keys, arguments: args });
    },
  };
}
