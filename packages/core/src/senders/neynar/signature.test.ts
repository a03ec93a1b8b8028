import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseSignature, sameDigest } from './signature.js';

const hex = createHmac('sha512', 'secret').update('{}').digest('hex');

describe('parseSignature', () => {
  it('reads 128 lower-case hex digits into the 64 bytes they name', () => {
    expect(Buffer.from(parseSignature(hex) as Uint8Array).toString('hex')).toBe(hex);
  });

  it.each([
    ['one digit short', hex.slice(1), /128 hex digits/],
    ['one digit long', `${hex}0`, /128 hex digits/],
    ['upper case', hex.toUpperCase(), /lower-case hex/],
    ['not hex', `${hex.slice(0, 127)}g`, /hex digits \(0-9, a-f\)/],
    ['sent twice', `${hex.slice(0, 62)}, ${hex.slice(0, 64)}`, /more than once/],
    ['empty', '', /128 hex digits/],
  ])('refuses a signature %s with signature_malformed and says why', (_name, value, message) => {
    const result = parseSignature(value);
    expect(result).not.toBeInstanceOf(Uint8Array);
    const { answer } = result as { answer: { status: number; code: string; body: string } };
    expect(answer.status).toBe(401);
    expect(answer.code).toBe('signature_malformed');
    expect(answer.body).toMatch(message);
    expect(answer.body).not.toContain(value.slice(0, 20) || '\u0000');
  });
});

describe('sameDigest', () => {
  it('is true for equal digests only', () => {
    const digest = parseSignature(hex) as Uint8Array;
    const other = digest.slice();
    other[63] = other[63]! ^ 1;
    expect(sameDigest(digest, digest.slice())).toBe(true);
    expect(sameDigest(digest, other)).toBe(false);
    expect(sameDigest(digest, digest.subarray(0, 32))).toBe(false);
  });
});
