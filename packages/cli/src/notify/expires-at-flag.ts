import { stringFlag, type ParsedArgs } from '../args/parse-command-args.js';
import { CliError } from '../cli-error.js';

/**
 * `--expires-at`: an ISO 8601 time with its zone (`2026-11-27T18:00:00Z`, `2026-11-27T19:00:00+01:00`)
 * or milliseconds since the epoch; `undefined` when absent.
 * @throws {CliError} `usage_error` for anything else: a time without a zone would be read in the
 *   machine's, which is rarely the one meant.
 */
export function expiresAtFlag(values: ParsedArgs['values']): number | undefined {
  return timeFlag(values, 'expires-at');
}

/** `--at`, when a queued broadcast is sent: read as `--expires-at` is. */
export function sendAtFlag(values: ParsedArgs['values']): number | undefined {
  return timeFlag(values, 'at');
}

/** A flag of a time, read as {@link expiresAtFlag} reads `--expires-at` (`--enabled-since`, `--enabled-before`, `--at`). */
export function timeFlag(values: ParsedArgs['values'], name: string): number | undefined {
  const text = stringFlag(values, name, 'notify');
  if (text === undefined) return undefined;
  if (/^\d+$/.test(text) && Number(text) >= 100_000_000_000) return Number(text);
  const zoned = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/i.test(text);
  const ms = zoned ? Date.parse(text) : Number.NaN;
  if (Number.isNaN(ms)) {
    throw new CliError(
      'usage_error',
      `--${name} expects an ISO time with its zone (2026-11-27T18:00:00Z) or milliseconds since the epoch, got ${JSON.stringify(text)}`,
      { command: 'notify' },
    );
  }
  return ms;
}
