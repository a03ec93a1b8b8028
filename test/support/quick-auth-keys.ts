import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type KeyLike } from 'jose';

/** A Quick Auth issuer of the test's own: its key set served on loopback, and tokens signed with its key. */
export interface QuickAuthIssuer {
  /** The origin to give quick-auth's `createClient({ origin })`: its key set is `<origin>/.well-known/jwks.json`, its tokens' `iss`. */
  readonly origin: string;
  /** A token as Quick Auth issues one: `sub` the FID (a number), `aud` the app's domain, `iss` this origin. */
  sign(claims: { fid: number; domain: string; expiresIn?: number | string; issuedAt?: number; issuer?: string }): Promise<string>;
  /** The same, signed by a key that is not in the key set, under the set's key id. */
  signWithStrangerKey(claims: { fid: number; domain: string }): Promise<string>;
  /** How many times the key set was fetched. */
  readonly keySetFetches: number;
  /** Answer the key set's fetch with this status (a key server down) until set back to 200. */
  keySetStatus: number;
  close(): Promise<void>;
}

const KID = 'test-key-1';

/** Starts the issuer: an Ed25519 key pair the test holds, and a loopback server of its public key. */
export async function startQuickAuthIssuer(): Promise<QuickAuthIssuer> {
  const [{ privateKey, publicKey }, stranger] = await Promise.all([
    generateKeyPair('EdDSA', { crv: 'Ed25519' }),
    generateKeyPair('EdDSA', { crv: 'Ed25519' }),
  ]);
  const jwk = { ...(await exportJWK(publicKey)), kid: KID, alg: 'EdDSA', use: 'sig' };
  let fetches = 0;
  const state = { keySetStatus: 200 };
  const server: Server = createServer((req, res) => {
    if (req.url !== '/.well-known/jwks.json') return void res.writeHead(404).end();
    fetches += 1;
    if (state.keySetStatus !== 200) return void res.writeHead(state.keySetStatus).end('down');
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const signWith =
    (key: KeyLike) => (claims: { fid: number; domain: string; expiresIn?: number | string; issuedAt?: number; issuer?: string }) =>
      new SignJWT({ sub: claims.fid } as unknown as Record<string, unknown>)
        .setProtectedHeader({ alg: 'EdDSA', kid: KID, typ: 'JWT' })
        .setIssuer(claims.issuer ?? origin)
        .setAudience(claims.domain)
        .setIssuedAt(claims.issuedAt)
        .setExpirationTime(claims.expiresIn ?? '1h')
        .sign(key);
  return {
    origin,
    sign: signWith(privateKey),
    signWithStrangerKey: signWith(stranger.privateKey),
    get keySetFetches() {
      return fetches;
    },
    get keySetStatus() {
      return state.keySetStatus;
    },
    set keySetStatus(status: number) {
      state.keySetStatus = status;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
