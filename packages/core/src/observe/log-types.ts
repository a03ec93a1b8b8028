/**
 * What the receiver logs alongside a message. Never the delivery header's value, never the body
 * nor any value from it (the payload `id` included): status, code and event name only.
 */
export interface LogFields {
  /** The status answered. */
  readonly status?: number;
  /** The outcome code: a success code such as `handled`, or an error code such as `header_mismatch`. */
  readonly code?: string;
  /** The event name, once the body named it. */
  readonly eventName?: string;
  /** Milliseconds from the request to the answer (or, after an early answer, to the handler settling). */
  readonly durationMs?: number;
  /** `true` on the report of a handler that settled after `respondWithin` had answered. */
  readonly afterResponse?: boolean;
  /** For a refusal or a failure: what to check, in a sentence (never anything of the delivery). */
  readonly hint?: string;
  /** The error of a failed store call, or a hook that threw. */
  readonly error?: unknown;
}

/** One log level: a message and its fields, in the order `console`, winston and consola take them. */
export type LogMethod = (message: string, fields: LogFields) => void;

/**
 * Where the receiver reports each delivery's outcome. Every method is optional: a missing level is
 * not logged. `console` fits as it is; for pino, whose methods take the fields first, pass
 * `{ info: (m, f) => log.info(f, m), warn: (m, f) => log.warn(f, m), error: (m, f) => log.error(f, m) }`.
 */
export interface Logger {
  readonly debug?: LogMethod;
  readonly info?: LogMethod;
  readonly warn?: LogMethod;
  readonly error?: LogMethod;
}
