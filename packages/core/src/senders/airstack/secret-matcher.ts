import type { SecretEntry } from './secret-entries.js';

/** Finds the entry a received header value equals, or `undefined`. */
export type SecretMatcher = (received: string) => SecretEntry | undefined;

/** One configured secret, prepared for comparison four bytes at a time. */
interface PreparedSecret {
  readonly value: string;
  readonly length: number;
  /** The secret's UTF-8 bytes (visible ASCII: `toSecretEntries` refuses anything else), zero-padded to whole words. */
  readonly words: Uint32Array;
  /** Where the compared value is encoded, and the same memory read as words. */
  readonly scratch: Uint8Array;
  readonly scratchWords: Uint32Array;
}

const encoder = /* @__PURE__ */ new TextEncoder();

/**
 * Builds a matcher whose running time does not depend on the received value, on its length, nor on
 * which entry (if any) it equals: every entry is compared over its own full length, with no early
 * exit and no branch on the bytes, so the work is always that of the secret's length.
 *
 * The value is encoded into a scratch buffer (native, vectorised) and compared a 32-bit word at a
 * time: a `charCodeAt` loop over each character was a tenth of the whole receive path.
 */
export function createSecretMatcher(entries: readonly SecretEntry[]): SecretMatcher {
  const secrets = entries.map((entry) => prepare(entry.value));
  const count = secrets.length;
  return function matchSecret(received) {
    const receivedLength = received.length;
    // An empty value is refused up front: it says nothing about any secret.
    if (receivedLength === 0) return undefined;
    let found = -1;
    for (let index = 0; index < count; index++) {
      const { value, length, words, scratch, scratchWords } = secrets[index]!;
      // A value of another length cannot match, and is not read: the secret is encoded and compared
      // with itself instead, the same work over the same bytes, while the length difference
      // already sits in `diff`.
      const probe = receivedLength === length ? received : value;
      // Only the padding past `length` can hold bytes a longer encoding left there (non-ASCII text
      // runs past the length); every byte before it is written again, so clearing the padding is enough.
      for (let pad = length; pad < scratch.length; pad++) scratch[pad] = 0;
      // `read` falls short of the length only when a non-ASCII character did not fit: no match.
      const { read } = encoder.encodeInto(probe, scratch);
      let diff = (receivedLength ^ length) | (read ^ length);
      for (let word = 0; word < words.length; word++) diff |= scratchWords[word]! ^ words[word]!;
      // mask is -1 when diff is 0 (a match) and 0 otherwise, computed without a branch.
      const mask = ((diff | -diff) >> 31) ^ -1;
      found = (found & ~mask) | (index & mask);
    }
    return found < 0 ? undefined : entries[found];
  };
}

function prepare(value: string): PreparedSecret {
  const bytes = new Uint8Array(Math.ceil(encoder.encode(value).byteLength / 4) * 4);
  encoder.encodeInto(value, bytes);
  const size = bytes.byteLength;
  const scratch = new Uint8Array(size);
  return { value, length: value.length, words: new Uint32Array(bytes.buffer), scratch, scratchWords: new Uint32Array(scratch.buffer) };
}
