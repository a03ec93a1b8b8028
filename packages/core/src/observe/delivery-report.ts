import type { SuccessCode } from '../result.js';
import type { WebhookErrorCode } from '../errors.js';

/**
 * One delivery's outcome, as `onResult` gets it: for metrics (a counter by `code`, a histogram of
 * `durationMs`). It carries nothing from the body but the event name, and never the header value.
 */
export interface DeliveryReport {
  /** The status answered, or, with `afterResponse`, the status the handler's outcome maps to. */
  readonly status: number;
  /** A success code (`handled`, `duplicate`, …) or an error code (`header_mismatch`, …). */
  readonly code: SuccessCode | WebhookErrorCode;
  /** The event name, once the body named it; `undefined` for a delivery refused before that. */
  readonly eventName: string | undefined;
  /** Milliseconds from the request to the answer, or, with `afterResponse`, to the handler settling. */
  readonly durationMs: number;
  /**
   * `false` for the answer of every delivery. `true` for a second report, made only when
   * `respondWithin` answered 202 before the handler settled: its code is then how the handler ended
   * (`handled` or `handler_failed`). Count deliveries by the `false` reports.
   */
  readonly afterResponse: boolean;
  /** What the handler threw or rejected with, for `handler_failed`; absent otherwise. */
  readonly error?: unknown;
  /** What to check, where it depends on the delivery (`wrong_sender`: the sender to configure); absent otherwise. */
  readonly hint?: string;
}

/** The `onResult` option: called once per delivery (twice after an early answer); may be async. */
export type ResultHook = (report: DeliveryReport) => unknown;
