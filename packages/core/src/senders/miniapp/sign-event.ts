import { toHex } from '../../hex.js';

/** A JSON Farcaster Signature as a Farcaster client sends it: three base64url strings. */
export interface JsonFarcasterSignature {
  readonly header: string;
  readonly payload: string;
  readonly signature: string;
}

/** An app key for tests: signs Mini App events as a Farcaster client would. */
export interface MiniAppTestSigner {
  /** The public key as a JFS header names it: `0x` and 64 lower-case hex digits. */
  readonly appKey: string;
  /** Signs `payload` (serialised as JSON) as the user `fid`: the body a client POSTs. */
  sign(fid: number, payload: unknown): Promise<JsonFarcasterSignature>;
  /** Signs `header + "." + payload` as given, for bodies altered on purpose; the signature's bytes. */
  signEncoded(header: string, payload: string): Promise<Uint8Array>;
}

const ED25519 = { name: 'Ed25519' } as const;
const encoder = /* @__PURE__ */ new TextEncoder();

/**
 * A fresh Ed25519 app key that signs Mini App events the way `createJsonFarcasterSignature` of
 * `@farcaster/miniapp-node` does (header `{ fid, type: "app_key", key }`, base64url without padding),
 * with Web Crypto, so it runs wherever the core does. For tests: pair it with a `verifyAppKey` that
 * knows `appKey`.
 *
 * @example
 * const signer = await createMiniAppTestSigner();
 * const body = JSON.stringify(await signer.sign(3, { event: 'miniapp_removed' }));
 */
export async function createMiniAppTestSigner(): Promise<MiniAppTestSigner> {
  const pair = (await crypto.subtle.generateKey(ED25519, true, ['sign', 'verify'])) as CryptoKeyPair;
  const publicKey = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey));
  const appKey = `0x${toHex(publicKey)}`;
  const signEncoded = async (header: string, payload: string) =>
    new Uint8Array(await crypto.subtle.sign(ED25519, pair.privateKey, encoder.encode(`${header}.${payload}`)));
  return {
    appKey,
    signEncoded,
    async sign(fid, payload) {
      const header = encodeBase64Url(JSON.stringify({ fid, type: 'app_key', key: appKey }));
      const encodedPayload = encodeBase64Url(JSON.stringify(payload));
      return { header, payload: encodedPayload, signature: encodeBase64Url(await signEncoded(header, encodedPayload)) };
    },
  };
}

/** base64url without padding (RFC 4648 §5), of bytes or of a string's UTF-8 bytes. */
export function encodeBase64Url(input: Uint8Array | string): string {
  const bytes = typeof input === 'string' ? encoder.encode(input) : input;
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
