import { decodeUtf8, isJsonObject, type JsonObject } from '../../body/parse-body.js';
import { hexByteAt } from '../../hex.js';
import { proceed, refusal, type Step } from '../../result.js';
import { base64Length, decodeBase64Into } from './base64.js';

/** A JSON Farcaster Signature, decoded and checked for form; its signature not yet verified. */
export interface SignedBody {
  /** The user's FID, from the signature's header. */
  readonly fid: number;
  /** The signing key as the header spells it: `0x` and 64 hex digits. */
  readonly appKey: string;
  /** The key's 32 bytes. */
  readonly publicKey: Uint8Array<ArrayBuffer>;
  /** The 64-byte Ed25519 signature. */
  readonly signature: Uint8Array<ArrayBuffer>;
  /** What was signed: the UTF-8 bytes of `header + "." + payload` as they arrived. */
  readonly signedInput: Uint8Array<ArrayBuffer>;
  /** The payload's decoded bytes (JSON, read only once the signature and the key hold). */
  readonly payload: Uint8Array<ArrayBuffer>;
}

const KEY_HEX = /^0x[0-9a-fA-F]{64}$/;
// Static messages, built once: none quotes the delivery.
const NOT_SIGNED = /* @__PURE__ */ refusal(
  'invalid_signed_body',
  'The body must be a JSON Farcaster Signature: an object with the base64url strings header, payload and signature.',
);
const NOT_BASE64 = {
  header: /* @__PURE__ */ refusal('invalid_signed_body', 'The signature header is not base64url.'),
  payload: /* @__PURE__ */ refusal('invalid_signed_body', 'The signed payload is not base64url.'),
  signature: /* @__PURE__ */ refusal('invalid_signed_body', 'The signature is not base64url.'),
} as const;
const BAD_HEADER = /* @__PURE__ */ refusal(
  'invalid_signed_body',
  'The signature header must decode to JSON { "fid": <a positive whole number>, "type": "app_key", "key": "0x<64 hex digits>" }.',
);
const BAD_LENGTH = /* @__PURE__ */ refusal('invalid_signed_body', 'The signature must decode to 64 bytes (an Ed25519 signature).');

/**
 * Reads a JSON Farcaster Signature from a parsed body (docs/contract.md §Senders, Mini App events;
 * the order of `verifyJsonFarcasterSignature` in `@farcaster/miniapp-node` 0.2.0), and decides 400
 * `invalid_signed_body` for a body that is not `{ header, payload, signature }` of base64url
 * strings, a header that is not `{ fid, type: "app_key", key }`, or a signature that is not 64
 * bytes. Nothing is verified here: this is the form, checked before any cryptography or network
 * call is spent on the delivery.
 *
 * Stricter than the reference where it would go on to a failed verification, an odd lookup, or a
 * guess: the key must be exactly 32 bytes of hex (it decodes `0x…` leniently), the FID a positive
 * whole number (it takes any number), the header UTF-8, and the three strings base64 by the rules
 * of `decodeBase64` (Buffer skips characters outside the alphabet; no encoder writes them).
 */
export function readSignedBody(body: JsonObject): Step<SignedBody> {
  const { header, payload, signature } = body;
  if (typeof header !== 'string' || typeof payload !== 'string' || typeof signature !== 'string') return NOT_SIGNED;
  // One allocation holds the three decoded strings and the signed input (V8 allocates each typed
  // array of more than 64 bytes off its heap: the four cost 5.2-6.4 µs of a delivery on Node and Deno,
  // bench/src/in-process/base64-allocation.ts).
  const headerLength = base64Length(header);
  if (headerLength < 0) return NOT_BASE64.header;
  const payloadLength = base64Length(payload);
  if (payloadLength < 0) return NOT_BASE64.payload;
  const signatureLength = base64Length(signature);
  if (signatureLength < 0) return NOT_BASE64.signature;
  const inputLength = header.length + 1 + payload.length;
  const all = new Uint8Array(headerLength + payloadLength + signatureLength + inputLength);
  const headerBytes = all.subarray(0, headerLength);
  const payloadBytes = all.subarray(headerLength, headerLength + payloadLength);
  const signatureBytes = all.subarray(headerLength + payloadLength, headerLength + payloadLength + signatureLength);
  if (!decodeBase64Into(header, headerBytes, 0)) return NOT_BASE64.header;
  if (!decodeBase64Into(payload, payloadBytes, 0)) return NOT_BASE64.payload;
  if (!decodeBase64Into(signature, signatureBytes, 0)) return NOT_BASE64.signature;
  const claims = readHeader(headerBytes);
  if (claims === undefined) return BAD_HEADER;
  if (signatureLength !== 64) return BAD_LENGTH;
  return proceed({
    fid: claims.fid,
    appKey: claims.key,
    publicKey: hexBytes(claims.key),
    signature: signatureBytes,
    signedInput: writeSignedInput(all.subarray(all.length - inputLength), header, payload),
    payload: payloadBytes,
  });
}

/**
 * The UTF-8 bytes of `header + "." + payload`, written into `target`: both are base64, which
 * `decodeBase64Into` took, so every character is ASCII, its own byte. JSON.parse has undone any
 * escapes: these are the strings the signer encoded.
 */
function writeSignedInput(target: Uint8Array<ArrayBuffer>, header: string, payload: string): Uint8Array<ArrayBuffer> {
  for (let index = 0; index < header.length; index++) target[index] = header.charCodeAt(index);
  target[header.length] = 0x2e; // .
  const offset = header.length + 1;
  for (let index = 0; index < payload.length; index++) target[offset + index] = payload.charCodeAt(index);
  return target;
}

function readHeader(bytes: Uint8Array): { fid: number; key: string } | undefined {
  let value: unknown;
  try {
    value = JSON.parse(decodeUtf8(bytes));
  } catch {
    return undefined;
  }
  if (!isJsonObject(value)) return undefined;
  const { fid, type, key } = value;
  if (typeof fid !== 'number' || !Number.isSafeInteger(fid) || fid < 1) return undefined;
  if (type !== 'app_key' || typeof key !== 'string' || !KEY_HEX.test(key)) return undefined;
  return { fid, key };
}

/** The bytes of `0x` and hex digits that `KEY_HEX` already matched. */
function hexBytes(hex: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array((hex.length - 2) / 2);
  for (let index = 0; index < bytes.length; index++) bytes[index] = hexByteAt(hex, 2 + 2 * index);
  return bytes;
}
