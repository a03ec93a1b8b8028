import {
  miniAppSender,
  type LogFields,
  type MiniAppEvents,
  type MiniAppEventName,
  type VerifyAppKey,
  type WebhookOptions,
} from '@social-webhooks/core';
import { createMiniAppSigner, type MiniAppPayload, type MiniAppSigner } from '@social-webhooks/core/testing';
import { LIMIT, type Calls, type Expectation, type Row } from './rows.js';

// The Mini App sender's rows (docs/contract.md §Senders, Mini App events), run on every adapter
// (miniapp-conformance.test.ts) and every runtime (miniapp-runtimes.test.ts). Loaded by the
// runtimes' servers too: Web APIs only. A row's request is signed by the test client's signer; a
// server knows only that signer's public key (from its environment), which its lookup accepts for
// the user 3, registered by the app 9152: the lookup is local, as a hub's answer would be.

export const FID = 3;
export const APP_FID = 9152;
const DETAILS = { url: 'https://api.farcaster.xyz/v1/frame-notifications', token: 'a05b0599-e1b7-4568-9fb9-ef67e4840db2' };
const json = { 'content-type': 'application/json' };
const EVENTS: readonly MiniAppEventName[] = ['miniapp_added', 'miniapp_removed', 'notifications_enabled', 'notifications_disabled'];

/** One Mini App row: what the receiver is built with, and the request and answer, signed by the client's signer. */
export interface MiniAppCase {
  readonly name: string;
  /** The key lookup: it knows the signer's key (default), or it throws (a hub that cannot be reached). */
  readonly lookup?: 'signer' | 'throws';
  readonly dedupe?: boolean;
  readonly withUnknownHook?: boolean;
  /** The row, its body signed by `signer`. */
  row(signer: MiniAppSigner): Promise<Row>;
}

const body = async (signed: Promise<unknown>) => JSON.stringify(await signed);

/** The order of Ed25519's base point (RFC 8032 §5.1). */
const L = 2n ** 252n + 27742317777372353535851937790883648493n;

/** A base64url Ed25519 signature with its S (the last 32 bytes, little-endian) replaced by S + L: the same point equation, not canonical. */
function malleated(signature: string): string {
  const bytes = Uint8Array.from(atob(signature.replace(/-/g, '+').replace(/_/g, '/')), (char) => char.charCodeAt(0));
  let s = 0n;
  for (let index = 63; index >= 32; index--) s = (s << 8n) | BigInt(bytes[index]!);
  s += L;
  for (let index = 32; index < 64; index++, s >>= 8n) bytes[index] = Number(s & 0xffn);
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}
const payloadOf = (event: MiniAppEventName): MiniAppPayload =>
  event === 'miniapp_added' || event === 'notifications_enabled' ? { event, notificationDetails: DETAILS } : { event };
const handled = (signer: MiniAppSigner, event: MiniAppEventName): Expectation => {
  const { notificationDetails } = payloadOf(event) as { notificationDetails?: unknown };
  const data = { fid: FID, appFid: APP_FID, appKey: signer.appKey, ...(notificationDetails !== undefined && { notificationDetails }) };
  return { status: 200, body: '"ok"', handled: [event], data };
};

