// Each character's 6-bit value, -1 for a character outside both alphabets. base64url (RFC 4648 §5:
// `-`, `_`) is what a JSON Farcaster Signature uses; base64 (§4: `+`, `/`) is read too, in one
// string or mixed, because the reference (`@farcaster/miniapp-node`) decodes with Node's Buffer,
// which reads both; a hub's signer metadata is base64.
const VALUES = /* @__PURE__ */ buildValues();

function buildValues(): Int8Array {
  const values = new Int8Array(128).fill(-1);
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  for (let index = 0; index < alphabet.length; index++) values[alphabet.charCodeAt(index)] = index;
  values[0x2d] = values[0x2b] = 62; // - and +
  values[0x5f] = values[0x2f] = 63; // _ and /
  return values;
}

/**
 * Decodes base64url or base64 without Buffer (the core runs on Workers, Deno and Bun too), or
 * answers `undefined` for text that is not base64. Read: either alphabet, padding or none (up to two
 * `=` at the end), and bits past the last whole byte, which are ignored (as Buffer and `atob` do).
 * Refused, where Buffer would skip them and decode the rest: any other character (whitespace
 * included), a `=` before the end, and a length that leaves one character over (6 bits, no byte).
 * No encoder writes those; what the signature covers is the text, so none of it could be a forgery.
 */
export function decodeBase64(text: string): Uint8Array<ArrayBuffer> | undefined {
  const length = base64Length(text);
  if (length < 0) return undefined;
  const bytes = new Uint8Array(length);
  return decodeBase64Into(text, bytes, 0) ? bytes : undefined;
}

/**
 * How many bytes `text` decodes to, or -1 for a length no base64 has (one character over a whole
 * group of four, after up to two `=`): what to allocate before {@link decodeBase64Into}. Several
 * strings decoded into one allocation cost one: on V8 (Node, Deno) a typed array of more than 64
 * bytes is allocated off the heap, 1.7-2.1 µs each (bench/src/in-process/base64-allocation.ts).
 */
export function base64Length(text: string): number {
  const end = unpaddedEnd(text);
  const remainder = end % 4;
  if (remainder === 1) return -1;
  return ((end - remainder) / 4) * 3 + (remainder === 0 ? 0 : remainder - 1);
}

/**
 * Decodes `text` into `target` from `at`, which has room for {@link base64Length} bytes; `false`
 * for a character that is not base64 (see {@link decodeBase64}), with `target` partly written.
 */
export function decodeBase64Into(text: string, target: Uint8Array, at: number): boolean {
  const end = unpaddedEnd(text);
  let buffer = 0;
  let bits = 0;
  let written = at;
  for (let index = 0; index < end; index++) {
    const code = text.charCodeAt(index);
    const value = code < 128 ? VALUES[code]! : -1;
    if (value < 0) return false;
    buffer = ((buffer << 6) | value) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      target[written++] = (buffer >> bits) & 0xff;
    }
  }
  return true;
}

/** The length of `text` without up to two `=` at its end. */
function unpaddedEnd(text: string): number {
  let end = text.length;
  if (end > 0 && text.charCodeAt(end - 1) === 0x3d) end--;
  if (end > 0 && text.charCodeAt(end - 1) === 0x3d) end--;
  return end;
}
