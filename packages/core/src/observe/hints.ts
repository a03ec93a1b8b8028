import type { WebhookErrorCode } from '../errors.js';

/**
 * What to check for each refusal or failure, for the log line that reports it (the README's error
 * table says the same). Static text: a hint never quotes the delivery, its header or its body.
 */
export const HINTS: Readonly<Record<WebhookErrorCode, string>> = {
  header_missing:
    'The request has no delivery header: check that the `header` option names the header the service sends (default x-airstack-webhook).',
  header_mismatch:
    'The delivery header matched no configured secret: a forged request, or the webhook was re-created with a new header_value; update `secret`.',
  event_mismatch: 'The header value is bound to another event type than the body names: check the map passed as `secret`.',
  signature_missing: 'A Neynar receiver got a request without x-neynar-signature: not a Neynar delivery, or a proxy dropped the header.',
  signature_malformed:
    'The x-neynar-signature header is not one lower-case 128-digit hex value: the answer says whether it was sent twice, re-cased or cut.',
  signature_mismatch:
    "The signature matched none of the webhook's secrets: a forgery, a wrong secret, or a body re-serialised on the way (mount before body parsers).",
  secret_expired: "The delivery was signed with a secret past its expiresAt: add the webhook's current secret to `secrets`.",
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
  unbound_flat_body:
    "A flat body (no eventName) arrived with a secret bound to no event type: pass `secret` as a map, { 'follow.created': '<header_value>' }.",
  handler_failed: 'The handler threw or rejected (its error is on this line, and went to onError if given). The service retries.',
  handler_timeout:
    'The handler did not settle within `handlerTimeoutMs`; it runs on, and the service retries. Make it faster, or answer early with `respondWithin`.',
  body_unavailable: 'A middleware consumed the body without keeping it: mount the webhook handler before it.',
  dedupe_unavailable: 'The dedupe store failed or was slower than `dedupe.timeoutMs`: check it (Redis?); the service retries.',
  queue_unavailable: 'The handoff queue could not store the delivery within its timeoutMs: check the queue (Redis?); the service retries.',
  invalid_options: 'An option is missing or malformed.',
  // Mini App events.
  invalid_signed_body:
    'The body is not a JSON Farcaster Signature ({ header, payload, signature }, base64url; a 64-byte signature; a header with fid, type app_key and key).',
  app_signature_mismatch: 'The signature does not verify against the key its header names: a forged or altered delivery.',
  app_key_invalid:
    "verifyAppKey answered { valid: false }: the signing key is not an active app key of the user's FID (forged, or the key was revoked).",
  app_key_lookup_failed:
    'verifyAppKey threw or did not answer in time (the hub or Neynar down, a wrong API key?); the log line before says why. The client retries.',
};
