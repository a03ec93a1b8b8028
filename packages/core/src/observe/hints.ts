import type { WebhookErrorCode } from '../errors.js';

/** What to check for a refusal or failure, by code: a sender's own codes in its folder (`hints.ts`). */
export type Hints = Readonly<Partial<Record<WebhookErrorCode, string>>>;

/**
 * What to check for each refusal or failure the pipeline itself answers, for the log line that
 * reports it (the README's error table says the same); each sender carries the hints of its own
 * codes (`Sender.hints`), so a bundle holds those of the senders it uses. Static text: a hint never
 * quotes the delivery, its header or its body.
 */
export const HINTS: Hints = {
  method_not_allowed: 'Deliveries are POST requests.',
  payload_too_large: 'The body is over `maxBodyBytes`: raise it if the service really sends such bodies.',
  unsupported_media_type: 'The content-type is not JSON; the service sends application/json.',
  unsupported_content_encoding: 'The body is compressed (content-encoding); the service sends it uncompressed, so this is not the service.',
  body_timeout: 'The body did not arrive within `bodyTimeoutMs`; the service sends it at once, so this is a slow or stalled client.',
  delivery_in_progress: 'The same delivery is being handled by another request (`dedupe`); the service retries it.',
  invalid_json: 'The body is not JSON, or the client went away before it ended.',
  body_not_object: 'The body is JSON but not an object.',
  invalid_envelope: "The envelope's eventName is not a string or its data is not an object.",
  invalid_payload: "The data fails its event's schema; the answer's message names the field.",
  handler_failed: 'The handler threw or rejected (its error is on this line, and went to onError if given). The service retries.',
  handler_timeout:
    'The handler did not settle within `handlerTimeoutMs`; it runs on, and the service retries. Make it faster, or answer early with `respondWithin`.',
  body_unavailable: 'A middleware consumed the body without keeping it: mount the webhook handler before it.',
  dedupe_unavailable: 'The dedupe store failed or was slower than `dedupe.timeoutMs`: check it (Redis?); the service retries.',
  queue_unavailable: 'The handoff queue could not store the delivery within its timeoutMs: check the queue (Redis?); the service retries.',
  archive_unavailable:
    'The delivery archive failed or was slower than its timeoutMs: check it (Redis?). Deliveries are answered as without it.',
  invalid_options: 'An option is missing or malformed.',
  wrong_sender:
    "The request carries another sender's mark (x-neynar-signature, x-airstack-webhook): the receiver is built for the wrong sender; the answer names the one to configure.",
};
