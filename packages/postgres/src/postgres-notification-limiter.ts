import {
  DAY_MS,
  claimTargetsJson,
  claimsFromRows,
  resolveLimits,
  type NotificationLimiter,
  type NotificationLimits,
} from '@social-webhooks/core';
import { claimSql, confirmSql } from './notification-sql.js';
import { checkClient, optionsError, run, type PostgresQueryable } from './query.js';
import { tablesOf } from './tables.js';

/** Options of {@link postgresNotificationLimiter}: the client, the tables' prefix, and the limits. */
export interface PostgresNotificationLimiterOptions extends NotificationLimits {
  /** A `pg` Pool or Client, Neon's Pool, `fromPostgresJs(sql)`, or any {@link PostgresQueryable}. Required. */
  readonly client: PostgresQueryable;
  /** The tables' prefix, as given to `migrate()`. Default `social_webhooks_`. */
  readonly prefix?: string;
}

/**
 * Our side of the clients' notification limits in PostgreSQL, shared by every instance that sends:
 * per token 1 notification per `intervalMs` and `perDay` a day (the `<prefix>notify_tokens` table),
 * and one delivery per (user, client, `notificationId`) within `dedupeMs` (`<prefix>notify_sent`).
 * A batch's claim is one statement over all its targets, timed by the server's clock, with the
 * semantics of `memoryNotificationLimiter()` and `redisNotificationLimiter()`: two instances never
 * both send two notifications to one token within its interval, whatever their clocks say.
 *
 * About 150 bytes a token notified within a day, plus 60 a delivery remembered; `cleanup()` deletes
 * the rows past their windows.
 *
 * @param options `client` (required), `prefix` (default `social_webhooks_`), `intervalMs` (default 30,000), `perDay` (default 100), `dedupeMs` (default 24 hours).
 * @throws {WebhookError} `invalid_options` when `client` has no `query` method, `prefix` is not a plain lower-case name, or a limit is not a positive integer.
 * @example
 * const notifier = createNotifier({ store: postgresTokenStore({ client: pool }), limiter: postgresNotificationLimiter({ client: pool }) });
 */
export function postgresNotificationLimiter(options: PostgresNotificationLimiterOptions): NotificationLimiter {
  const name = 'postgresNotificationLimiter()';
  if (typeof options !== 'object' || options === null)
    throw optionsError(`${name} takes an options object: ${name.slice(0, -1)}{ client }).`);
  const client = checkClient(options.client, name);
  const tables = tablesOf(options.prefix, name);
  const { intervalMs, perDay, dedupeMs } = resolveLimits(options, (message) => {
    throw optionsError(`${name}: ${message}`);
  });
  const CLAIM = claimSql(tables);
  const CONFIRM = confirmSql(tables);

  return {
    async claim(notificationId, targets) {
      if (targets.length === 0) return [];
      const rows = await run(client, CLAIM, [
        notificationId,
        claimTargetsJson(targets),
        String(intervalMs),
        String(perDay),
        String(DAY_MS),
      ]);
      return claimsFromRows(rows, targets.length, '@social-webhooks/postgres');
    },
    async confirm(notificationId, targets) {
      if (targets.length === 0) return;
      await run(client, CONFIRM, [notificationId, claimTargetsJson(targets), String(dedupeMs), String(intervalMs), String(DAY_MS)]);
    },
  };
}
