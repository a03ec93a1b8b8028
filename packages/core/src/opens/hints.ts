import type { Hints } from '../observe/hints.js';

/** What to check for each refusal or failure of the opens receiver (`openReceiver` of `@social-webhooks/opens`). */
export const OPEN_HINTS: Hints = {
  missing_token:
    "No `Authorization: Bearer <token>`: the page must post through `sdk.quickAuth.fetch`, which adds the user's Quick Auth token.",
  invalid_token:
    "The Quick Auth token did not verify: expired, altered, signed by another key, or issued for another domain than the receiver's `domain`.",
  token_keys_unavailable:
    "Quick Auth's key set (its /.well-known/jwks.json) could not be fetched, or the verification failed for another reason than the token: nothing was recorded; the page may report again.",
  invalid_open: 'The body is not { notificationId, clientFid? }: a notificationId of 1 to 128 characters, a clientFid a positive integer.',
  open_store_unavailable: 'The open store failed (Redis?): nothing was recorded; the page may report again.',
  notification_not_sent:
    "The receiver's `history` has no delivery of this notificationId to the token's FID in that user's timeline (never sent to them, or older than the timeline keeps): nothing was recorded.",
  open_history_unavailable:
    "The receiver's `history` failed (Redis?), so the open could not be checked against what was sent: nothing was recorded; the page may report again.",
};
