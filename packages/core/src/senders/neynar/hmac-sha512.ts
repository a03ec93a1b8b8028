import { lookUpNodeCrypto } from '../../node-crypto.js';

/**
 * An HMAC-SHA512: its 64 bytes, or (from `node:crypto`) the 128 lower-case hex digits of them, which
 * the runtime writes as a string without a buffer to allocate.
 */
export type Digest = Uint8Array | string;

/** Signs bytes with one secret: HMAC-SHA512. Synchronous where the runtime allows it. */
export type HmacSha512 = (secret: string, bytes: Uint8Array) => Digest | Promise<Digest>;

interface NodeHmac {
  update(data: Uint8Array): NodeHmac;
  digest(encoding: 'hex'): string;
}
/** The part of `node:crypto` used here; `null` selects Web Crypto (the tests pass it to compare both). */
export interface NodeCrypto {
  createHmac(algorithm: 'sha512', key: string): NodeHmac;
}

const encoder = /* @__PURE__ */ new TextEncoder();

/**
 * The fastest HMAC-SHA512 the runtime has, found on the first signature rather than when the
 * receiver is built: loading `node:crypto` took about 3 ms of a Worker bundle's import in Node (its
 * internal modules compiled), which a cold start that answers nothing should not pay. `node:crypto`'s
 * `createHmac`, reached through `process.getBuiltinModule` (Node 20.16+, Bun, Deno) so the core
 * keeps no `node:` import for a Worker's bundler to trip on: synchronous, about 7 µs for a 4 KB body
 * on Node 20 and Bun, against 40-52 µs for Web Crypto's `subtle.sign` and its promise
 * (BENCHMARKS.md, "Neynar, taken apart"). Elsewhere (Workers without `nodejs_compat`), Web Crypto,
 * with each secret's key imported once. `nodeCrypto` decides instead: a module, or `null` for Web Crypto.
 */
export function createHmacSha512(nodeCrypto?: NodeCrypto | null): HmacSha512 {
  let chosen: HmacSha512 | undefined;
  return function hmacSha512(secret, bytes) {
    chosen ??= choose(nodeCrypto === undefined ? lookUpNodeCrypto<NodeCrypto>(['createHmac']) : (nodeCrypto ?? undefined));
    return chosen(secret, bytes);
  };
}

function choose(nodeCrypto: NodeCrypto | undefined): HmacSha512 {
  if (nodeCrypto !== undefined) {
    // Hex, not a Buffer: the digit string is written natively (an op of its own on Deno), where a
    // Buffer is one more allocation off V8's heap per delivery.
    return function nodeHmacSha512(secret, bytes) {
      return nodeCrypto.createHmac('sha512', secret).update(bytes).digest('hex');
    };
  }
  const keys = new Map<string, Promise<CryptoKey>>();
  return async function webHmacSha512(secret, bytes) {
    let key = keys.get(secret);
    if (key === undefined) {
      // Bounded by the secrets the sender holds: a rotation drops the old ones from the map below.
      if (keys.size >= 64) keys.clear();
      key = crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-512' }, false, ['sign']);
      keys.set(secret, key);
    }
    return new Uint8Array(await crypto.subtle.sign('HMAC', await key, bytes as Uint8Array<ArrayBuffer>));
  };
}
