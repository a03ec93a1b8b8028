import type { Hints } from '../../observe/hints.js';

/** What to check for each of the Mini App sender's own refusals and failures, for the log line that reports it. */
export const MINI_APP_HINTS: Hints = {
  invalid_signed_body:
    'The body is not a JSON Farcaster Signature ({ header, payload, signature }, base64url; a 64-byte signature; a header with fid, type app_key and key).',
  app_signature_mismatch: 'The signature does not verify against the key its header names: a forged or altered delivery.',
  app_key_invalid:
    "verifyAppKey answered { valid: false }: the signing key is not an active app key of the user's FID (forged, or the key was revoked).",
  app_key_lookup_failed:
    'verifyAppKey threw or did not answer in time (the hub or Neynar down, a wrong API key, SOCIAL_WEBHOOKS_HUB_URL or hubUrl naming a hub that is not running?); the log line before says why and which hub was asked. The client retries.',
};
