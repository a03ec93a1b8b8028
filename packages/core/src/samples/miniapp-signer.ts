import { WebhookError } from '../errors.js';
import type { VerifyAppKey } from '../senders/miniapp/app-key-check.js';
import { createMiniAppTestSigner, type JsonFarcasterSignature } from '../senders/miniapp/sign-event.js';
import type { NotificationDetails } from '../senders/miniapp/types.js';
import type { BuiltDelivery } from './build-delivery.js';
import { onChainSignerEvent, type OnChainSignerEvent } from './hub-signer-event.js';

export type { JsonFarcasterSignature };

/**
 * What a Farcaster client signs for each Mini App event (miniapps.farcaster.xyz, "Sending
 * Notifications"): the event's name, and the notification details where the event carries them.
 */
export type MiniAppPayload =
  | { readonly event: 'miniapp_added'; readonly notificationDetails?: NotificationDetails }
  | { readonly event: 'notifications_enabled'; readonly notificationDetails: NotificationDetails }
  | { readonly event: 'miniapp_removed' | 'notifications_disabled' };

/** What {@link createMiniAppSigner} takes. */
export interface MiniAppSignerOptions {
  /** The user the key belongs to: the `fid` of the signature's header. Default 3. */
  readonly fid?: number;
  /** The FID of the app (the Farcaster client) that registered the key: the events' `appFid`. Default 9152. */
  readonly appFid?: number;
}

/** A user's app key, registered by a Farcaster client: signs Mini App events as that client sends them. */
export interface MiniAppSigner {
  /** The public key as the signature's header names it: `0x` and 64 lower-case hex digits. */
  readonly appKey: string;
  readonly fid: number;
  readonly appFid: number;
  /**
   * Signs `payload` (serialised as JSON) into a JSON Farcaster Signature. `fid` defaults to the
   * signer's; another one makes a body whose key the lookup does not know for that user.
   */
  sign(payload: unknown, options?: { readonly fid?: number }): Promise<JsonFarcasterSignature>;
  /** Signs `header + "." + payload` as given, for a body altered on purpose: the signature's bytes. */
  signEncoded(header: string, payload: string): Promise<Uint8Array>;
  /** A delivery as the client POSTs it to the Mini App's `webhookUrl`: headers and the JSON body text. */
  delivery(payload: MiniAppPayload): Promise<BuiltDelivery>;
  /** The same delivery as a Web `Request` to `url` (default `http://localhost/webhook`). */
  deliveryRequest(payload: MiniAppPayload, url?: string): Promise<Request>;
  /** A key lookup that knows this one key, for this user: `miniAppSender({ verifyAppKey: signer.verifyAppKey })`. */
  readonly verifyAppKey: VerifyAppKey;
  /** This key as a hub lists it, for a local hub: `{ events: [signer.signerEvent] }` answers `onChainSignersByFid?fid=<fid>`. */
  readonly signerEvent: OnChainSignerEvent;
}

/** 3, the default `fid` of {@link createMiniAppSigner}. */
export const DEFAULT_SIGNER_FID = 3;
/** 9152, the default `appFid` of {@link createMiniAppSigner}. */
export const DEFAULT_SIGNER_APP_FID = 9152;

/**
 * A fresh Ed25519 app key for one user, as a Farcaster client holds it, that signs Mini App events
 * the way `@farcaster/miniapp-node` reads them (header `{ fid, type: "app_key", key }`, base64url
 * without padding, Ed25519 over `header + "." + payload`), with Web Crypto: it runs on Node 20.19+,
 * Bun, Deno and Workers. Pair it with `signer.verifyAppKey`, or serve `signer.signerEvent` from a
 * local hub and use `verifyAppKeyWithHub({ hubUrl })`. The private key never leaves the signer.
 *
 * @param options `fid` (default 3), `appFid` (default 9152).
 * @throws {WebhookError} `invalid_options` when `fid` is not a positive whole number or `appFid` a whole number.
 * @example
 * const signer = await createMiniAppSigner({ fid: 3 });
 * const handle = webhookHandler({ sender: miniAppSender({ verifyAppKey: signer.verifyAppKey }), on });
 * const response = await handle(
 *   await signer.deliveryRequest({ event: 'notifications_enabled', notificationDetails: { url, token } }),
 * );
 */
export async function createMiniAppSigner(options: MiniAppSignerOptions = {}): Promise<MiniAppSigner> {
  const fid = whole(options.fid, 'fid', DEFAULT_SIGNER_FID, 1);
  const appFid = whole(options.appFid, 'appFid', DEFAULT_SIGNER_APP_FID, 0);
  const key = await createMiniAppTestSigner();
  const { appKey } = key;
  const sign = (payload: unknown, signOptions: { readonly fid?: number } = {}) => key.sign(signOptions.fid ?? fid, payload);
  const delivery = async (payload: MiniAppPayload): Promise<BuiltDelivery> => ({
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(await sign(payload)),
  });
  return {
    appKey,
    fid,
    appFid,
    sign,
    signEncoded: key.signEncoded,
    delivery,
    async deliveryRequest(payload, url = 'http://localhost/webhook') {
      const { headers, body } = await delivery(payload);
      return new Request(url, { method: 'POST', headers, body });
    },
    verifyAppKey: async (forFid, forKey) =>
      forFid === fid && forKey.toLowerCase() === appKey ? { valid: true, appFid } : { valid: false },
    signerEvent: onChainSignerEvent({ fid, appKey, appFid }),
  };
}

function whole(value: number | undefined, name: string, fallback: number, min: number): number {
  const resolved = value ?? fallback;
  if (!Number.isSafeInteger(resolved) || resolved < min) {
    throw new WebhookError(
      'invalid_options',
      `@social-webhooks/core: createMiniAppSigner: \`${name}\` must be a whole number, ${min} or more (default ${fallback}); got ${String(value)}.`,
    );
  }
  return resolved;
}
