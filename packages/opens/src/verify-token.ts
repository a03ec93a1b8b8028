import { createRemoteJWKSet, jwtVerify } from 'jose';

/**
 * Verifies a Quick Auth token for a domain and answers its claims: the shape of `verifyJwt` of a
 * `@farcaster/quick-auth` client, `createClient({ origin? }).verifyJwt`. It rejects for a token that
 * is not valid (quick-auth's `InvalidTokenError`, or jose's errors for a bad signature or format),
 * and otherwise when the key set could not be fetched.
 */
export type VerifyQuickAuthToken = (options: {
  token: string;
  domain: string;
}) => Promise<{ readonly sub: unknown; readonly aud?: unknown }>;

/** The variable that points the default verification at another Quick Auth server (a local one, on your machine). */
export const QUICK_AUTH_URL_ENV = 'SOCIAL_WEBHOOKS_QUICK_AUTH_URL';

/** Quick Auth's server, whose key set (`/.well-known/jwks.json`) signs its tokens and whose origin is their `iss`. */
export const QUICK_AUTH_ORIGIN = 'https://auth.farcaster.xyz';

/** Key sets by URL: jose fetches one once and keeps it, refetching for a key it does not know. */
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

/**
 * Quick Auth's verification, as `createClient({ origin }).verifyJwt` of `@farcaster/quick-auth` does
 * it, on the same `jose` calls: the token's signature against the key set of auth.farcaster.xyz
 * (`/.well-known/jwks.json`, fetched once and kept), its `iss` that origin and its `aud` the app's
 * domain; or the key set of `SOCIAL_WEBHOOKS_QUICK_AUTH_URL` where the runtime has `process.env` and
 * it is set (a Quick Auth issuer on your machine). Done here rather than through quick-auth, whose
 * package requires TypeScript 5.8.3 exactly as a peer: installed beside another TypeScript, npm
 * refuses it (ERESOLVE). The tests check that quick-auth's own `verifyJwt` agrees.
 */
export function quickAuthVerify(origin: string = readOriginEnv() ?? QUICK_AUTH_ORIGIN): VerifyQuickAuthToken {
  const url = `${origin}/.well-known/jwks.json`;
  let keys = keySets.get(url);
  if (keys === undefined) keySets.set(url, (keys = createRemoteJWKSet(new URL(url))));
  const keySet = keys;
  return async ({ token, domain }) => {
    const { payload } = await jwtVerify(token, keySet, { issuer: origin, audience: domain });
    return { ...payload, sub: payload.sub };
  };
}

function readOriginEnv(): string | undefined {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
  const value = env?.[QUICK_AUTH_URL_ENV]?.trim().replace(/\/+$/, '');
  return value === undefined || value === '' ? undefined : value;
}

// What jose (this verification's, and quick-auth's) throws for a token that is bad in itself, by its stable
// `code`: the token is refused (401). Any other failure, the key set's fetch above all
// (ERR_JWKS_TIMEOUT, ERR_JWKS_INVALID, a network error, a non-200 answer), leaves the token
// unjudged, and the receiver fails closed with 503.
const TOKEN_ERRORS = new Set([
  'ERR_JWT_INVALID',
  'ERR_JWT_EXPIRED',
  'ERR_JWT_CLAIM_VALIDATION_FAILED',
  'ERR_JWS_INVALID',
  'ERR_JWS_SIGNATURE_VERIFICATION_FAILED',
  'ERR_JWKS_NO_MATCHING_KEY',
  'ERR_JOSE_ALG_NOT_ALLOWED',
  'ERR_JOSE_NOT_SUPPORTED',
]);

/** Whether a verification's rejection says the token is bad (401), rather than that it could not be checked (503). */
export function isTokenRefusal(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  // quick-auth's InvalidTokenError (its name is 'InvalidToken'), when `verify` is its verifyJwt:
  // an expired token or a wrong audience or issuer.
  if (error.name === 'InvalidToken') return true;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && TOKEN_ERRORS.has(code);
}
