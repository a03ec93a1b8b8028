/**
 * The exit codes of `social-webhooks`, distinct per kind of failure so scripts can tell them apart.
 * Stable; see the README's table.
 */
export const EXIT_CODES = {
  /** Done; the filter test passed; the receiver answered 2xx. */
  ok: 0,
  /** The command ran and the answer is no: the filter test failed, or the receiver answered non-2xx. */
  failed: 1,
  /** Usage error: unknown command or flag, missing or malformed value, bad JSON, or a config refused locally. */
  usage: 2,
  /** API error: the service answered an error (non-2xx, `status: false`, or an unreadable answer). */
  api: 3,
  /** Network error: no answer (connection refused, DNS, time-out). */
  network: 4,
  /** A bug: an unexpected exception. */
  internal: 70,
} as const;

export type ExitCode = (typeof EXIT_CODES)[keyof typeof EXIT_CODES];
