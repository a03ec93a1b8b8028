import { randomBytes } from 'node:crypto';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * A webhook id shaped like the service's (26 Crockford base32 characters, time first, as a ULID):
 * 48 bits of milliseconds, then 80 random bits from the CSPRNG.
 */
export function newWebhookId(now = Date.now()): string {
  let time = '';
  for (let rest = now, i = 0; i < 10; i++, rest = Math.floor(rest / 32)) time = CROCKFORD[rest % 32]! + time;
  const random = randomBytes(16);
  let tail = '';
  for (let i = 0; i < 16; i++) tail += CROCKFORD[random[i]! % 32]!;
  return time + tail;
}

/**
 * A header value: `length` characters drawn uniformly from [A-Za-z0-9] with the CSPRNG (rejection
 * sampling, so no character is likelier than another). The service hands out 16.
 */
export function newHeaderValue(length = 24): string {
  let value = '';
  while (value.length < length) {
    for (const byte of randomBytes(length * 2)) {
      // 248 = 62 * 4: bytes above it would favour the first characters.
      if (byte < 248 && value.length < length) value += ALPHANUMERIC[byte % 62]!;
    }
  }
  return value;
}
