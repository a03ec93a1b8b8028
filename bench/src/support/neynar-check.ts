import { createHmac } from 'node:crypto';
import { BENCH_SECRET } from './payloads.js';

/** Neynar's documented check, as its docs write it: the HMAC-SHA512 of the body's text in hex, compared with `!==`. */
export function signedByNeynar(text: string, signature: string | null | undefined): boolean {
  return createHmac('sha512', BENCH_SECRET).update(text).digest('hex') === signature;
}
