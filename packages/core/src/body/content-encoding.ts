/**
 * Whether a `content-encoding` leaves the body as it is: absent, empty, or `identity` (RFC 9110
 * §8.4). The service sends its JSON uncompressed; a compressed body is refused with 415 rather than
 * inflated, so a small request can never expand into a large one in memory (RFC 9110 §15.5.16
 * names 415 for a content coding the server does not accept).
 */
export function isIdentityEncoding(contentEncoding: string | null | undefined): boolean {
  if (contentEncoding === null || contentEncoding === undefined || contentEncoding === '') return true;
  return contentEncoding.trim().toLowerCase() === 'identity';
}
