import { setBounded } from './bounded-map.js';

/** What a signature check found: `unsupported` when the runtime's Web Crypto has no Ed25519. */
export type SignatureVerdict = 'valid' | 'invalid' | 'unsupported';

/** Checks an Ed25519 signature of `message` by the 32-byte `publicKey` named `keyId`. Never rejects. */
export type Ed25519Verify = (
  keyId: string,
  publicKey: Uint8Array<ArrayBuffer>,
  signature: Uint8Array<ArrayBuffer>,
  message: Uint8Array<ArrayBuffer>,
) => Promise<SignatureVerdict>;

/** Imported keys kept: each user of each Farcaster client signs with a key of their own. */
export const DEFAULT_ED25519_KEYS = 1_000;

const ED25519 = { name: 'Ed25519' } as const;

/**
 * Ed25519 through Web Crypto (RFC 8032), which Node 20.19+, Bun, Deno and workerd all have: no
 * dependency, and native speed (188 µs of CPU a verification on Node 20, 81 µs on Bun, against
 * 2,344 µs on Node for the reference's pure-JavaScript `@noble/curves`; docs/contract.md §Senders,
 * Mini App events, gives the figures). Like the reference, it refuses a signature whose S is
 * malleated to S + L.
 *
 * Imported keys are kept per key string (importing one costs 38 µs on Node 20, 21 µs on Deno), up to
 * `maxKeys`, the oldest dropped first. Only imported keys are kept, never a pending import: on
 * workerd, a promise begun for one request must not be awaited by another.
 */
export function createEd25519Verify(maxKeys = DEFAULT_ED25519_KEYS): Ed25519Verify {
  const keys = new Map<string, CryptoKey>();
  return async function verifyEd25519(keyId, publicKey, signature, message) {
    try {
      let key = keys.get(keyId);
      if (key === undefined) {
        key = await crypto.subtle.importKey('raw', publicKey, ED25519, false, ['verify']);
        setBounded(keys, keyId, key, maxKeys);
      }
      return (await crypto.subtle.verify(ED25519, key, signature, message)) ? 'valid' : 'invalid';
    } catch (error) {
      // A key that is no point of the curve is a bad signature, as the reference's verify answers
      // false for it; only a runtime without the algorithm is a failure of ours.
      return (error as { name?: unknown } | null)?.name === 'NotSupportedError' ? 'unsupported' : 'invalid';
    }
  };
}
