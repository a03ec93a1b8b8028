import { describe, expect, it } from 'vitest';
import { isSmallOrderKey } from './small-order-key.js';

const fromHex = (hex: string) => Uint8Array.from(Buffer.from(hex, 'hex'));

describe('isSmallOrderKey', () => {
  it('knows the identity in both encodings of x, and no key a user generated', async () => {
    const identity = fromHex('01'.padEnd(64, '0'));
    expect(isSmallOrderKey(identity)).toBe(true);
    identity[31] = 0x80;
    expect(isSmallOrderKey(identity)).toBe(true);
    const pair = (await crypto.subtle.generateKey({ name: 'Ed25519' }, true, ['sign', 'verify'])) as CryptoKeyPair;
    expect(isSmallOrderKey(new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey)))).toBe(false);
  });

  it('knows y = p - 1 (order 2) but not y = p - 2, one away from it, nor a key of the wrong length', () => {
    expect(isSmallOrderKey(fromHex('ec'.padEnd(62, 'f') + '7f'))).toBe(true);
    expect(isSmallOrderKey(fromHex('eb'.padEnd(62, 'f') + '7f'))).toBe(false);
    expect(isSmallOrderKey(new Uint8Array(31))).toBe(false);
  });
});
