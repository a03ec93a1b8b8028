import type { Hints } from '../../observe/hints.js';
import { MINI_APP_WITHOUT_HEADER } from '../recognise-sender.js';

/** What to check for each of the founding sender's own refusals, for the log line that reports it. */
export const AIRSTACK_HINTS: Hints = {
  header_missing: `The request has no delivery header: check that the \`header\` option names the header the service sends (default x-airstack-webhook). ${MINI_APP_WITHOUT_HEADER}`,
  header_mismatch:
    'The delivery header matched no configured secret: a forged request, or the webhook was re-created with a new header_value; update `secret`.',
  event_mismatch: 'The header value is bound to another event type than the body names: check the map passed as `secret`.',
  unbound_flat_body:
    "A flat body (no eventName) arrived with a secret bound to no event type: pass `secret` as a map, { 'follow.created': '<header_value>' }.",
};
