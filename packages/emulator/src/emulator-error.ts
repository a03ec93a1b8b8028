/** Stable codes of {@link EmulatorError}; each maps to the HTTP status the emulator's API answers. */
export type EmulatorErrorCode =
  | 'invalid_request'
  | 'unknown_delivery'
  | 'unknown_webhook'
  | 'webhook_deleted'
  | 'delivery_pending'
  | 'wait_timeout'
  | 'persist_failed';

const STATUS: Readonly<Record<EmulatorErrorCode, number>> = {
  invalid_request: 400,
  unknown_delivery: 404,
  unknown_webhook: 404,
  webhook_deleted: 409,
  delivery_pending: 409,
  wait_timeout: 408,
  persist_failed: 500,
};

/**
 * The emulator's one error class, for its own operations (replay, faults, waiting, persistence).
 * `code` is stable; `status` is what the HTTP API answers for it, with `{ status: false, code, message }`.
 */
export class EmulatorError extends Error {
  override readonly name = 'EmulatorError';
  readonly code: EmulatorErrorCode;
  readonly status: number;

  constructor(code: EmulatorErrorCode, message: string, options: { cause?: unknown } = {}) {
    super(`@social-webhooks/emulator: ${message}`, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.status = STATUS[code];
  }
}
