import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeBase64 } from './base64.js';

const hex = (bytes: Uint8Array | undefined) => (bytes === undefined ? undefined : Buffer.from(bytes).toString('hex'));

describe('decodeBase64', () => {
  it.each([
    ['', ''],
    ['aGVsbG8', '68656c6c6f'],
    ['aGVsbG8=', '68656c6c6f'],
    ['aGVsbG8==', '68656c6c6f'],
    ['-_-_', 'fbffbf'],
    ['+/+/', 'fbffbf'],
    ['-/+_', 'fbffbf'],
    // Bits past the last whole byte are ignored, as Buffer and atob ignore them.
    ['aR', '69'],
    ['aGVsbG9', '68656c6c6f'],
  ])('reads %j as Buffer does', (text, expected) => {
    expect(hex(decodeBase64(text))).toBe(expected);
    expect(Buffer.from(text, 'base64url').toString('hex')).toBe(expected);
  });

  it.each([
    ['a', 'a length that leaves 6 bits'],
    ['aGVs bG8', 'a space'],
    ['aGVs\nbG8', 'a newline'],
    ['aGVs!bG8', 'a character of neither alphabet'],
    ['aG=Vs', 'padding before the end'],
    ['aGVsbG8===', 'three padding characters'],
    ['aGVsbG8=xx', 'characters after the padding'],
    ['aGVsbG\u00e98', 'a character past ASCII'],
  ])('refuses %j (%s), which Buffer would read by skipping', (text) => {
    expect(decodeBase64(text)).toBeUndefined();
  });

  it("decodes every encoding Buffer writes, in both alphabets, padded or not, to Buffer's bytes", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
        const buffer = Buffer.from(bytes);
        for (const text of [buffer.toString('base64url'), buffer.toString('base64'), buffer.toString('base64').replace(/=+$/, '')]) {
          expect(hex(decodeBase64(text))).toBe(buffer.toString('hex'));
        }
      }),
    );
  });

  it('reads nothing Buffer would read otherwise: whatever it decodes, Buffer decodes to the same bytes', () => {
    const base64ish = fc.string({ unit: fc.constantFrom(...'AQgw-_+/=a9 !'.split('')), maxLength: 40 });
    fc.assert(
      fc.property(fc.oneof(base64ish, fc.string({ maxLength: 40 })), (text) => {
        const ours = decodeBase64(text);
        if (ours !== undefined) expect(hex(ours)).toBe(Buffer.from(text, 'base64url').toString('hex'));
      }),
    );
  });
});