export const MINI_APP_CASES: readonly MiniAppCase[] = [
  ...EVENTS.map((event): MiniAppCase => ({
    name: `${event}: a signed event is handled, typed, with the app's FID from the lookup`,
    row: async (signer) => ({
      name: event,
      request: { headers: json, body: await body(signer.sign(payloadOf(event))) },
      expect: handled(signer, event),
    }),
  })),
  {
    name: 'miniapp_added without notificationDetails (added with notifications off): handled without them',
    row: async (signer) => ({
      name: 'added, notifications off',
      request: { headers: json, body: await body(signer.sign({ event: 'miniapp_added' })) },
      expect: { status: 200, handled: ['miniapp_added'], data: { fid: FID, appFid: APP_FID, appKey: signer.appKey } },
    }),
  },
  {
    name: 'a payload swapped for another the same key signed: 401 app_signature_mismatch',
    row: async (signer) => {
      const removed = await signer.sign({ event: 'miniapp_removed' });
      const enabled = await signer.sign({ event: 'notifications_enabled', notificationDetails: DETAILS });
      return {
        name: 'tampered',
        request: { headers: json, body: JSON.stringify({ ...removed, payload: enabled.payload }) },
        expect: { status: 401, code: 'app_signature_mismatch' },
      };
    },
  },
  {
    name: 'a signature whose S is malleated to S + L (RFC 8032 §5.1.7): 401 app_signature_mismatch, as the reference answers',
    row: async (signer) => {
      const signed = await signer.sign({ event: 'miniapp_removed' });
      return {
        name: 'malleated',
        request: { headers: json, body: JSON.stringify({ ...signed, signature: malleated(signed.signature) }) },
        expect: { status: 401, code: 'app_signature_mismatch' },
      };
    },
  },
  {
    name: 'a key the lookup does not know for that user (signed as FID 4): 401 app_key_invalid',
    row: async (signer) => ({
      name: 'another user',
      request: { headers: json, body: await body(signer.sign({ event: 'miniapp_removed' }, { fid: 4 })) },
      expect: { status: 401, code: 'app_key_invalid' },
    }),
  },
  {
    name: 'a key the lookup has never seen: 401 app_key_invalid',
    row: async () => {
      const stranger = await createMiniAppSigner({ fid: FID });
      return {
        name: 'stranger',
        request: { headers: json, body: await body(stranger.sign({ event: 'miniapp_removed' })) },
        expect: { status: 401, code: 'app_key_invalid' },
      };
    },
  },
  {
    name: 'a key lookup that throws: 503 app_key_lookup_failed, so the client retries',
    lookup: 'throws',
    row: async (signer) => ({
      name: 'lookup throws',
      request: { headers: json, body: await body(signer.sign({ event: 'miniapp_removed' })) },
      expect: { status: 503, code: 'app_key_lookup_failed' },
    }),
  },
  {
    name: 'a body that is not JSON: 400 invalid_json',
    row: async () => ({
      name: 'not JSON',
      request: { headers: json, body: 'event=miniapp_added' },
      expect: { status: 400, code: 'invalid_json' },
      upstreamMayAnswer: ['json'],
    }),
  },
  {
    name: 'a JSON Farcaster Signature without its signature: 400 invalid_signed_body',
    row: async (signer) => {
      const { header, payload } = await signer.sign({ event: 'miniapp_removed' });
      return {
        name: 'no signature',
        request: { headers: json, body: JSON.stringify({ header, payload }) },
        expect: { status: 400, code: 'invalid_signed_body' },
      };
    },
  },
  {
    name: 'a Neynar delivery at a Mini App route: 401 wrong_sender, naming neynarSender',
    row: async () => ({
      name: 'Neynar delivery',
      request: {
        headers: { ...json, 'x-neynar-signature': 'a'.repeat(128) },
        body: JSON.stringify({ created_at: 1, type: 'cast.created', data: {} }),
      },
      expect: { status: 401, code: 'wrong_sender' },
    }),
  },
  {
    name: 'an unsigned event, the payload sent bare: 400 invalid_signed_body',
    row: async () => ({
      name: 'unsigned',
      request: { headers: json, body: JSON.stringify({ event: 'notifications_enabled', notificationDetails: DETAILS }) },
      expect: { status: 400, code: 'invalid_signed_body' },
    }),
  },
  {
    name: 'notifications_enabled without notificationDetails, signed: 400 invalid_payload',
    row: async (signer) => ({
      name: 'bad payload',
      request: { headers: json, body: await body(signer.sign({ event: 'notifications_enabled' })) },
      expect: { status: 400, code: 'invalid_payload' },
    }),
  },
  {
    name: 'an event none of the four (miniapp_add_rejected): 200, to onUnknownEvent',
    withUnknownHook: true,
    row: async (signer) => ({
      name: 'unknown event',
      request: { headers: json, body: await body(signer.sign({ event: 'frame_add_rejected', reason: 'invalid_manifest' })) },
      expect: { status: 200, unknown: ['miniapp_add_rejected'] },
    }),
  },
  {
    name: 'dedupe: the same body delivered again is handled again (identical bodies can be different events)',
    dedupe: true,
    row: async (signer) => ({
      name: 'redelivered',
      request: { headers: json, body: await body(signer.sign({ event: 'notifications_disabled' })) },
      expect: { status: 200, body: '"ok"', handled: ['notifications_disabled'] },
      again: { status: 200, body: '"ok"', handled: ['notifications_disabled'] },
    }),
  },
];

/** The receiver's options for a case, with a lookup that knows `appKey` for the user 3, and hooks that record into `calls`. */
export function miniAppOptionsFor(testCase: MiniAppCase, calls: Calls, appKey: string): WebhookOptions<unknown, MiniAppEvents> {
  const verifyAppKey: VerifyAppKey =
    testCase.lookup === 'throws'
      ? () => Promise.reject(new Error('the hub could not be reached (a conformance row)'))
      : async (fid, key) => (fid === FID && key.toLowerCase() === appKey ? { valid: true, appFid: APP_FID } : { valid: false });
  const record = (event: { eventName: string; data: unknown }, context: unknown) =>
    void calls.handled.push({ eventName: event.eventName, data: event.data, hasContext: context !== undefined && context !== null });
  const log = (level: string) => (message: string, fields: LogFields) => void calls.logs.push({ level, message, fields });
  return {
    sender: miniAppSender({ verifyAppKey }),
    on: Object.fromEntries(EVENTS.map((name) => [name, record])),
    maxBodyBytes: LIMIT,
    ...(testCase.withUnknownHook && {
      onUnknownEvent: (event) => void calls.unknown.push({ eventName: event.eventName, data: event.data }),
    }),
    onError: (error, event) => void calls.errors.push({ error, eventName: event.eventName }),
    ...(testCase.dedupe && { dedupe: true }),
    logger: { debug: log('debug'), info: log('info'), warn: log('warn'), error: log('error') },
    onResult: (report) => void calls.results.push(report),
  };
}

/** The environment variable that hands a runtime's server the signer's public key. */
export const APP_KEY_ENV = 'MINIAPP_CONFORMANCE_APP_KEY';
