import {
  DAY_MS,
  claimTargetsJson,
  claimsFromRows,
  resolveLimits,
  type NotificationLimiter,
  type NotificationLimits,
} from '@social-webhooks/core';
import { optionsError } from './errors.js';
import { claimStatements, confirmStatements } from './notification-sql.js';
import { storageOf, type CloudflareStoreOptions } from './storage.js';

/** Options of {@link cloudflareNotificationLimiter}: the storage, the tables' prefix, and the limits. */
export type CloudflareNotificationLimiterOptions = CloudflareStoreOptions & NotificationLimits;

/**
 * Our side of the clients' notification limits in D1 or a Durable Object, shared by every instance
 * that sends: per token 1 notification per `intervalMs` and `perDay` a day (`<prefix>notify_tokens`),
 * and one delivery per (user, client, `notificationId`) within `dedupeMs` (`<prefix>notify_sent`).
 * A batch's claim is two statements in one transaction (a D1 `batch()`, or one request to the
 * object), one call to the storage, timed by the database's clock, with the semantics of
 * `memoryNotificationLimiter()` and `redisNotificationLimiter()`: two instances never both send two
 * notifications to one token within its interval. `confirm` records the deliveries and starts each
 * token's interval again from the client's answer, in one more call.
 *
 * @param options `d1` or `durableObject` (and `name`), `prefix` (default `social_webhooks_`), `intervalMs` (default 30,000), `perDay` (default 100), `dedupeMs` (default 24 hours).
 * @throws {WebhookError} `invalid_options` when neither binding is given, the binding is not of its kind, `prefix` is not a plain lower-case name, or a limit is not a positive integer.
 * @example
 * const notifier = createNotifier({ store: cloudflareTokenStore({ d1: env.DB }), limiter: cloudflareNotificationLimiter({ d1: env.DB }) });
 */
export function cloudflareNotificationLimiter(options: CloudflareNotificationLimiterOptions): NotificationLimiter {
  const name = 'cloudflareNotificationLimiter()';
  const { runner, tables } = storageOf(options, name);
  const { intervalMs, perDay, dedupeMs } = resolveLimits(options, (message) => {
    throw optionsError(`${name}: ${message}`);
  });
  const [SPEND, OUTCOMES] = claimStatements(tables);
  const [RECORD, RESTART] = confirmStatements(tables);

  return {
    async claim(notificationId, targets) {
      if (targets.length === 0) return [];
      const params = [notificationId, claimTargetsJson(targets), intervalMs, perDay, DAY_MS, crypto.randomUUID()];
      const [, rows = []] = await runner.run([
        { sql: SPEND, params },
        { sql: OUTCOMES, params },
      ]);
      return claimsFromRows(rows, targets.length, '@social-webhooks/cloudflare');
    },
    async confirm(notificationId, targets) {
      if (targets.length === 0) return;
      const list = claimTargetsJson(targets);
      await runner.run([
        { sql: RECORD, params: [notificationId, list, dedupeMs] },
        { sql: RESTART, params: [notificationId, list, intervalMs, DAY_MS] },
      ]);
    },
  };
}
