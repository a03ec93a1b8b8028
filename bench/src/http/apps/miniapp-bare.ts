import { createPublicKey, verify, type KeyObject } from 'node:crypto';

// An Ed25519 public key's SubjectPublicKeyInfo: this prefix, then the 32 raw bytes (RFC 8410 §4).
const SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');
const keys = new Map<string, KeyObject>();

/**
 * The least a route can do with a Mini App event and still know who signed it: the JSON Farcaster
 * Signature's header decoded for its key, Ed25519 over `header.payload` with `node:crypto` (the
 * fastest primitive on Node, Bun and Deno; each key imported once), the payload decoded and parsed.
 * No key lookup, no validation of the header or the event: strictly less than any receiver does.
 * Returns the payload, or `undefined` when the signature does not verify; throws on a body it cannot read.
 */
export function readSignedPayload(body: unknown): unknown {
  const { header, payload, signature } = body as { header: string; payload: string; signature: string };
  const { key: hex } = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { key: string };
  let key = keys.get(hex);
  if (key === undefined) {
    key = createPublicKey({ key: Buffer.concat([SPKI_PREFIX, Buffer.from(hex.slice(2), 'hex')]), format: 'der', type: 'spki' });
    keys.set(hex, key);
  }
  if (!verify(null, Buffer.from(`${header}.${payload}`), key, Buffer.from(signature, 'base64url'))) return undefined;
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
}
