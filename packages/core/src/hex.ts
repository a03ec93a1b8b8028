/** Lower-case hex of bytes: a digest as headers and keys carry it. */
export function toHex(bytes: Uint8Array): string {
  let hex = '';
  for (const byte of bytes) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

/**
 * The value of a hex digit already known to be one (`0`-`9`, `a`-`f`, `A`-`F`), without a branch,
 * so reading a secret's digits takes the same time whichever they are: digits are 0x30-0x39, letters
 * 0x41-0x46 or 0x61-0x66 (bit 6 set, low nibble 1-6).
 */
export function hexDigitValue(code: number): number {
  return (code & 0xf) + 9 * ((code >> 6) & 1);
}

/** The byte written by the two hex digits of `text` at `index` and `index + 1`, read as {@link hexDigitValue} reads them. */
export function hexByteAt(text: string, index: number): number {
  return (hexDigitValue(text.charCodeAt(index)) << 4) | hexDigitValue(text.charCodeAt(index + 1));
}
