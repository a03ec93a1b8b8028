import { createPrivateKey, sign as nodeSign } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createJsonFarcasterSignature, createVerifyAppKeyWithHub, parseWebhookEvent, type VerifyAppKey } from '@farcaster/miniapp-node';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  deliveryVerifier,
  miniAppSender,
  verifyAppKeyWithHub,
  webhookHandler,
  type AnyEvent,
  type VerifyResult,
  type MiniAppEvents,
} from '@social-webhooks/core';
import { encodeSignedKeyRequest } from '../packages/core/src/senders/miniapp/encode-signed-key-request.js';

// Our Mini App sender against the reference, `parseWebhookEvent` of `@farcaster/miniapp-node`
// 0.2.0: the same bodies, signed by the reference's own `createJsonFarcasterSignature`, with the
// same key lookup, must get the same verdict from both, through `deliveryVerifier` and through the
// core's Web handler on a real loopback server. A verdict is a class, the reference's error class
// set against our status and code. The few places where we decide otherwise on purpose are rows of
// their own, each pinning both sides, with the reason.

type Verdict = 'accepted' | 'invalid-data' | 'invalid-signature' | 'invalid-app-key' | 'lookup-failed' | 'invalid-event' | 'unknown-event';
type Lookup = 'registry' | 'throws';
interface Case {
  readonly name: string;
  readonly body: () => string;
  readonly lookup?: Lookup;
  readonly verdict: Verdict;
  /** Where we decide otherwise on purpose: our verdict, and why. */
  readonly ours?: { readonly verdict: Verdict; readonly why: string };
}

const FID = 3;
const APP_FID = 9152;
const DETAILS = { url: 'https://api.farcaster.xyz/v1/frame-notifications', token: 'a05b0599-e1b7-4568-9fb9-ef67e4840db2' };
const L = 2n ** 252n + 27742317777372353535851937790883648493n;
const b64 = (value: string | Uint8Array) => Buffer.from(value).toString('base64url');
const hex = (bytes: Uint8Array) => `0x${Buffer.from(bytes).toString('hex')}`;

function appKey(seedByte: number) {
  const seed = new Uint8Array(32).fill(seedByte);
  const privateKey = createPrivateKey({
    key: Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), seed]),
    format: 'der',
    type: 'pkcs8',
  });
  const reference = (fid: number, payload: unknown) =>
    createJsonFarcasterSignature({ fid, type: 'app_key', privateKey: seed, payload: new TextEncoder().encode(JSON.stringify(payload)) });
  const key = JSON.parse(Buffer.from(reference(1, {}).header, 'base64url').toString()).key as string;
  /** Signs the exact strings, for bodies built by hand. */
  const signRaw = (header: string, payload: string) => b64(nodeSign(null, Buffer.from(`${header}.${payload}`), privateKey));
  const withHeader = (header: unknown, payload: unknown = { event: 'miniapp_removed' }) => {
    const encodedHeader = typeof header === 'string' ? header : b64(JSON.stringify(header));
    const encodedPayload = typeof payload === 'string' ? payload : b64(JSON.stringify(payload));
    return JSON.stringify({ header: encodedHeader, payload: encodedPayload, signature: signRaw(encodedHeader, encodedPayload) });
  };
  return { key, sign: (payload: unknown, fid = FID) => JSON.stringify(reference(fid, payload)), signRaw, withHeader };
}

const registered = appKey(1);
const stranger = appKey(2);
// y = p + 1: a non-canonical encoding of the identity point, which ZIP-215 reads and RFC 8032 refuses.
const nonCanonicalKey = Uint8Array.from({ length: 32 }, (_, index) => (index === 0 ? 0xee : index === 31 ? 0x7f : 0xff));
const identityKey = Uint8Array.from({ length: 32 }, (_, index) => (index === 0 ? 1 : 0));
// A point of order 8, whose signatures OpenSSL on Node 20 took or refused by the message's hash.
const orderEightKey = Uint8Array.from(Buffer.from('26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05', 'hex'));

/** The registry both sides ask: `registered`'s key, and the two odd keys, are app keys of FID 3. */
const lookups: Record<Lookup, VerifyAppKey> = {
  registry: async (fid, key) =>
    fid === FID && [registered.key, hex(nonCanonicalKey), hex(identityKey), hex(orderEightKey)].includes(key.toLowerCase())
      ? { valid: true, appFid: APP_FID }
      : { valid: false },
  throws: async () => {
    throw new Error('hub unreachable');
  },
};

