/**
 * Every way a delivery can fail, with the status the receiver answers (docs/contract.md §Statuses). Stable: a code is
 * never renamed or given another meaning, so monitoring and tests can key on it.
 */
export const ERROR_STATUS = {
  header_missing: 401,
  header_mismatch: 401,
  event_mismatch: 401,
  signature_missing: 401,
  signature_malformed: 401,
  signature_mismatch: 401,
  secret_expired: 401,
  // Another sender's delivery, recognised by its mark (senders/recognise-sender.ts).
  wrong_sender: 401,
  method_not_allowed: 405,
  payload_too_large: 413,
  unsupported_media_type: 415,
  unsupported_content_encoding: 415,
  body_timeout: 408,
  delivery_in_progress: 409,
  invalid_json: 400,
  body_not_object: 400,
  invalid_envelope: 400,
  invalid_payload: 400,
  unbound_flat_body: 400,
  handler_failed: 500,
  handler_timeout: 503,
  body_unavailable: 500,
  dedupe_unavailable: 503,
  queue_unavailable: 503,
  // The archive (docs/archive.md): a replay that cannot read or write it. A delivery's answer never carries it.
  archive_unavailable: 503,
  invalid_options: 500,
  // Mini App events (docs/contract.md §Senders, Mini App events): the JSON Farcaster Signature's checks.
  invalid_signed_body: 400,
  app_signature_mismatch: 401,
  app_key_invalid: 401,
  app_key_lookup_failed: 503,
  // Opens (docs/notifications.md §Opens): the page's report, proven by the user's Quick Auth token.
  missing_token: 401,
  invalid_token: 401,
  token_keys_unavailable: 503,
  invalid_open: 400,
  open_store_unavailable: 503,
  // With the receiver's `history`: an open of a notification that user was not sent, or a history that failed.
  notification_not_sent: 404,
  open_history_unavailable: 503,
} as const;

/** A stable error code; see the README's error table. */
export type WebhookErrorCode = keyof typeof ERROR_STATUS;

/** The status a receiver answers for an error code. */
export type WebhookErrorStatus = (typeof ERROR_STATUS)[WebhookErrorCode];

/**
 * The one error class of social-webhooks. `code` is stable, `status` is the HTTP status the receiver
 * answers for it, `cause` keeps the underlying error (never sent to the client).
 *
 * Thrown by the handler factories for invalid options (`invalid_options`); the receive path never
 * throws, it answers with the code instead.
 */
export class WebhookError extends Error {
  override readonly name = 'WebhookError';
  readonly code: WebhookErrorCode;
  readonly status: WebhookErrorStatus;

  constructor(code: WebhookErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
    this.status = ERROR_STATUS[code];
  }
}

/** Whether `value` is a {@link WebhookError}, also across copies of the package. */
export function isWebhookError(value: unknown): value is WebhookError {
  return value instanceof WebhookError || (value instanceof Error && value.name === 'WebhookError' && 'code' in value);
}
