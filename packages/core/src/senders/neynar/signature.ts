import { hexByteAt } from '../../hex.js';
import { refusal, type Stop } from '../../result.js';

/** The header Neynar signs its deliveries in: the hex HMAC-SHA512 of the body's bytes. */
export const NEYNAR_SIGNATURE_HEADER = 'x-neynar-signature';

/** HMAC-SHA512 is 64 bytes, 128 hex digits. */
const SIGNATURE_BYTES = 64;
/** The `signature_malformed` refusals of one signature header, naming it; built once per receiver. */
export interface MalformedRefusals {
  readonly several: Stop;
  readonly wrongLength: Stop;
  readonly upperCase: Stop;
  readonly notHex: Stop;
}

/** Builds the `signature_malformed` refusals for the header `header` (Hypersnap's is `x-hypersnap-signature`). */
export function malformedRefusals(header: string): MalformedRefusals {
  const malformed = (why: string): Stop => refusal('signature_malformed', `The ${header} header ${why}`);
  return {
    several: malformed(
      'was sent more than once (the values arrive joined with ", "). Neynar sends one; a proxy that adds its own copy is the usual cause.',
    ),
    wrongLength: malformed('must be 128 hex digits, the HMAC-SHA512 of the body.'),
    upperCase: malformed('must be lower-case hex, as Neynar sends it; something on the way changed its case.'),
    notHex: malformed('must be hex digits (0-9, a-f).'),
  };
}

const NEYNAR_MALFORMED = /* @__PURE__ */ malformedRefusals(NEYNAR_SIGNATURE_HEADER);

/**
 * Reads the signature header into the 64 bytes it names, or refuses it (docs/contract.md §Senders,
 * Neynar): 401 `signature_malformed` for several headers, a wrong length, upper case or anything
 * but hex. The message says which, never the value. One pass over the digits, no regular
 * expression nor a string per byte: two regular expressions and 64 `parseInt`s were 6% of a
 * delivery's CPU time on Bun (a wrk profile of the Web handler).
 */
export function parseSignature(value: string, refusals: MalformedRefusals = NEYNAR_MALFORMED): Uint8Array | Stop {
  if (value.includes(',')) return refusals.several;
  if (value.length !== SIGNATURE_BYTES * 2) return refusals.wrongLength;
  const bytes = new Uint8Array(SIGNATURE_BYTES);
  let upperCase = false;
  for (let index = 0; index < SIGNATURE_BYTES; index++) {
    const high = hexDigit(value.charCodeAt(index * 2));
    const low = hexDigit(value.charCodeAt(index * 2 + 1));
    if (high < 0 || low < 0) return refusals.notHex;
    upperCase ||= high >= UPPER || low >= UPPER;
    bytes[index] = ((high & 15) << 4) | (low & 15);
  }
  return upperCase ? refusals.upperCase : bytes;
}

/** Marks a digit written `A`-`F`: its value plus 16. */
const UPPER = 16;

/** A hex digit's value (`A`-`F` as 26-31, {@link UPPER} added), or -1. */
function hexDigit(code: number): number {
  if (code >= 48 && code <= 57) return code - 48; // 0-9
  if (code >= 97 && code <= 102) return code - 87; // a-f
  if (code >= 65 && code <= 70) return code - 65 + 10 + UPPER; // A-F
  return -1;
}

/**
 * Whether a computed digest (its 64 bytes, or their 128 lower-case hex digits) equals the 64 bytes
 * `actual`, in time that does not depend on where they differ, nor on which digits are letters.
 */
export function sameDigest(expected: Uint8Array | string, actual: Uint8Array): boolean {
  if (typeof expected === 'string') {
    let diff = (expected.length ^ (SIGNATURE_BYTES * 2)) | (actual.length ^ SIGNATURE_BYTES);
    for (let index = 0; index < SIGNATURE_BYTES; index++) {
      diff |= hexByteAt(expected, index * 2) ^ (actual[index] ?? 0);
    }
    return diff === 0;
  }
  let diff = expected.length ^ actual.length;
  for (let index = 0; index < SIGNATURE_BYTES; index++) diff |= (expected[index] ?? 0) ^ (actual[index] ?? 0);
  return diff === 0;
}
