import { proceed, refusal, type Step } from '../result.js';
import type { SecretEntry } from './secret-entries.js';
import { createSecretMatcher } from './secret-matcher.js';

/** The header step: finds the configured secret the delivery header's value equals. */
export type HeaderCheck = (value: string | null | undefined) => Step<SecretEntry>;

/**
 * Builds the header step, the first of the route, which decides (docs/contract.md §Statuses): 401
 * `header_missing` for an absent or empty header, 401 `header_mismatch` for a value no configured
 * secret equals, compared in constant time. Nothing of the body is read before it passes.
 */
export function createHeaderCheck(header: string, secrets: readonly SecretEntry[]): HeaderCheck {
  const matchSecret = createSecretMatcher(secrets);
  const headerMissing = refusal('header_missing', `The ${header} header is missing.`);
  const headerMismatch = refusal('header_mismatch', `The ${header} header does not match a configured secret.`);
  return function checkHeader(value) {
    if (value === null || value === undefined || value === '') return headerMissing;
    const secret = matchSecret(value);
    return secret === undefined ? headerMismatch : proceed(secret);
  };
}
