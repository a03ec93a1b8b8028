import { refusal, type Stop } from '../../result.js';

/** The header Neynar signs its deliveries in: the hex HMAC-SHA512 of the body's bytes. */
export const NEYNAR_SIGNATURE_HEADER = 'x-neynar-signature';

/** HMAC-SHA512 is 64 bytes, 128 hex digits. */
const SIGNATURE_BYTES = 64;
const LOWER_HEX = /^[0-9a-f]+$/;
const ANY_HEX = /^[0-9a-fA-F]+$/;

const malformed = (why: string): Stop => refusal('signature_malformed', `The x-neynar-signature header ${why}`);
const SEVERAL = malformed(
  'was sent more than once (the values arrive joined with ", "). Neynar sends one; a proxy that adds its own copy is the usual cause.',
);
const WRONG_LENGTH = malformed('must be 128 hex digits, the HMAC-SHA512 of the body.');
const UPPER_CASE = malformed('must be lower-case hex, as Neynar sends it; something on the way changed its case.');
const NOT_HEX = malformed('must be hex digits (0-9, a-f).');

/**
 * Reads the signature header into the 64 bytes it names, or refuses it (docs/contract.md §Senders,
 * Neynar): 401 `signature_malformed` for several headers, a wrong length, upper case or anything
 * but hex. The message says which, never the value.
 */
export function parseSignature(value: string): Uint8Array | Stop {
  if (value.includes(',')) return SEVERAL;
  if (value.length !== SIGNATURE_BYTES * 2) return WRONG_LENGTH;
  if (!LOWER_HEX.test(value)) return ANY_HEX.test(value) ? UPPER_CASE : NOT_HEX;
  const bytes = new Uint8Array(SIGNATURE_BYTES);
  for (let index = 0; index < SIGNATURE_BYTES; index++) bytes[index] = parseInt(value.slice(index * 2, index * 2 + 2), 16);
  return bytes;
}

/** Whether two 64-byte digests are equal, in time that does not depend on where they differ. */
export function sameDigest(expected: Uint8Array, actual: Uint8Array): boolean {
  let diff = expected.length ^ actual.length;
  for (let index = 0; index < SIGNATURE_BYTES; index++) diff |= (expected[index] ?? 0) ^ (actual[index] ?? 0);
  return diff === 0;
}