function tamper(body: string, change: (jfs: { header: string; payload: string; signature: string }) => object): string {
  return JSON.stringify(change(JSON.parse(body)));
}
function flipBit(signature: string): string {
  const bytes = Buffer.from(signature, 'base64url');
  bytes[5]! ^= 0x10;
  return b64(bytes);
}
function malleate(signature: string): string {
  const bytes = Buffer.from(signature, 'base64url');
  let s = 0n;
  for (let index = 63; index >= 32; index--) s = (s << 8n) | BigInt(bytes[index]!);
  s += L;
  for (let index = 32; index < 64; index++, s >>= 8n) bytes[index] = Number(s & 0xffn);
  return b64(bytes);
}
/** A body whose signature is (R = the key's own point, S = 0): valid for any message under ZIP-215 when the key is of small order. */
function weakKeyBody(key: Uint8Array): string {
  const header = b64(JSON.stringify({ fid: FID, type: 'app_key', key: hex(key) }));
  const payload = b64(JSON.stringify({ event: 'notifications_disabled' }));
  return JSON.stringify({ header, payload, signature: b64(Uint8Array.from([...key, ...new Uint8Array(32)])) });
}

const cases: Case[] = [
  // Valid, one per event, the legacy names, and fields the payload adds.
  {
    name: 'miniapp_added with details',
    body: () => registered.sign({ event: 'miniapp_added', notificationDetails: DETAILS }),
    verdict: 'accepted',
  },
  { name: 'miniapp_added without details', body: () => registered.sign({ event: 'miniapp_added' }), verdict: 'accepted' },
  { name: 'miniapp_removed', body: () => registered.sign({ event: 'miniapp_removed' }), verdict: 'accepted' },
  {
    name: 'notifications_enabled',
    body: () => registered.sign({ event: 'notifications_enabled', notificationDetails: DETAILS }),
    verdict: 'accepted',
  },
  { name: 'notifications_disabled', body: () => registered.sign({ event: 'notifications_disabled' }), verdict: 'accepted' },
  { name: 'legacy frame_added', body: () => registered.sign({ event: 'frame_added', notificationDetails: DETAILS }), verdict: 'accepted' },
  { name: 'legacy frame_removed', body: () => registered.sign({ event: 'frame_removed' }), verdict: 'accepted' },
  {
    name: 'extra payload fields, dropped',
    body: () => registered.sign({ event: 'notifications_enabled', notificationDetails: { ...DETAILS, x: 1 }, y: 2 }),
    verdict: 'accepted',
  },
  {
    name: 'base64 in the standard alphabet with padding',
    body: () =>
      registered.withHeader(
        Buffer.from(JSON.stringify({ fid: FID, type: 'app_key', key: registered.key })).toString('base64'),
        Buffer.from(JSON.stringify({ event: 'miniapp_removed', n: '>>>??' })).toString('base64'),
      ),
    verdict: 'accepted',
  },
  {
    name: 'a key in upper case',
    body: () => registered.withHeader({ fid: FID, type: 'app_key', key: `0x${registered.key.slice(2).toUpperCase()}` }),
    verdict: 'accepted',
  },
  ...[
    { name: 'a small-order key (the identity), which signs anything under ZIP-215', key: identityKey },
    { name: 'a small-order key (of order 8), which signs anything under ZIP-215', key: orderEightKey },
  ].map(({ name, key }) => ({
    name,
    body: () => weakKeyBody(key),
    verdict: 'accepted' as const,
    ours: {
      verdict: 'invalid-signature' as const,
      why: "@noble/curves takes it; Node's own verify took some of these and refused others, by runtime and by the message's hash: refused, one verdict everywhere",
    },
  })),
  // Tampered.
  {
    name: 'payload changed',
    body: () =>
      tamper(registered.sign({ event: 'notifications_disabled' }), (jfs) => ({
        ...jfs,
        payload: b64(JSON.stringify({ event: 'notifications_enabled', notificationDetails: DETAILS })),
      })),
    verdict: 'invalid-signature',
  },
  {
    name: 'header changed (another FID)',
    body: () =>
      tamper(registered.sign({ event: 'miniapp_removed' }), (jfs) => ({ ...jfs, header: JSON.parse(registered.sign({}, 4)).header })),
    verdict: 'invalid-signature',
  },
  {
    name: 'signature bit flipped',
    body: () => tamper(registered.sign({ event: 'miniapp_removed' }), (jfs) => ({ ...jfs, signature: flipBit(jfs.signature) })),
    verdict: 'invalid-signature',
  },
  {
    name: 'signature malleated to S + L',
    body: () => tamper(registered.sign({ event: 'miniapp_removed' }), (jfs) => ({ ...jfs, signature: malleate(jfs.signature) })),
    verdict: 'invalid-signature',
  },
  {
    name: 'signed by another key than the header names',
    body: () =>
      tamper(registered.sign({ event: 'miniapp_removed' }), (jfs) => ({ ...jfs, signature: stranger.signRaw(jfs.header, jfs.payload) })),
    verdict: 'invalid-signature',
  },
  // Malformed.
  { name: 'not JSON', body: () => '{"header":"', verdict: 'invalid-data' },
  { name: 'a JSON array', body: () => '[]', verdict: 'invalid-data' },
  {
    name: 'signature missing',
    body: () => tamper(registered.sign({ event: 'miniapp_removed' }), ({ header, payload }) => ({ header, payload })),
    verdict: 'invalid-data',
  },
  {
    name: 'payload a number',
    body: () => tamper(registered.sign({ event: 'miniapp_removed' }), (jfs) => ({ ...jfs, payload: 7 })),
    verdict: 'invalid-data',
  },
  {
    name: 'header of no base64 character',
    body: () => tamper(registered.sign({ event: 'miniapp_removed' }), (jfs) => ({ ...jfs, header: '!!!!' })),
    verdict: 'invalid-data',
  },
  {
    name: 'signature of no base64 character',
    body: () => tamper(registered.sign({ event: 'miniapp_removed' }), (jfs) => ({ ...jfs, signature: '*'.repeat(86) })),
    verdict: 'invalid-data',
  },
  {
    name: 'a 63-byte signature',
    body: () => tamper(registered.sign({ event: 'miniapp_removed' }), (jfs) => ({ ...jfs, signature: b64(new Uint8Array(63)) })),
    verdict: 'invalid-data',
  },
  { name: 'a header that is not JSON', body: () => registered.withHeader(b64('fid=3')), verdict: 'invalid-data' },
  { name: 'a header without fid', body: () => registered.withHeader({ type: 'app_key', key: registered.key }), verdict: 'invalid-data' },
  {
    name: 'a header whose fid is a string',
    body: () => registered.withHeader({ fid: '3', type: 'app_key', key: registered.key }),
    verdict: 'invalid-data',
  },
  {
    name: 'a header of type custody',
    body: () => registered.withHeader({ fid: FID, type: 'custody', key: registered.key }),
    verdict: 'invalid-data',
  },
  {
    name: 'a key without 0x',
    body: () => registered.withHeader({ fid: FID, type: 'app_key', key: registered.key.slice(2) }),
    verdict: 'invalid-data',
  },
  {
    name: 'a key of 31 bytes',
    body: () => registered.withHeader({ fid: FID, type: 'app_key', key: registered.key.slice(0, 64) }),
    verdict: 'invalid-data',
  },
  // The key lookup.
  { name: 'a key the registry does not hold', body: () => stranger.sign({ event: 'miniapp_removed' }), verdict: 'invalid-app-key' },
  { name: 'a registered key for another FID', body: () => registered.sign({ event: 'miniapp_removed' }, 4), verdict: 'invalid-app-key' },
  { name: 'a lookup that throws', body: () => registered.sign({ event: 'miniapp_removed' }), lookup: 'throws', verdict: 'lookup-failed' },
  // The payload, once the signature and the key hold.
  {
    name: 'notifications_enabled without details',
    body: () => registered.sign({ event: 'notifications_enabled' }),
    verdict: 'invalid-event',
  },
  {
    name: 'miniapp_added with null details',
    body: () => registered.sign({ event: 'miniapp_added', notificationDetails: null }),
    verdict: 'invalid-event',
  },
  {
    name: 'details whose url is a number',
    body: () => registered.sign({ event: 'notifications_enabled', notificationDetails: { url: 1, token: 't' } }),
    verdict: 'invalid-event',
  },
  { name: 'a payload without event', body: () => registered.sign({ notificationDetails: DETAILS }), verdict: 'invalid-event' },
  {
    name: 'a payload that is not JSON',
    body: () => registered.withHeader({ fid: FID, type: 'app_key', key: registered.key }, b64('event=miniapp_removed')),
    verdict: 'invalid-event',
  },
  // Where we decide otherwise on purpose.
  {
    name: 'an event name of neither list',
    body: () => registered.sign({ event: 'miniapp_add_rejected' }),
    verdict: 'invalid-event',
    ours: {
      verdict: 'unknown-event',
      why: 'a sender adds events: answered 200 and handed to onUnknownEvent, as for every sender (docs/contract.md §Statuses)',
    },
  },
  {
    name: 'a header with a character outside base64',
    body: () => registered.withHeader(`${b64(JSON.stringify({ fid: FID, type: 'app_key', key: registered.key }))}!`),
    verdict: 'accepted',
    ours: { verdict: 'invalid-data', why: 'Buffer skips the character; no encoder writes one' },
  },
  {
    name: 'a FID that is not whole',
    body: () => registered.withHeader({ fid: 3.5, type: 'app_key', key: registered.key }),
    verdict: 'invalid-app-key',
    ours: { verdict: 'invalid-data', why: 'a FID is a positive whole number: refused before the signature and the lookup' },
  },
  {
    name: 'a key with trailing characters',
    body: () => registered.withHeader({ fid: FID, type: 'app_key', key: `${registered.key}zz` }),
    verdict: 'invalid-app-key',
    ours: {
      verdict: 'invalid-data',
      why: 'Buffer reads the 32 bytes before "zz"; the lookup is then asked about a key string no registry holds',
    },
  },
  {
    name: 'a non-canonical key encoding (ZIP-215)',
    body: () => weakKeyBody(nonCanonicalKey),
    verdict: 'accepted',
    ours: {
      verdict: 'invalid-signature',
      why: "@noble/curves verifies with ZIP-215's rules, Web Crypto with RFC 8032's, which refuse an encoding of y ≥ p; only a key the FID registered itself signs so",
    },
  },
];

