import { consoleLogger } from './console-logger.js';
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

/** A logger with every level present; the silent default has none. */
export interface ResolvedLogger {
  readonly debug: LogMethod;
  readonly info: LogMethod;
  readonly warn: LogMethod;
  readonly error: LogMethod;
}

/**
 * Resolves the `logger` option into four callable levels that never throw: a logger that fails must
 * not turn a delivery into an error.
 * @throws when `logger` is not an object or one of its levels is not a function (the caller wraps it).
 */
export function resolveLogger(option: Logger | false | undefined, fail: (message: string) => never): ResolvedLogger {
  if (option !== undefined && option !== false && (typeof option !== 'object' || option === null)) {
    fail('`logger` must be an object with debug, info, warn and error methods (any of them), such as console, or false to log nothing.');
  }
  const logger = option === undefined ? consoleLogger() : option === false ? undefined : option;
  const pick = (level: keyof Logger): LogMethod => {
    const method = logger?.[level];
    if (method === undefined) return ignore;
    if (typeof method !== 'function') fail(`\`logger.${level}\` must be a function; got ${typeof method}.`);
    return (message, fields) => {
      try {
        method.call(logger, message, fields);
      } catch {
        // Logging is best effort: the delivery's answer must not depend on the logger.
        return;
      }
    };
  };
  return { debug: pick('debug'), info: pick('info'), warn: pick('warn'), error: pick('error') };
}

/** Whether none of the levels a delivery is reported at (info, warn, error) logs anything. */
export function isSilent(logger: ResolvedLogger): boolean {
  return logger.info === ignore && logger.warn === ignore && logger.error === ignore;
}

/** Whether a resolved level logs nothing (the logger has no such method), so a caller can skip building its line. */
export function isIgnored(method: LogMethod): boolean {
  return method === ignore;
}

function ignore(): void {
  return;
}
