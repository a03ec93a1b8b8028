/** What stands in for a masked value. */
export const MASK = '[masked]';

// Field names whose value is a credential: a notification token (`notificationDetails.token`), a
// secret, a signature, an API key, a password, a session.
const SECRET_NAME = /token|secret|signature|password|passwd|api[-_]?key|authorization|cookie|session|credential|private/i;
// A header that carries the founding service's shared secret as its value (`x-airstack-webhook`) is
// masked by its name too; the archive should never keep one, and the page never shows one if it did.
const SECRET_HEADER = /token|secret|signature|authorization|cookie|api[-_]?key|webhook/i;
const BASE64URL = /^[A-Za-z0-9_-]{16,}={0,2}$/;

/** A header's value as the page shows it. */
export function shownHeader(name: string, value: string): string {
  return SECRET_HEADER.test(name) ? MASK : value;
}

/**
 * A body as the page shows it: the JSON with every credential-named field masked at any depth, and
 * a base64url string that holds JSON (a JSON Farcaster Signature's `header` and `payload`, where the
 * Mini App event's notification token is) decoded and masked the same way, so the encoded form of a
 * token is never shown either. A body that is not JSON is described by its length only.
 */
export function shownBody(body: Uint8Array): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(body));
  } catch {
    return `(${body.byteLength} bytes, not JSON: not shown)`;
  }
  return JSON.stringify(masked(parsed), null, 2);
}

function masked(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(masked);
  if (typeof value === 'string') return decoded(value);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([key, field]) => [key, SECRET_NAME.test(key) ? MASK : masked(field)]));
}

function decoded(text: string): unknown {
  if (!BASE64URL.test(text)) return text;
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, ''));
    const json: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0))));
    if (typeof json !== 'object' || json === null) return text;
    return { 'decoded from base64url': masked(json) };
  } catch {
    return text;
  }
}
