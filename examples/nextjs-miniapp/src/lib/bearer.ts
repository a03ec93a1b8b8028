import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Whether the request carries `Authorization: Bearer <secret>`, compared in constant time: both
 * sides are hashed first, so neither the comparison's time nor its length check says how much of a
 * guess was right. `false` when the secret is not set, so a route without its secret opens to nobody.
 */
export function hasBearer(request: Request, secret: string | undefined): boolean {
  if (secret === undefined || secret === '') return false;
  const given = request.headers.get('authorization') ?? '';
  return timingSafeEqual(digest(given), digest(`Bearer ${secret}`));
}

const digest = (text: string) => createHash('sha256').update(text).digest();
