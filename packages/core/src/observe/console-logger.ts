import type { LogFields, LogMethod, Logger } from './log-types.js';

/** How many lines one outcome may log per window before the rest are counted, not printed. */
export const CONSOLE_LINES_PER_WINDOW = 10;
/** The rate limit's window, in milliseconds. */
export const CONSOLE_WINDOW_MS = 60_000;
const MAX_KEYS = 256;

/**
 * The default logger: refusals on `console.warn`, failures on `console.error`, each line the
 * message and its hint (never the fields, so never anything of the delivery), at most
 * {@link CONSOLE_LINES_PER_WINDOW} lines a minute for each outcome: a flood of forged requests must
 * not flood the log, nor push a rarer failure out of it. 2xx answers are not logged.
 */
export function consoleLogger(now: () => number = Date.now): Logger {
  const windows = new Map<string, { start: number; lines: number; dropped: number }>();
  const limited = (print: (...data: unknown[]) => void): LogMethod =>
    function logToConsole(message: string, fields: LogFields): void {
      const key = fields.code ?? message;
      const at = now();
      let window = windows.get(key);
      if (window === undefined || at - window.start >= CONSOLE_WINDOW_MS) {
        if (window !== undefined && window.dropped > 0) {
          print(`social-webhooks: ${window.dropped} more lines like "${key}" were not logged in the last minute (rate limit).`);
        }
        window = { start: at, lines: 0, dropped: 0 };
        // Keys are codes and fixed messages, a short list; the cap is there so that no message
        // carrying a name from a delivery can grow the map without bound.
        if (windows.size >= MAX_KEYS) windows.clear();
        windows.set(key, window);
      }
      if (window.lines >= CONSOLE_LINES_PER_WINDOW) {
        window.dropped++;
        return;
      }
      window.lines++;
      const line = fields.hint === undefined ? message : `${message}. ${fields.hint}`;
      if (fields.error === undefined) print(line);
      else print(line, fields.error);
      if (window.lines === CONSOLE_LINES_PER_WINDOW) {
        print(
          `social-webhooks: "${key}" logged ${CONSOLE_LINES_PER_WINDOW} times this minute; further lines like it are counted, not printed.`,
        );
      }
    };
  // Looked up on each call, so a test's or an app's later replacement of console.warn is honoured.
  return { warn: limited((...data) => console.warn(...data)), error: limited((...data) => console.error(...data)) };
}
