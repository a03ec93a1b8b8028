import type { Digest, HmacSha512 } from './hmac-sha512.js';
import type { PreparedSecret } from './secrets.js';
import { sameDigest } from './signature.js';
import { isThenable } from '../../is-thenable.js';

/**
 * Which secret signed the body: the index of the one whose HMAC-SHA512 of `bytes` equals
 * `signature`, or -1. Every secret is computed and compared, expired ones too, with no early exit:
 * the time taken says nothing of which secret matched, and an expired secret that matches is told
 * apart from a forgery (docs/contract.md §Senders, Neynar).
 */
export function matchSignature(
  hmac: HmacSha512,
  secrets: readonly PreparedSecret[],
  bytes: Uint8Array,
  signature: Uint8Array,
): number | Promise<number> {
  const digests = secrets.map((secret) => hmac(secret.value, bytes));
  if (digests.some((digest) => isThenable(digest))) return Promise.all(digests).then((all) => indexOf(all, signature));
  return indexOf(digests as Digest[], signature);
}

function indexOf(digests: readonly Digest[], signature: Uint8Array): number {
  let found = -1;
  for (let index = 0; index < digests.length; index++) {
    const mask = sameDigest(digests[index]!, signature) ? -1 : 0;
    found = (found & ~mask) | (index & mask);
  }
  return found;
}
