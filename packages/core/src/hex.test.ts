import { describe, expect, it } from 'vitest';
import { hexDigitValue, toHex } from './hex.js';

describe('hexDigitValue', () => {
  it('reads every hex digit, lower and upper case, as parseInt does', () => {
    for (const digit of '0123456789abcdefABCDEF') expect(hexDigitValue(digit.charCodeAt(0))).toBe(Number.parseInt(digit, 16));
  });

  it('reads back what toHex writes', () => {
    const bytes = Uint8Array.from({ length: 256 }, (_, index) => index);
    const hex = toHex(bytes);
    const read = Uint8Array.from(
      bytes,
      (_, index) => (hexDigitValue(hex.charCodeAt(2 * index)) << 4) | hexDigitValue(hex.charCodeAt(2 * index + 1)),
    );
    expect(read).toEqual(bytes);
  });
});
