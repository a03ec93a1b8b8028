import { consoleLogger } from './console-logger.js';
import type { LogMethod, Logger } from './log-types.js';

// The vocabulary lives in log-types.ts, which console-logger.ts implements without importing this
// file, the one that picks it as the default.
export type { LogFields, LogMethod, Logger } from './log-types.js';

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
