import type { SecretEntry } from './secret-entries.js';

/** Finds the entry a received header value equals, or `undefined`. */
export type SecretMatcher = (received: string) => SecretEntry | undefined;

/**
 * Builds a matcher whose running time does not depend on the received value, on its length, nor on
 * which entry (if any) it equals: every entry is compared over its own full length, with no early
 * exit, and the received value is read cyclically so the loop count is the secret's length.
 */
export function createSecretMatcher(entries: readonly SecretEntry[]): SecretMatcher {
  const secrets = entries.map((entry) => Uint16Array.from(entry.value, (char) => char.charCodeAt(0)));
  const count = secrets.length;
  return function matchSecret(received) {
    const receivedLength = received.length;
    // An empty value is refused up front: it says nothing about any secret.
    if (receivedLength === 0) return undefined;
    let found = -1;
    for (let index = 0; index < count; index++) {
      const secret = secrets[index]!;
      const length = secret.length;
      let diff = receivedLength ^ length;
      let at = 0;
      for (let offset = 0; offset < length; offset++) {
        diff |= received.charCodeAt(at) ^ secret[offset]!;
        // The next position, wrapping to 0 at the end without `%` or a branch: an integer division
        // per character was most of the matcher's cost, and its latency varies with the operands on
        // some CPUs. `(next - receivedLength) >> 31` is -1 (keep) while next < receivedLength, else 0.
        const next = at + 1;
        at = next & ((next - receivedLength) >> 31);
      }
      // mask is -1 when diff is 0 (a match) and 0 otherwise, computed without a branch.
      const mask = ((diff | -diff) >> 31) ^ -1;
      found = (found & ~mask) | (index & mask);
    }
    return found < 0 ? undefined : entries[found];
  };
}
