import { describe, expect, it } from 'vitest';
import { encodeSignedKeyRequest } from './encode-signed-key-request.js';
import { decodeRequestFid } from './signed-key-request.js';

describe('decodeRequestFid', () => {
  it.each([[9152n], [1n], [0n], [BigInt(Number.MAX_SAFE_INTEGER)]])('reads requestFid %s', (fid) => {
    expect(decodeRequestFid(encodeSignedKeyRequest(fid))).toBe(Number(fid));
  });

  it('reads a signature of any length, an empty one included', () => {
    expect(decodeRequestFid(encodeSignedKeyRequest(3n, new Uint8Array(0)))).toBe(3);
    expect(decodeRequestFid(encodeSignedKeyRequest(3n, new Uint8Array(200)))).toBe(3);
  });

  it.each([
    ['no bytes', new Uint8Array(0)],
    ['a head cut short', encodeSignedKeyRequest(3n).slice(0, 100)],
    ['a signature cut short', encodeSignedKeyRequest(3n).slice(0, 6 * 32 + 10)],
    [
      'an outer offset past the end',
      (() => {
        const bytes = encodeSignedKeyRequest(3n);
        bytes[31] = 0xff;
        bytes[30] = 0xff;
        return bytes;
      })(),
    ],
  ])('throws on %s', (_name, bytes) => {
    expect(() => decodeRequestFid(bytes)).toThrow(/signer metadata/);
  });

  it('throws on a FID a number cannot hold exactly', () => {
    expect(() => decodeRequestFid(encodeSignedKeyRequest(2n ** 53n))).toThrow(/2\^53/);
  });
});
