import { hexByteAt } from '../../hex.js';

/**
 * The encodings of the Ed25519 points of order 1, 2, 4 and 8 (libsodium's list for
 * `crypto_sign_verify_detached`): y = 0, 1, the two y of order 8, p - 1, and the non-canonical p and
 * p + 1. The top bit of the last byte, x's sign, is left out of the comparison, so each stands for
 * both of its encodings.
 */
const SMALL_ORDER_Y = /* @__PURE__ */ [
  '0000000000000000000000000000000000000000000000000000000000000000',
  '0100000000000000000000000000000000000000000000000000000000000000',
  '26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05',
  'c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a',
  'ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f',
  'edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f',
  'eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f',
].map((hex) => Uint8Array.from({ length: 32 }, (_, index) => hexByteAt(hex, index * 2)));

/**
 * Whether a 32-byte Ed25519 public key is a point of small order. Such a key "signs" every message
 * with R = identity and S = 0 under ZIP-215's rules, and RFC 8032 leaves its fate to the
 * implementation: Node's own verify takes the identity's on Node 20 and 22 (and some of the others',
 * by the message's hash) and refuses every one on Node 24 and 26. Refused before any primitive, the
 * verdict is the same on every runtime (docs/contract.md §Senders, Mini App events).
 */
export function isSmallOrderKey(publicKey: Uint8Array): boolean {
  if (publicKey.length !== 32) return false;
  return SMALL_ORDER_Y.some((y) => {
    for (let index = 0; index < 31; index++) if (publicKey[index] !== y[index]) return false;
    return (publicKey[31]! & 0x7f) === y[31];
  });
}
