/**
 * The limits the emulator's notification route enforces per token, as a Farcaster client does
 * (miniapps.farcaster.xyz, "Sending Notifications", rate limits recommended to hosts and enforced by
 * the Farcaster client: 1 notification per 30 seconds and 100 per day per token).
 */
export interface NotificationLimits {
  /** The least time between two notifications a token receives, in ms. Default 30,000. */
  readonly intervalMs?: number;
  /** How many notifications a token receives in any 24 hours. Default 100. */
  readonly perDay?: number;
}

/** How long a (user, `notificationId`) pair is remembered, so a retry is not received twice: 24 h (the spec's idempotency window). */
export const DEDUPE_MS = 24 * 60 * 60 * 1000;
/** The window `perDay` counts in, in ms. */
export const DAY_MS = 24 * 60 * 60 * 1000;

export const DEFAULT_NOTIFICATION_LIMITS: Required<NotificationLimits> = { intervalMs: 30_000, perDay: 100 };

/** Checks `notificationLimits` and fills in the defaults; `fail` throws the options error. */
export function resolveNotificationLimits(
  limits: NotificationLimits | undefined,
  fail: (message: string) => never,
): Required<NotificationLimits> {
  const intervalMs = limits?.intervalMs ?? DEFAULT_NOTIFICATION_LIMITS.intervalMs;
  const perDay = limits?.perDay ?? DEFAULT_NOTIFICATION_LIMITS.perDay;
  if (!Number.isSafeInteger(intervalMs) || intervalMs < 0 || intervalMs > DAY_MS)
    fail(`\`notificationLimits.intervalMs\` must be a whole number of ms from 0 to ${DAY_MS}; got ${String(limits?.intervalMs)}.`);
  if (!Number.isSafeInteger(perDay) || perDay < 1)
    fail(`\`notificationLimits.perDay\` must be a whole number >= 1; got ${String(limits?.perDay)}.`);
  return { intervalMs, perDay };
}

/** Checks a Mini App's domain (a host name such as `app.example.com`) and answers it in lower case. */
export function checkedDomain(domain: string, fail: (message: string) => never): string {
  const lower = typeof domain === 'string' ? domain.toLowerCase() : '';
  if (!/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/.test(lower))
    fail(`the Mini App's domain must be a host name such as app.example.com (no scheme, port or path); got ${JSON.stringify(domain)}`);
  return lower;
}
