import type { NotificationTarget } from '../senders/miniapp/token-store.js';

/**
 * A time an audience narrows by: milliseconds since the epoch, a `Date`, or an ISO 8601 string, a
 * date (`2026-11-01`, midnight UTC) or a time with its zone (`2026-11-01T00:00:00Z`).
 */
export type AudienceTime = number | Date | string;

// An ISO 8601 date (read as UTC), or a date and time with its zone: what Date.parse reads the same on
// every machine. A time without a zone would be read in the zone of whichever machine ran the send or
// queued the broadcast, as the CLI's --enabled-since refuses it for.
const ISO = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2}))?$/;

/** `value` in milliseconds since the epoch, or undefined when it is no {@link AudienceTime}. */
export function audienceTimeMs(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0 ? value : undefined;
  if (isDate(value)) return audienceTimeMs(value.getTime());
  if (typeof value === 'string' && ISO.test(value)) return audienceTimeMs(Date.parse(value));
  return undefined;
}

/**
 * Checks `enabledSince` and `enabledBefore` of an audience: each an {@link AudienceTime}, and since
 * before before when both are given (else nobody is in it, which is a mistake, not an audience).
 */
export function checkEnabledWindow(since: unknown, before: unknown, fail: (message: string) => never): void {
  for (const [name, value] of [
    ['enabledSince', since],
    ['enabledBefore', before],
  ] as const) {
    if (value !== undefined && audienceTimeMs(value) === undefined) {
      fail(
        `\`${name}\` is a time: milliseconds since the epoch, a Date or an ISO 8601 string with its zone such as "2026-11-01T00:00:00Z"; ` +
          `got ${typeof value === 'string' || typeof value === 'number' ? JSON.stringify(value) : isDate(value) ? 'an invalid Date' : typeof value}.`,
      );
    }
  }
  if (since !== undefined && before !== undefined && audienceTimeMs(since)! >= audienceTimeMs(before)!) {
    fail('`enabledSince` is before `enabledBefore` (since is included, before is not): as given, no user is in the audience.');
  }
}

/**
 * Whether a target's `enabledAt` is in `[since, before)`, or undefined when neither is given. A target
 * with no `enabledAt` (stored before stores kept it) is in no such audience: when it was enabled is unknown.
 */
export function enabledTest(since: number | undefined, before: number | undefined): ((target: NotificationTarget) => boolean) | undefined {
  if (since === undefined && before === undefined) return undefined;
  return ({ enabledAt }) =>
    enabledAt !== undefined && (since === undefined || enabledAt >= since) && (before === undefined || enabledAt < before);
}

/** A Date, from this realm or another (a Worker's, a vm context's). */
function isDate(value: unknown): value is Date {
  return Object.prototype.toString.call(value) === '[object Date]';
}
