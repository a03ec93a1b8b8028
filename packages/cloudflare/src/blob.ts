// A BLOB on its way to and from the storage. D1 binds an ArrayBuffer as a BLOB; a request to
// the Durable Object is JSON, so its statements carry a BLOB as { "$blob": "<hex>" }, which the
// object binds as an ArrayBuffer. Either way a BLOB is read back as SQLite's hex(column): D1 answers
// a BLOB as an array of numbers and the object's JSON reply could not carry an ArrayBuffer.

const DIGITS = '0123456789abcdef';

/** Hex of bytes (lower-case). */
export function bytesToHex(bytes: Uint8Array): string {
  let hex = '';
  for (const byte of bytes) hex += DIGITS[byte >> 4]! + DIGITS[byte & 0xf]!;
  return hex;
}

/** The bytes of hex (either case), as SQLite's hex() writes it. */
export function hexToBytes(hex: string): Uint8Array {
  if (hex.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(hex)) {
    throw new Error('@social-webhooks/cloudflare: the storage answered a BLOB that is not hex; was the table written by this package?');
  }
  const bytes = new Uint8Array(hex.length / 2);
  for (let index = 0; index < bytes.length; index++) bytes[index] = Number.parseInt(hex.slice(2 * index, 2 * index + 2), 16);
  return bytes;
}

/** A statement's parameter as the Durable Object's JSON carries it: a BLOB as { $blob: hex }. */
export function blobToJson(_key: string, value: unknown): unknown {
  return value instanceof Uint8Array ? { $blob: bytesToHex(value) } : value;
}

/** A parameter read from the object's JSON: { $blob: hex } as an ArrayBuffer, anything else as it is. */
export function jsonToBinding(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const hex = (value as { $blob?: unknown }).$blob;
  if (typeof hex !== 'string') return value;
  const bytes = hexToBytes(hex);
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
}
