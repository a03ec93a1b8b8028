import type { SecretEntry } from './secret-entries.js';

/** Finds the entry a received header value equals, or `undefined`. */
export type SecretMatcher = (received: string) => SecretEntry | undefined;

/**
 * Builds a matcher whose running time does not depend on the received value, on its length, nor on
 * which entry (if any) it equals: every entry is compared over its own full length, with no early
 * exit and no branch on the characters, so the loop count is always the secret's length.
 */
export function createSecretMatcher(entries: readonly SecretEntry[]): SecretMatcher {
  const secrets = entries.map((entry) => entry.value);
  const count = secrets.length;
  return function matchSecret(received) {
    const receivedLength = received.length;
    // An empty value is refused up front: it says nothing about any secret.
    if (receivedLength === 0) return undefined;
    let found = -1;
    for (let index = 0; index < count; index++) {
      const secret = secrets[index]!;
      const length = secret.length;
      // A value of another length cannot match, and is not read: the secret is compared with
      // itself instead, the same loop over the same number of characters, while the length
      // difference already sits in `diff`. The loop never reads past either string's end.
      const probe = receivedLength === length ? received : secret;
      let diff = receivedLength ^ length;
      for (let offset = 0; offset < length; offset++) {
        diff |= probe.charCodeAt(offset) ^ secret.charCodeAt(offset);
      }
      // mask is -1 when diff is 0 (a match) and 0 otherwise, computed without a branch.
      const mask = ((diff | -diff) >> 31) ^ -1;
      found = (found & ~mask) | (index & mask);
    }
    return found < 0 ? undefined : entries[found];
  };
}
