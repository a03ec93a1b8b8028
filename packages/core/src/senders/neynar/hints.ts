import type { Hints } from '../../observe/hints.js';
import { MINI_APP_WITHOUT_HEADER } from '../recognise-sender.js';

/** What to check for each of Neynar's signature refusals, for the log line that reports it. */
export const NEYNAR_HINTS: Hints = {
  signature_missing: `A Neynar receiver got a request without its signature header: not a Neynar delivery, or a proxy dropped the header. ${MINI_APP_WITHOUT_HEADER}`,
  signature_malformed:
    'The x-neynar-signature header is not one lower-case 128-digit hex value: the answer says whether it was sent twice, re-cased or cut.',
  signature_mismatch:
    "The signature matched none of the webhook's secrets: a forgery, a wrong secret, or a body re-serialised on the way (mount before body parsers).",
  secret_expired: "The delivery was signed with a secret past its expiresAt: add the webhook's current secret to `secrets`.",
};
