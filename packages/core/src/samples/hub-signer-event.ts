import { encodeSignedKeyRequest } from '../senders/miniapp/encode-signed-key-request.js';

/**
 * One app key as a Farcaster hub lists it in `GET /v1/onChainSignersByFid?fid=N` (`{ events: [...] }`;
 * the shape of docs.neynar.com "OnChain API", `OnChainEventSigner` in `@neynar/nodejs-sdk`'s hub
 * API). `verifyAppKeyWithHub` reads `signerEventBody.key` and `.metadata`; the rest is there so a
 * client that checks the whole answer finds it whole.
 */
export interface OnChainSignerEvent {
  readonly type: 'EVENT_TYPE_SIGNER';
  readonly chainId: number;
  readonly blockNumber: number;
  readonly blockHash: string;
  readonly blockTimestamp: number;
  readonly transactionHash: string;
  readonly logIndex: number;
  readonly txIndex: number;
  /** The user whose key this is. */
  readonly fid: number;
  readonly signerEventBody: {
    /** The Ed25519 public key, `0x` and 64 hex digits. */
    readonly key: string;
    /** 1: an Ed25519 key. */
    readonly keyType: number;
    readonly eventType: 'SIGNER_EVENT_TYPE_ADD';
    /** base64 of the ABI-encoded `SignedKeyRequest` whose `requestFid` is the app's FID. */
    readonly metadata: string;
    /** 1: a `SignedKeyRequest`. */
    readonly metadataType: number;
  };
}

/** What {@link onChainSignerEvent} takes. */
export interface SignerEventInit {
  /** The user whose key it is. */
  readonly fid: number;
  /** The key, `0x` and 64 hex digits. */
  readonly appKey: string;
  /** The FID of the app (the Farcaster client) that registered the key: `requestFid` in the metadata. */
  readonly appFid: number;
  /** When the key was added, in unix seconds. Default 0. */
  readonly blockTimestamp?: number;
}

// No chain was asked: the block and transaction are zeros, so nobody mistakes them for real ones.
const ZERO_HASH = `0x${'0'.repeat(64)}`;
// The key registry is on OP Mainnet (chain 10), where hubs read it.
const OP_MAINNET = 10;

/**
 * The hub's record of an app key, as a local hub (the emulator, a test's fake hub) serves it so that
 * `verifyAppKeyWithHub({ hubUrl })` (or `@farcaster/miniapp-node`'s `createVerifyAppKeyWithHub`)
 * finds the key valid for `fid` and reads `appFid` from its metadata.
 *
 * @example
 * // A fake hub for one signer, in a test:
 * const answer = { events: [onChainSignerEvent({ fid: 3, appKey: signer.appKey, appFid: 9152 })] };
 */
export function onChainSignerEvent(init: SignerEventInit): OnChainSignerEvent {
  return {
    type: 'EVENT_TYPE_SIGNER',
    chainId: OP_MAINNET,
    blockNumber: 0,
    blockHash: ZERO_HASH,
    blockTimestamp: init.blockTimestamp ?? 0,
    transactionHash: ZERO_HASH,
    logIndex: 0,
    txIndex: 0,
    fid: init.fid,
    signerEventBody: {
      key: init.appKey,
      keyType: 1,
      eventType: 'SIGNER_EVENT_TYPE_ADD',
      metadata: toBase64(encodeSignedKeyRequest(BigInt(init.appFid))),
      metadataType: 1,
    },
  };
}

/** Standard base64 with padding (RFC 4648 §4), as hubs send `metadata`. */
function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}
