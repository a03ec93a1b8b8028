/** How many characters of a token the page and its routes show: enough to tell tokens apart. */
const SHOWN = 8;

/**
 * The start of a notification token, never the whole: at most 8 characters and at most half of it,
 * so a short made-up token is not shown in full either. A token is a bearer credential (whoever holds
 * it can notify the user), so what the page lists is this prefix, as the request log masks a secret
 * header to its first characters (delivery/mask-headers.ts).
 */
export function tokenPrefix(token: string): string {
  return token.slice(0, Math.min(SHOWN, Math.floor(token.length / 2)));
}
