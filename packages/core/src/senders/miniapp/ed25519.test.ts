import { afterEach, describe, expect, it, vi } from 'vitest';
import { createEd25519Verify } from './ed25519.js';

const ED25519 = { name: 'Ed25519' } as const;
// The order of the group Ed25519's scalars live in (RFC 8032 §5.1).
const L = 2n ** 252n + 27742317777372353535851937790883648493n;
const message = new TextEncoder().encode('header.payload');

async function keyPair() {
  const pair = (await crypto.subtle.generateKey(ED25519, true, ['sign', 'verify'])) as CryptoKeyPair;
  const publicKey = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey));
  const sign = async (bytes: Uint8Array<ArrayBuffer>) => new Uint8Array(await crypto.subtle.sign(ED25519, pair.privateKey, bytes));
  return { publicKey, id: Buffer.from(publicKey).toString('hex'), sign };
}

/** The same signature with S + L in place of S: the same equation, other bytes (RFC 8032 §5.1.7 requires S < L). */
function malleate(signature: Uint8Array): Uint8Array<ArrayBuffer> {
  let s = 0n;
  for (let index = 63; index >= 32; index--) s = (s << 8n) | BigInt(signature[index]!);
  s += L;
  const out = new Uint8Array(64);
  out.set(signature.subarray(0, 32));
  for (let index = 32; index < 64; index++, s >>= 8n) out[index] = Number(s & 0xffn);
  return out;
}

// Both primitives: node:crypto (the default on Node, Bun and Deno) and Web Crypto (workerd; `null`).
describe.each([
  ['node:crypto', undefined],
  ['Web Crypto', null],
] as const)('createEd25519Verify with %s', (_name, nodeCrypto) => {
  it('accepts a signature of the message by the key, and nothing altered', async () => {
    const verify = createEd25519Verify(10, nodeCrypto);
    const { publicKey, id, sign } = await keyPair();
    const signature = await sign(message);
    expect(await verify(id, publicKey, signature, message)).toBe('valid');
    expect(await verify(id, publicKey, signature, new TextEncoder().encode('header.payload2'))).toBe('invalid');
    const flipped = signature.slice();
    flipped[0]! ^= 1;
    expect(await verify(id, publicKey, flipped, message)).toBe('invalid');
    expect(await verify(id, publicKey, malleate(signature), message)).toBe('invalid');
  });

  it('answers invalid for a key that is no point of the curve, as the reference does', async () => {
    const { sign } = await keyPair();
    const notAPoint = new Uint8Array(32);
    notAPoint[0] = 2;
    expect(await createEd25519Verify(10, nodeCrypto)('02', notAPoint, await sign(message), message)).toBe('invalid');
    expect(await createEd25519Verify(10, nodeCrypto)('short', notAPoint.subarray(0, 31), await sign(message), message)).toBe('invalid');
  });

  it('refuses every key of small order, even the signature that each "verifies" under ZIP-215 (R the key, S = 0)', async () => {
    // The identity and a point of order 8, each in both encodings of x's sign: Node 20's verify took
    // the identity's with either sign, Node 24 and 26 refuse them all.
    const keys = ['01'.padEnd(64, '0'), '26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05'].flatMap((hex) => {
      const key = Uint8Array.from(Buffer.from(hex, 'hex'));
      const signed = key.slice();
      signed[31]! |= 0x80;
      return [key, signed];
    });
    for (const key of keys) {
      const signature = new Uint8Array(64);
      signature.set(key);
      expect(await createEd25519Verify(10, nodeCrypto)(Buffer.from(key).toString('hex'), key, signature, message)).toBe('invalid');
    }
  });
});

describe('createEd25519Verify', () => {
  it('answers at once with node:crypto, no promise to wait for, and through a promise with Web Crypto', async () => {
    const { publicKey, id, sign } = await keyPair();
    const signature = await sign(message);
    expect(createEd25519Verify(10)(id, publicKey, signature, message)).toBe('valid');
    const flipped = signature.slice();
    flipped[0]! ^= 1;
    expect(createEd25519Verify(10)(id, publicKey, flipped, message)).toBe('invalid');
    const withWebCrypto = createEd25519Verify(10, null)(id, publicKey, signature, message);
    expect(withWebCrypto).toBeInstanceOf(Promise);
    expect(await withWebCrypto).toBe('valid');
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('verifies with node:crypto on Node, not through Web Crypto', async () => {
    const subtleVerify = vi.spyOn(crypto.subtle, 'verify');
    const { publicKey, id, sign } = await keyPair();
    expect(await createEd25519Verify()(id, publicKey, await sign(message), message)).toBe('valid');
    expect(subtleVerify).not.toHaveBeenCalled();
  });

  it('verifies through Web Crypto on workerd, without looking node:crypto up', async () => {
    vi.stubGlobal('navigator', { userAgent: 'Cloudflare-Workers' });
    try {
      const lookup = vi.spyOn(process, 'getBuiltinModule');
      const subtleVerify = vi.spyOn(crypto.subtle, 'verify');
      const { publicKey, id, sign } = await keyPair();
      expect(await createEd25519Verify()(id, publicKey, await sign(message), message)).toBe('valid');
      expect(subtleVerify).toHaveBeenCalledTimes(1);
      expect(lookup).not.toHaveBeenCalled();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('imports each key once, and keeps at most maxKeys', async () => {
    const importKey = vi.spyOn(crypto.subtle, 'importKey');
    const verify = createEd25519Verify(2, null);
    const [a, b, c] = await Promise.all([keyPair(), keyPair(), keyPair()]);
    const signatures = await Promise.all([a, b, c].map((pair) => pair.sign(message)));
    for (let round = 0; round < 3; round++) expect(await verify(a.id, a.publicKey, signatures[0]!, message)).toBe('valid');
    expect(importKey).toHaveBeenCalledTimes(1);
    await verify(b.id, b.publicKey, signatures[1]!, message);
    await verify(c.id, c.publicKey, signatures[2]!, message);
    // `a` was the oldest of three with room for two: it is imported again.
    await verify(a.id, a.publicKey, signatures[0]!, message);
    expect(importKey).toHaveBeenCalledTimes(4);
  });

  it('answers unsupported where Web Crypto has no Ed25519', async () => {
    vi.spyOn(crypto.subtle, 'importKey').mockRejectedValue(new DOMException('Unrecognized algorithm name', 'NotSupportedError'));
    const { publicKey, id, sign } = await keyPair();
    expect(await createEd25519Verify(10, null)(id, publicKey, await sign(message), message)).toBe('unsupported');
  });
});
