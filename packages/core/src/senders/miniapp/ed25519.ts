import { lookUpNodeCrypto } from '../../node-crypto.js';
import { setBounded } from './bounded-map.js';
import { isSmallOrderKey } from './small-order-key.js';

/** What a signature check found: `unsupported` when the runtime's Web Crypto has no Ed25519. */
export type SignatureVerdict = 'valid' | 'invalid' | 'unsupported';

/**
 * Checks an Ed25519 signature of `message` by the 32-byte `publicKey` named `keyId`: synchronously
 * with `node:crypto`, through a promise with Web Crypto. Never throws or rejects.
 */
export type Ed25519Verify = (
  keyId: string,
  publicKey: Uint8Array<ArrayBuffer>,
  signature: Uint8Array<ArrayBuffer>,
  message: Uint8Array<ArrayBuffer>,
) => SignatureVerdict | Promise<SignatureVerdict>;

/** Imported keys kept: each user of each Farcaster client signs with a key of their own. */
export const DEFAULT_ED25519_KEYS = 1_000;

const ED25519 = { name: 'Ed25519' } as const;

/** The part of `node:crypto` used here; `null` selects Web Crypto (the tests pass it to compare both). */
export interface NodeEd25519 {
  createPublicKey(options: { key: Uint8Array; format: 'der'; type: 'spki' }): object;
  verify(algorithm: null, data: Uint8Array, key: object, signature: Uint8Array): boolean;
}

// An Ed25519 public key's SubjectPublicKeyInfo is this prefix and the 32 raw bytes (RFC 8410 §4).
const SPKI_PREFIX = /* @__PURE__ */ Uint8Array.of(0x30, 0x2a, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x03, 0x21, 0x00);

/**
 * Ed25519 (RFC 8032) with the fastest primitive the runtime has, chosen on the first signature: on
 * Node, Bun and Deno, `node:crypto`'s `verify`, reached through `process.getBuiltinModule` so the
 * core keeps no `node:` import. It is synchronous, and cheaper than each runtime's Web Crypto:
 * µs of CPU a verification, `bench/src/in-process/ed25519-primitives.ts` on a loaded two-core
 * machine, node:crypto against Web Crypto: Node 20 129 against 190, Bun 50-53 against 73-75, Deno
 * 37-52 against 60-113. Each refuses the same signatures (a signature whose S is malleated to S + L
 * included, as the reference does; the runtime tests run both), and a key of small order is refused
 * before either is asked. On workerd, Web Crypto, which it
 * has natively. No dependency: the reference's pure-JavaScript `@noble/curves` costs 2,344 µs on Node
 * (docs/contract.md §Senders, Mini App events).
 *
 * Imported keys are kept per key string (importing one costs 38 µs on Node 20 with Web Crypto, 21 µs
 * on Deno), up to `maxKeys`, the oldest dropped first. Only imported keys are kept, never a pending
 * import: on workerd, a promise begun for one request must not be awaited by another. `nodeCrypto`
 * decides instead of the runtime: a module, or `null` for Web Crypto.
 */
export function createEd25519Verify(maxKeys = DEFAULT_ED25519_KEYS, nodeCrypto?: NodeEd25519 | null): Ed25519Verify {
  let chosen: Ed25519Verify | undefined;
  return function verifyEd25519(keyId, publicKey, signature, message) {
    // The runtimes disagree on these keys (small-order-key.ts): refused here, they agree.
    if (isSmallOrderKey(publicKey)) return 'invalid';
    if (chosen === undefined) {
      const module = nodeCrypto === undefined ? nodeEd25519() : (nodeCrypto ?? undefined);
      chosen = module === undefined ? webVerify(maxKeys) : nodeVerify(maxKeys, module);
    }
    return chosen(keyId, publicKey, signature, message);
  };
}

function nodeVerify(maxKeys: number, nodeCrypto: NodeEd25519): Ed25519Verify {
  const keys = new Map<string, object>();
  // Not async: node:crypto's verify is synchronous, and its verdict is handed on as it is.
  return function verifyWithNode(keyId, publicKey, signature, message) {
    try {
      let key = keys.get(keyId);
      if (key === undefined) {
        const spki = new Uint8Array(SPKI_PREFIX.length + publicKey.length);
        spki.set(SPKI_PREFIX);
        spki.set(publicKey, SPKI_PREFIX.length);
        key = nodeCrypto.createPublicKey({ key: spki, format: 'der', type: 'spki' });
        setBounded(keys, keyId, key, maxKeys);
      }
      return nodeCrypto.verify(null, message, key, signature) ? 'valid' : 'invalid';
    } catch {
      // A key that is no point of the curve, or of the wrong length: a bad signature, as for Web Crypto.
      return 'invalid';
    }
  };
}

function webVerify(maxKeys: number): Ed25519Verify {
  const keys = new Map<string, CryptoKey>();
  return async function verifyWithWebCrypto(keyId, publicKey, signature, message) {
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

/** `node:crypto` where the runtime gives it (Node, Bun, Deno); not on workerd, whose `nodejs_compat` layer was not measured. */
function nodeEd25519(): NodeEd25519 | undefined {
  if ((globalThis as { navigator?: { userAgent?: unknown } }).navigator?.userAgent === 'Cloudflare-Workers') return undefined;
  return lookUpNodeCrypto<NodeEd25519>(['verify', 'createPublicKey']);
}