/** The reference's verdict, as a route would use it: `parseWebhookEvent(await request.json(), verifyAppKey)`. */
async function reference(body: string, lookup: VerifyAppKey): Promise<{ verdict: Verdict; event?: AnyEvent }> {
  let data: unknown;
  try {
    data = JSON.parse(body);
  } catch {
    return { verdict: 'invalid-data' }; // request.json() throws: the body is invalid data
  }
  try {
    const { fid, appFid, event } = await parseWebhookEvent(data, lookup);
    const { event: eventName, ...rest } = event as { event: string; notificationDetails?: unknown };
    return { verdict: 'accepted', event: { eventName, data: { fid, appFid, ...rest } } };
  } catch (error) {
    const { name, message } = error as Error;
    if (name === 'VerifyJsonFarcasterSignature.InvalidDataError')
      return { verdict: message === 'Invalid signature' ? 'invalid-signature' : 'invalid-data' };
    if (name === 'VerifyJsonFarcasterSignature.InvalidAppKeyError') return { verdict: 'invalid-app-key' };
    if (name === 'VerifyJsonFarcasterSignature.VerifyAppKeyError') return { verdict: 'lookup-failed' };
    if (name === 'VerifyJsonFarcasterSignature.InvalidEventDataError') return { verdict: 'invalid-event' };
    throw error;
  }
}

