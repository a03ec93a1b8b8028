import type { DeliveryReport, ResultHook } from './delivery-report.js';
import { isThenable } from '../is-thenable.js';
import { isIgnored, isSilent, type LogFields, type LogMethod, type ResolvedLogger } from './logger.js';
import { HINTS, type Hints } from './hints.js';
import type { WebhookErrorCode } from '../errors.js';

/** Reports one delivery's outcome to the logger and to `onResult`. Never throws. */
export type Reporter = (report: DeliveryReport) => void;

/**
 * Builds the reporter, or none when there is no one to report to (no logger level that reports
 * deliveries and no `onResult`), so an unobserved receiver does not time and describe every
 * delivery for nothing. Log levels: 2xx `info`, 4xx `warn`, 5xx `error`, and `error` for a handler
 * that failed after an early answer (nobody else will hear of it but `onError`). A refusal's line
 * carries the hint for its code, the sender's (`senderHints`) before the pipeline's.
 */
export function createReporter(logger: ResolvedLogger, onResult: ResultHook | undefined, senderHints?: Hints): Reporter | undefined {
  if (onResult === undefined && isSilent(logger)) return undefined;
  return function reportDelivery(report) {
    const { status, code, eventName, durationMs, afterResponse, error } = report;
    const log = levelOf(logger, status, afterResponse);
    // The default console logger has no info level: a 2xx delivery builds no line nor fields.
    if (!isIgnored(log)) {
      const hint = status >= 400 ? (report.hint ?? senderHints?.[code as WebhookErrorCode] ?? HINTS[code as WebhookErrorCode]) : undefined;
      const fields: LogFields = {
        status,
        code,
        ...(eventName !== undefined && { eventName }),
        durationMs,
        afterResponse,
        ...(hint !== undefined && { hint }),
        ...(error !== undefined && { error }),
      };
      const what = afterResponse ? 'handler settled after the answer' : 'delivery answered';
      log(`social-webhooks: ${what}: ${status} ${code}${eventName === undefined ? '' : ` (${eventName})`}`, fields);
    }
    if (onResult === undefined) return;
    try {
      const returned = onResult(report);
      if (isThenable(returned)) returned.then(undefined, (error: unknown) => hookFailed(logger, error));
    } catch (error) {
      hookFailed(logger, error);
    }
  };
}

function levelOf(logger: ResolvedLogger, status: number, afterResponse: boolean): LogMethod {
  if (status >= 500) return logger.error;
  if (status >= 400) return afterResponse ? logger.error : logger.warn;
  return logger.info;
}

function hookFailed(logger: ResolvedLogger, error: unknown): void {
  logger.error('social-webhooks: the onResult hook threw; the delivery was answered as usual.', { error });
}
