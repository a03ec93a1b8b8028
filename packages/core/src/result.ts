import { ERROR_STATUS, type WebhookErrorCode } from './errors.js';

/**
 * How a delivery that was accepted ended: `duplicate` when `dedupe` found it already handled,
 * `accepted` (202) when `respondWithin` answered before the handler settled, `queued` (202) when
 * `handoff` stored the event for a worker.
 */
export type SuccessCode = 'handled' | 'no_handler' | 'unknown_event' | 'duplicate' | 'accepted' | 'queued';

/** The receiver's answer: a status, a JSON body, and the code that names the outcome. */
export interface ReceiveResult {
  readonly status: number;
  /** JSON text: a string on success (as the service's example receiver answers), `{ error, message }` otherwise. */
  readonly body: string;
  readonly code: SuccessCode | WebhookErrorCode;
  /** The event name, once known. */
  readonly eventName?: string;
  /**
   * What a failed handler threw or rejected with (`handler_failed`), for the delivery's one log line
   * and `onResult`. Never part of the answer.
   */
  readonly error?: unknown;
  /**
   * What the log line that reports the delivery says to check, where it depends on the delivery
   * (`wrong_sender`: the sender to configure); otherwise the hint of its code. Never part of the answer.
   */
  readonly hint?: string;
}

const SUCCESS: Record<SuccessCode, { readonly status: 200 | 202; readonly body: string }> = {
  handled: { status: 200, body: JSON.stringify('ok') },
  no_handler: { status: 200, body: JSON.stringify('ignored: no handler for this event') },
  unknown_event: { status: 200, body: JSON.stringify('ignored: unknown event') },
  duplicate: { status: 200, body: JSON.stringify('ignored: already handled') },
  accepted: { status: 202, body: JSON.stringify('accepted: the handler is still running') },
  queued: { status: 202, body: JSON.stringify('queued') },
};

export function success(code: SuccessCode, eventName: string): ReceiveResult {
  const { status, body } = SUCCESS[code];
  return { status, body, code, eventName };
}

/** A failure answer. `message` must never hold a secret, a handler's error text or a stack. */
export function failure(code: WebhookErrorCode, message: string, eventName?: string): ReceiveResult {
  const body = JSON.stringify({ error: code, message });
  return eventName === undefined ? { status: ERROR_STATUS[code], body, code } : { status: ERROR_STATUS[code], body, code, eventName };
}

/**
 * What each step of the receive path returns: the value it hands to the next step, or the answer
 * that ends the delivery there. One shape for every step, so the receiver reads
 * `if (!step.ok) return step.answer;` after each.
 */
export type Step<Value> = { readonly ok: true; readonly value: Value } | Stop;

/** A step's answer that ends the delivery. */
export interface Stop {
  readonly ok: false;
  readonly answer: ReceiveResult;
}

/** Goes on with `value`. */
export function proceed<Value>(value: Value): Step<Value> {
  return { ok: true, value };
}

/** Ends the delivery with `answer`. */
export function stop(answer: ReceiveResult): Stop {
  return { ok: false, answer };
}

/**
 * A refusal that carries no detail of the delivery, built once and frozen: a forged delivery then
 * costs the check and little else, not the serialising of the same JSON every time.
 */
export function refusal(code: WebhookErrorCode, message: string): Stop {
  return Object.freeze({ ok: false, answer: Object.freeze(failure(code, message)) });
}
