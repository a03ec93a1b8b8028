import type { EventName } from '../events/event-names.js';
import { ERROR_STATUS, type WebhookErrorCode } from '../errors.js';

/** How a delivery that was accepted ended. */
export type SuccessCode = 'handled' | 'no_handler' | 'unknown_event';

/** The receiver's answer: a status, a JSON body, and the code that names the outcome. */
export interface ReceiveResult {
  readonly status: number;
  /** JSON text: a string on success (as the service's example receiver answers), `{ error, message }` otherwise. */
  readonly body: string;
  readonly code: SuccessCode | WebhookErrorCode;
  /** The event name, once known. */
  readonly eventName?: EventName | string;
}

const SUCCESS_BODY: Record<SuccessCode, string> = {
  handled: JSON.stringify('ok'),
  no_handler: JSON.stringify('ignored: no handler for this event'),
  unknown_event: JSON.stringify('ignored: unknown event'),
};

export function success(code: SuccessCode, eventName: string): ReceiveResult {
  return { status: 200, body: SUCCESS_BODY[code], code, eventName };
}

/** A failure answer. `message` must never hold a secret, a handler's error text or a stack. */
export function failure(code: WebhookErrorCode, message: string, eventName?: string): ReceiveResult {
  const body = JSON.stringify({ error: code, message });
  return eventName === undefined
    ? { status: ERROR_STATUS[code], body, code }
    : { status: ERROR_STATUS[code], body, code, eventName };
}
