import { describe, expect, it } from 'vitest';
import { hexByteAt, hexDigitValue, toHex } from './hex.js';

describe('hexDigitValue', () => {
  it('reads every hex digit, lower and upper case, as parseInt does', () => {
    for (const digit of '0123456789abcdefABCDEF') expect(hexDigitValue(digit.charCodeAt(0))).toBe(Number.parseInt(digit, 16));
  });

  it('reads back what toHex writes, a byte at a time (hexByteAt), upper case too', () => {
    const bytes = Uint8Array.from({ length: 256 }, (_, index) => index);
    const hex = toHex(bytes);
    expect(Uint8Array.from(bytes, (_, index) => hexByteAt(hex, 2 * index))).toEqual(bytes);
    expect(Uint8Array.from(bytes, (_, index) => hexByteAt(hex.toUpperCase(), 2 * index))).toEqual(bytes);
  });
});
