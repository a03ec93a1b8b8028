import { WebhookError } from '../../errors.js';
import { proceed, refusal, type Step } from '../../result.js';
import { recogniseOtherSender, type HeaderReader } from '../recognise-sender.js';
import type { DeferredMatcher } from './deferred-secret.js';
import type { SecretEntry } from './secret-entries.js';
import { createSecretMatcher, type SecretMatcher } from './secret-matcher.js';

/**
 * The header step: finds the configured secret the delivery header's value equals. Synchronous once
 * the secret is known; a deferred secret (`secret` given as a function) makes the first call async.
 */
export type HeaderCheck = (value: string | null | undefined, headers?: HeaderReader) => Step<SecretEntry> | Promise<Step<SecretEntry>>;

/** Where the header step finds its secrets: the resolved entries, or a deferred secret's loader. */
export type SecretSupply =
  { readonly entries: readonly SecretEntry[] } | { readonly load: DeferredMatcher; readonly onUnavailable: (error: WebhookError) => void };

const SECRET_UNAVAILABLE = /* @__PURE__ */ refusal(
  'invalid_options',
  "The receiver's secret is not configured; the server's log says how to fix it.",
);

/**
 * Builds the header step, the first of the route, which decides (docs/contract.md §Statuses): 401
 * `header_missing` for an absent or empty header (401 `wrong_sender` when the request carries another
 * sender's mark, a Neynar signature), 401 `header_mismatch` for a value no configured
 * secret equals, compared in constant time. Nothing of the body is read before it passes. A deferred
 * secret that is missing or malformed answers 500 `invalid_options` (the service retries) and its
 * reason goes to `onUnavailable`, never into the answer.
 */
export function createHeaderCheck(header: string, supply: SecretSupply): HeaderCheck {
  let matchSecret: SecretMatcher | undefined = 'entries' in supply ? createSecretMatcher(supply.entries) : undefined;
  const headerMissing = refusal('header_missing', `The ${header} header is missing.`);
  const headerMismatch = refusal('header_mismatch', `The ${header} header does not match a configured secret.`);
  const match = (matcher: SecretMatcher, value: string): Step<SecretEntry> => {
    const secret = matcher(value);
    return secret === undefined ? headerMismatch : proceed(secret);
  };
  async function loadAndMatch(value: string): Promise<Step<SecretEntry>> {
    const { load, onUnavailable } = supply as Extract<SecretSupply, { load: unknown }>;
    const loaded = await load();
    if (loaded instanceof WebhookError) {
      onUnavailable(loaded);
      return SECRET_UNAVAILABLE;
    }
    matchSecret = loaded;
    return match(loaded, value);
  }
  return function checkHeader(value, headers) {
    if (value === null || value === undefined || value === '') return recogniseOtherSender('airstack', headers) ?? headerMissing;
    return matchSecret === undefined ? loadAndMatch(value) : match(matchSecret, value);
  };
}
