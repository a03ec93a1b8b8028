import { createHmac } from 'node:crypto';
import fc from 'fast-check';
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

/** What each kind of header value must come to: its bytes, or the reason it is refused. */
function expected(value: string): string {
  if (value.includes(',')) return 'more than once';
  if (value.length !== 128) return '128 hex digits';
  if (!/^[0-9a-fA-F]+$/.test(value)) return 'hex digits (0-9, a-f)';
  if (!/^[0-9a-f]+$/.test(value)) return 'lower-case hex';
  return value;
}

describe('parseSignature, on any value', () => {
  it('reads what is lower-case hex and refuses the rest with the reason a reader would give', () => {
    const digit = fc.constantFrom(...'0123456789abcdefABCDEFgG, :/\u00e9'.split(''));
    const value = fc.oneof(
      fc.array(digit, { minLength: 128, maxLength: 128 }).map((digits) => digits.join('')),
      fc.array(fc.constantFrom(...'0123456789abcdef'.split('')), { minLength: 128, maxLength: 128 }).map((digits) => digits.join('')),
      fc.string({ maxLength: 140 }),
    );
    fc.assert(
      fc.property(value, (input) => {
        const result = parseSignature(input);
        const want = expected(input);
        if (result instanceof Uint8Array) expect(Buffer.from(result).toString('hex')).toBe(want);
        else expect(JSON.parse(result.answer.body).message).toContain(want);
      }),
      { numRuns: 3000 },
    );
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

  it('reads a digest given as hex digits as its bytes, for every byte value', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 64, maxLength: 64 }), fc.nat(63), (bytes, flipped) => {
        const digits = Buffer.from(bytes).toString('hex');
        expect(sameDigest(digits, bytes)).toBe(true);
        const other = bytes.slice();
        other[flipped] = other[flipped]! ^ 1;
        expect(sameDigest(digits, other)).toBe(false);
        expect(sameDigest(digits.slice(0, 126), bytes)).toBe(false);
      }),
    );
  });
});
