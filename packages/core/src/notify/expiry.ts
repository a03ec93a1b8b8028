import { WebhookError } from '../errors.js';

/**
 * When a notification stops being worth sending: milliseconds since the epoch, or a `Date`. A batch
 * not sent by then is dropped and counted `expired`, whether it was waiting for a free request, a
 * rate limit's window or a retry: "the sale ends at 6" never arrives at 7. A request already on its
 * way when the time passes is not called back (the client has it).
 */
export type ExpiresAt = number | Date;

/** Before this (3 March 1973 in milliseconds, or the year 5138 in seconds), a number is taken for seconds by mistake. */
const SECONDS_BELOW = 100_000_000_000;

/**
 * Checks `expiresAt` and answers it in milliseconds since the epoch (`undefined` when not given). A
 * time already past is accepted (a job that ran late must count its batches `expired`, not fail).
 * @throws {WebhookError} `invalid_options`, starting with `source`, for a value that is not a time or
 *   that reads as seconds.
 */
export function checkExpiresAt(value: unknown, source: string): number | undefined {
  return checkTime(value, 'expiresAt', source);
}

/**
 * Checks `at`, when to send (ms since the epoch or a `Date`), and answers it in milliseconds since the
 * epoch (`undefined` when not given). A time past or now means at once.
 * @throws {WebhookError} `invalid_options`, starting with `source`, for a value that is not a time or that reads as seconds.
 */
export function checkSendAt(value: unknown, source: string): number | undefined {
  return checkTime(value, 'at', source);
}

function checkTime(value: unknown, name: string, source: string): number | undefined {
  if (value === undefined) return undefined;
  const ms = value instanceof Date ? value.getTime() : value;
  if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0) {
    throw new WebhookError(
      'invalid_options',
      `${source}: \`${name}\` is a time, milliseconds since the epoch (Date.now() + 3_600_000) or a Date; got ${String(value)}.`,
    );
  }
  if (ms < SECONDS_BELOW) {
    throw new WebhookError(
      'invalid_options',
      `${source}: \`${name}\` ${ms} reads as seconds since the epoch; it is in milliseconds: multiply by 1000, or pass a Date.`,
    );
  }
  return ms;
}

/** Whether a send planned at `at` would arrive past `expiresAt`. */
export function expired(expiresAt: number | undefined, at: number): boolean {
  return expiresAt !== undefined && at >= expiresAt;
}