/** Our status and code, as a verdict: each class has its status, and its codes. */
function ours(status: number, code: string | undefined): Verdict {
  const classes: Record<string, Verdict> = {
    '400 invalid_json': 'invalid-data',
    '400 body_not_object': 'invalid-data',
    '400 invalid_signed_body': 'invalid-data',
    '401 app_signature_mismatch': 'invalid-signature',
    '401 app_key_invalid': 'invalid-app-key',
    '503 app_key_lookup_failed': 'lookup-failed',
    '400 invalid_payload': 'invalid-event',
  };
  const verdict = classes[`${status} ${code}`];
  if (verdict === undefined) throw new Error(`no verdict for ${status} ${code}`);
  return verdict;
}

/** The proven fields and details of an event, without the key (which the reference does not return). */
const comparable = (event: AnyEvent) => {
  const data: Record<string, unknown> = { ...event.data };
  delete data['appKey'];
  return { eventName: event.eventName, data };
};

function fromVerifier(result: VerifyResult<MiniAppEvents>): { verdict: Verdict; event?: AnyEvent } {
  if (!result.ok) return { verdict: ours(result.status, result.code) };
  return { verdict: result.known ? 'accepted' : 'unknown-event', event: result.event };
}

describe('Mini App events: ours against @farcaster/miniapp-node', () => {
  const servers: Server[] = [];
  const urls = {} as Record<Lookup, string>;
  const received: AnyEvent[] = [];
  beforeAll(async () => {
    // deliveryVerifier logs a failed lookup's reason on the console, as the receiver does.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    for (const lookup of Object.keys(lookups) as Lookup[]) {
      const record = (event: AnyEvent) => void received.push(event);
      const handle = webhookHandler({
        sender: miniAppSender({ verifyAppKey: lookups[lookup] }),
        on: { miniapp_added: record, miniapp_removed: record, notifications_enabled: record, notifications_disabled: record },
        onUnknownEvent: record,
        logger: false,
      });
      const server = serve({ fetch: handle, port: 0, hostname: '127.0.0.1' }) as Server;
      if (!server.listening) await new Promise((resolve) => server.once('listening', resolve));
      servers.push(server);
      urls[lookup] = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhook`;
    }
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  });

  const verifiers = Object.fromEntries(
    (Object.keys(lookups) as Lookup[]).map((lookup) => [
      lookup,
      deliveryVerifier({ sender: miniAppSender({ verifyAppKey: lookups[lookup] }) }),
    ]),
  ) as Record<Lookup, ReturnType<typeof deliveryVerifier<MiniAppEvents>>>;

  it.each(cases)('$name: the reference says $verdict', async ({ body: build, lookup = 'registry', verdict, ours: divergence }) => {
    const body = build();
    const expected = divergence?.verdict ?? verdict;
    const theirs = await reference(body, lookups[lookup]);
    expect(theirs.verdict).toBe(verdict);

    const viaVerifier = fromVerifier(await verifiers[lookup]({ contentType: 'application/json', body }));
    received.length = 0;
    const response = await fetch(urls[lookup], { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    const answer = (await response.json()) as string | { error: string };
    const viaHttp =
      response.status === 200
        ? { verdict: answer === 'ok' ? 'accepted' : 'unknown-event', event: received[0] }
        : { verdict: ours(response.status, typeof answer === 'object' ? answer.error : undefined) };

    expect(viaVerifier.verdict).toBe(expected);
    expect(viaHttp.verdict).toBe(expected);
    if (expected === 'accepted') {
      expect(comparable(viaVerifier.event!)).toEqual(theirs.event);
      expect(comparable(viaHttp.event!)).toEqual(theirs.event);
    }
  });
});

describe('verifyAppKeyWithHub against createVerifyAppKeyWithHub, on one local hub', () => {
  const KEY = `0x${'ab'.repeat(32)}`;
  let answer: { status: number; body: string } = { status: 200, body: '' };
  let server: Server;
  let hubUrl: string;
  beforeAll(async () => {
    server = createServer((_request, response) =>
      response.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    hubUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  const signers = (...entries: [string, bigint][]) =>
    JSON.stringify({
      events: entries.map(([key, appFid]) => ({
        signerEventBody: { key, metadata: Buffer.from(encodeSignedKeyRequest(appFid)).toString('base64') },
      })),
    });

  it.each([
    ['the key among several, by its requestFid', 200, signers([`0x${'cd'.repeat(32)}`, 1n], [KEY, 9152n]), KEY],
    ['the key in upper case', 200, signers([KEY, 309857n]), `0x${'AB'.repeat(32)}`],
    ['a requestFid past 32 bits', 200, signers([KEY, 2n ** 40n + 7n]), KEY],
    ['a key not among them', 200, signers([`0x${'cd'.repeat(32)}`, 1n]), KEY],
    ['no signers', 200, JSON.stringify({ events: [] }), KEY],
    ['a 500', 500, 'down', KEY],
    ['a body that is not JSON', 200, '<html>', KEY],
    ['no events', 200, JSON.stringify({}), KEY],
    ['an event without metadata', 200, JSON.stringify({ events: [{ signerEventBody: { key: KEY } }] }), KEY],
  ])('%s: the same answer, or both throw', async (_name, status, body, key) => {
    answer = { status, body };
    const settle = (promise: Promise<unknown>) =>
      promise.then(
        (value) => ({ value }),
        () => ({ threw: true }),
      );
    const theirs = await settle(createVerifyAppKeyWithHub(hubUrl)(3, key));
    const mine = await settle(verifyAppKeyWithHub({ hubUrl, cacheMs: 0 })(3, key));
    expect(mine).toEqual(theirs);
  });
});
