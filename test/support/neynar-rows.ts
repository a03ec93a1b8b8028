import {
  NEYNAR_EVENT_NAMES,
  neynarSender,
  type EventMap,
  type NeynarSecretsOption,
  type Sender,
  type WebhookOptions,
} from '@social-webhooks/core';
import { neynarSampleBody } from '@social-webhooks/core/testing';
import { GZIPPED_FOLLOW } from './rows.js';
import { LIMIT, pipelineOptionsFor, type BaseRow, type Calls, type Expectation } from './row.js';
import { bytes, type TestRequest } from './test-request.js';

// Neynar's rows (docs/contract.md §Senders, Neynar), run on every adapter and every runtime as the
// founding rows are. Loaded by the runtimes' servers too: Web APIs only. A row names how its request
// is signed; the test client signs it (signNeynarRequest, Web Crypto), the servers never need to.

// "conformance-secret" in each: check-answer.ts refuses any answer that holds one.
export const NEYNAR_SECRET = 'neynar-conformance-secret-0001';
export const NEYNAR_NEXT = 'neynar-conformance-secret-0002-next';
const RETIRED = 'neynar-conformance-secret-0000-retired';
const FORGER = 'neynar-conformance-secret-9999-forger';

/** How the test client signs a row's request: the hex HMAC-SHA512 of the body's bytes, then shaped. */
export interface Signature {
  readonly secret: string;
  /** The text signed, when it is not the body sent (a body re-serialised on the way). */
  readonly over?: string;
  /** What is sent instead of the hex itself: cut, re-cased, sent twice. */
  readonly shape?: (hex: string) => string;
  /** The header it is sent in. Default `x-neynar-signature`. */
  readonly header?: string;
}

/** A Neynar row: the sender's secrets, and how its request is signed (none: sent unsigned). */
export interface NeynarRow extends BaseRow {
  readonly secrets?: NeynarSecretsOption;
  readonly signature?: Signature;
}

const json = { 'content-type': 'application/json' };
const sample = neynarSampleBody;
const castBody = JSON.stringify(sample('cast.created'));
const follow = sample('follow.created');
const followBody = JSON.stringify(follow);
const withData = (data: unknown) => JSON.stringify({ ...follow, data });
const signed: Signature = { secret: NEYNAR_SECRET };
const shaped = (shape: (hex: string) => string): Signature => ({ secret: NEYNAR_SECRET, shape });

// A JSON parser mounted first leaves no bytes to check the signature over (the receiver says to
// mount before it); one that keeps them (NestJS rawBody) or hands over text or a Buffer does not.
const BODY_GONE: Expectation = { status: 500, code: 'body_unavailable' };
const PARSED = { json: BODY_GONE };
// The parser answers a malformed body itself, 400, before the receiver runs.
const PARSER_REFUSES = { json: { status: 400 }, 'json+bytes': { status: 400 } };

/** A body of exactly `size` bytes: the follow delivery with a padding field. */
function bodyOfSize(size: number): string {
  const base = withData({ ...follow.data, padding: '' });
  return base.replace('"padding":""', `"padding":"${'x'.repeat(size - base.length)}"`);
}

function everyType(): NeynarRow[] {
  return NEYNAR_EVENT_NAMES.map((type) => {
    const body = sample(type);
    return {
      name: `${type}: a signed delivery is handled, its data and createdAt intact`,
      request: { headers: json, body: JSON.stringify(body) },
      signature: signed,
      expect: { status: 200, body: '"ok"', handled: [type], data: body.data, createdAt: body.created_at },
      whenParsedFirst: PARSED,
    };
  });
}

const rejected = (name: string, signature: Signature, code: string): NeynarRow => ({
  name,
  request: { headers: json, body: followBody },
  signature,
  expect: { status: 401, code },
});

export const neynarRows: NeynarRow[] = [
  ...everyType(),
  // Rotation and expiry: every secret is tried; one past its expiry is told apart from a forgery.
  {
    name: 'rotation: the second of several secrets is accepted',
    secrets: [NEYNAR_SECRET, NEYNAR_NEXT],
    request: { headers: json, body: followBody },
    signature: { secret: NEYNAR_NEXT },
    expect: { status: 200, handled: ['follow.created'] },
    whenParsedFirst: PARSED,
  },
  {
    name: "rotation: Neynar's own secret objects, one expiring later, are accepted as they are",
    secrets: [
      { uid: 'old', value: NEYNAR_SECRET, expires_at: '2999-01-01T00:00:00.000Z' },
      { uid: 'new', value: NEYNAR_NEXT, expires_at: null },
    ],
    request: { headers: json, body: followBody },
    signature: signed,
    expect: { status: 200, handled: ['follow.created'] },
    whenParsedFirst: PARSED,
  },
  {
    name: 'a secret past its expiry: 401 secret_expired',
    secrets: [{ uid: 'retired', value: RETIRED, expiresAt: '2024-01-01T00:00:00.000Z' }, NEYNAR_SECRET],
    request: { headers: json, body: followBody },
    signature: { secret: RETIRED },
    expect: { status: 401, code: 'secret_expired' },
    whenParsedFirst: PARSED,
  },
  // 401 from the header alone, before the body is read.
  {
    name: 'no signature: 401, body not parsed',
    request: { headers: json, body: '{not json' },
    expect: { status: 401, code: 'signature_missing' },
    whenParsedFirst: PARSER_REFUSES,
  },
  {
    name: 'an empty signature: 401',
    request: { headers: { ...json, 'x-neynar-signature': '' }, body: followBody },
    expect: { status: 401, code: 'signature_missing' },
  },
  rejected('the signature under another header name: 401', { ...signed, header: 'x-signature' }, 'signature_missing'),
  {
    name: "the founding service's delivery at a Neynar route: 401 wrong_sender",
    request: { headers: { ...json, 'x-airstack-webhook': 'a-founding-header-value' }, body: followBody },
    expect: { status: 401, code: 'wrong_sender' },
  },
  rejected(
    'a signature cut by one digit: 401 malformed',
    shaped((hex) => hex.slice(0, -1)),
    'signature_malformed',
  ),
  rejected(
    'a signature one digit too long: 401 malformed',
    shaped((hex) => `${hex}0`),
    'signature_malformed',
  ),
  rejected(
    'a signature in upper case: 401 malformed',
    shaped((hex) => hex.toUpperCase()),
    'signature_malformed',
  ),
  rejected(
    'a signature that is not hex: 401 malformed',
    shaped((hex) => `${hex.slice(0, -1)}g`),
    'signature_malformed',
  ),
  rejected(
    'a signature prefixed "sha512=": 401 malformed',
    shaped((hex) => `sha512=${hex}`),
    'signature_malformed',
  ),
  rejected(
    "the signature sent twice (the values arrive joined with ', '): 401 malformed",
    shaped((hex) => `${hex}, ${hex}`),
    'signature_malformed',
  ),
  // 401 once the body is in: the HMAC of its bytes under no secret.
  { ...rejected('signed with another secret: 401 mismatch', { secret: FORGER }, 'signature_mismatch'), whenParsedFirst: PARSED },
  {
    ...rejected("another delivery's signature: 401 mismatch", { ...signed, over: castBody }, 'signature_mismatch'),
    whenParsedFirst: PARSED,
  },
  {
    name: 'the body re-serialised on the way (the same JSON, indented): 401 mismatch',
    request: { headers: json, body: JSON.stringify(follow, null, 2) },
    signature: { ...signed, over: followBody },
    expect: { status: 401, code: 'signature_mismatch' },
    whenParsedFirst: PARSED,
  },
  {
    name: 'the body re-serialised on the way (the same JSON, keys reordered): 401 mismatch',
    request: { headers: json, body: JSON.stringify({ type: follow.type, data: follow.data, created_at: follow.created_at }) },
    signature: { ...signed, over: followBody },
    expect: { status: 401, code: 'signature_mismatch' },
    whenParsedFirst: PARSED,
  },
  {
    name: 'a forged signature with a malformed body: 401 mismatch, body never parsed',
    request: { headers: json, body: '{"type":' },
    signature: { secret: FORGER },
    expect: { status: 401, code: 'signature_mismatch' },
    whenParsedFirst: PARSER_REFUSES,
  },
  // 415, 413, 408: the HMAC needs the whole body, so these come before it.
  {
    name: 'text/plain content-type: 415',
    request: { headers: { 'content-type': 'text/plain' }, body: followBody },
    signature: signed,
    expect: { status: 415, code: 'unsupported_media_type' },
  },
  {
    name: 'a well-formed forged signature with a text/plain content-type: 415, the type checked before the HMAC',
    request: { headers: { 'content-type': 'text/plain' }, body: followBody },
    signature: { secret: FORGER },
    expect: { status: 415, code: 'unsupported_media_type' },
  },
  {
    name: 'a malformed signature with a text/plain content-type: 401, the header checked first',
    request: { headers: { 'content-type': 'text/plain' }, body: followBody },
    signature: shaped((hex) => hex.toUpperCase()),
    expect: { status: 401, code: 'signature_malformed' },
  },
  {
    name: 'no content-type: accepted',
    request: { headers: {}, body: followBody },
    signature: signed,
    expect: { status: 200, handled: ['follow.created'] },
  },
  {
    name: 'application/json with charset: accepted',
    request: { headers: { 'content-type': 'Application/JSON; charset=utf-8' }, body: followBody },
    signature: signed,
    expect: { status: 200, handled: ['follow.created'] },
    whenParsedFirst: PARSED,
  },
  {
    // The founding rows' gzipped body: the coding is refused before anything reads what it holds.
    name: 'a signed gzip-encoded body: 415, never inflated',
    request: { headers: { ...json, 'content-encoding': 'gzip' }, body: GZIPPED_FOLLOW },
    signature: signed,
    expect: { status: 415, code: 'unsupported_content_encoding' },
  },
  {
    name: 'a signed body over the limit: 413 before the HMAC',
    request: { headers: json, body: bodyOfSize(LIMIT + 1) },
    signature: signed,
    expect: { status: 413, code: 'payload_too_large' },
  },
  {
    name: 'a signed chunked body over the limit: 413 before the HMAC',
    request: { headers: json, body: bodyOfSize(LIMIT * 3), chunked: true },
    signature: signed,
    expect: { status: 413, code: 'payload_too_large' },
    whenParsedFirst: PARSED,
  },
  {
    name: 'a signed body of exactly the limit: accepted',
    request: { headers: json, body: bodyOfSize(LIMIT) },
    signature: signed,
    expect: { status: 200, handled: ['follow.created'] },
    whenParsedFirst: PARSED,
  },
  {
    name: 'a signed chunked body within the limit: accepted',
    request: { headers: json, body: followBody, chunked: true },
    signature: signed,
    expect: { status: 200, handled: ['follow.created'] },
    whenParsedFirst: PARSED,
  },
  {
    name: 'a signed body that stalls half-way: 408 after bodyTimeoutMs, before the HMAC',
    bodyTimeoutMs: 200,
    notAfterAParser: true,
    request: { headers: json, body: followBody, stall: true },
    signature: signed,
    expect: { status: 408, code: 'body_timeout' },
  },
  ...neynarBodyRows(),
];

/** Genuine deliveries whose body or handler decides: 400s, dispatch, dedupe, deadlines. */
function neynarBodyRows(): NeynarRow[] {
  // Signed: after a JSON parser that keeps no bytes, each is answered 500 body_unavailable.
  const sent = (body: string | Uint8Array<ArrayBuffer>, expect: Expectation, more: Partial<NeynarRow> = {}): Omit<NeynarRow, 'name'> => ({
    request: { headers: json, body },
    signature: signed,
    expect,
    whenParsedFirst: PARSED,
    ...more,
  });
  const invalid = (code: string) => ({ status: 400, code });
  const { data } = sample('cast.created');
  return [
    {
      name: 'malformed JSON: 400',
      ...sent('{"type": "cast.created", ', invalid('invalid_json'), { whenParsedFirst: PARSER_REFUSES }),
    },
    {
      // A JSON parser reads an empty body as {}, with no bytes left.
      name: 'empty body: 400',
      ...sent('', invalid('invalid_json')),
    },
    {
      name: 'bytes that are not UTF-8, signed as sent: 400; a text parser first changed them: 401 mismatch',
      ...sent(new Uint8Array([0xff, 0xfe, 0x7b, 0x7d]), invalid('invalid_json'), {
        whenParsedFirst: { ...PARSER_REFUSES, text: { status: 401, code: 'signature_mismatch' } },
      }),
    },
    { name: 'a JSON array: 400', ...sent('[1,2]', invalid('body_not_object')) },
    { name: 'no type: 400', ...sent(JSON.stringify({ created_at: 1, data }), invalid('invalid_envelope')) },
    { name: 'a type that is a number: 400', ...sent('{"type":3,"data":{}}', invalid('invalid_envelope')) },
    { name: 'data that is null: 400', ...sent(withData(null), invalid('invalid_envelope')) },
    {
      name: 'created_at that is a string: 400',
      ...sent(JSON.stringify({ ...follow, created_at: '1749737111' }), invalid('invalid_envelope')),
    },
    {
      name: 'a cast whose author has no fid: 400 invalid_payload',
      ...sent(
        JSON.stringify({ ...sample('cast.created'), data: { ...data, author: { ...data.author, fid: undefined } } }),
        invalid('invalid_payload'),
        {},
      ),
    },
    {
      name: 'a reaction of type 3: 400 invalid_payload',
      ...sent(
        JSON.stringify({ ...sample('reaction.created'), data: { ...sample('reaction.created').data, reaction_type: 3 } }),
        invalid('invalid_payload'),
        {},
      ),
    },
    {
      name: 'a type the library does not know: 200, unknown-event hook called',
      ...sent(
        JSON.stringify({ created_at: 1, type: 'channel.created', data: { id: 'memes' } }),
        { status: 200, unknown: ['channel.created'] },
        {
          withUnknownHook: true,
        },
      ),
    },
    {
      name: 'a type the library does not know, without a hook: 200',
      ...sent(JSON.stringify({ created_at: 1, type: 'channel.created', data: {} }), { status: 200 }),
    },
    { name: 'a known type with no handler: 200', ...sent(followBody, { status: 200 }, { handlers: 'none' }) },
    {
      name: 'handler throws: 500 with a generic body, error hook called',
      ...sent(
        followBody,
        { status: 500, code: 'handler_failed', handled: ['follow.created'], errors: 1 },
        {
          handlers: 'throwing',
        },
      ),
    },
    {
      name: 'unknown extra fields are kept',
      ...sent(withData({ ...follow.data, new_field: { nested: [1] } }), {
        status: 200,
        handled: ['follow.created'],
        data: { ...follow.data, new_field: { nested: [1] } },
      }),
    },
    {
      name: 'dedupe: the same delivery again is answered 200 without running the handler',
      ...sent(
        followBody,
        { status: 200, body: '"ok"', handled: ['follow.created'] },
        {
          dedupe: true,
          again: { status: 200, body: '"ignored: already handled"' },
        },
      ),
    },
    {
      name: "dedupe: Convoy's idempotency key keys the delivery",
      request: { headers: { ...json, 'x-convoy-idempotency-key': 'neynar-delivery-0001' }, body: followBody },
      signature: signed,
      dedupe: true,
      expect: { status: 200, body: '"ok"', handled: ['follow.created'] },
      again: { status: 200, body: '"ignored: already handled"' },
      whenParsedFirst: PARSED,
    },
    {
      name: 'respondWithin: a handler still running is answered 202',
      ...sent(
        followBody,
        { status: 202, body: '"accepted: the handler is still running"', handled: ['follow.created'] },
        {
          respondWithin: 30,
          handlers: 'slow',
        },
      ),
    },
    {
      name: 'handler that never settles, with dedupe: 503, and the retry finds it in flight',
      ...sent(
        followBody,
        { status: 503, code: 'handler_timeout', handled: ['follow.created'] },
        {
          handlers: 'never-settling',
          handlerTimeoutMs: 150,
          dedupe: true,
          again: { status: 409, code: 'delivery_in_progress' },
        },
      ),
    },
    {
      name: 'a __proto__ key changes nothing but the event',
      ...sent(followBody.replace('"data":{', '"data":{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},'), {
        status: 200,
        handled: ['follow.created'],
      }),
    },
  ];
}

/** Options for a Neynar row, with hooks that record into `calls`. */
export function neynarOptionsFor(row: NeynarRow, calls: Calls): WebhookOptions<unknown, EventMap> {
  // Untyped events, as every sender's rows share one recording handler.
  const sender = neynarSender({ secrets: row.secrets ?? NEYNAR_SECRET }) as unknown as Sender;
  return { sender, ...pipelineOptionsFor(row, calls, NEYNAR_EVENT_NAMES) };
}

const encoder = new TextEncoder();

/** The request the row describes, signed as it says, with Web Crypto (any runtime). */
export async function signNeynarRequest(row: NeynarRow): Promise<TestRequest> {
  const { signature, request } = row;
  if (signature === undefined) return request;
  const key = await crypto.subtle.importKey('raw', encoder.encode(signature.secret), { name: 'HMAC', hash: 'SHA-512' }, false, ['sign']);
  const signedBytes = signature.over === undefined ? bytes(request.body) : encoder.encode(signature.over);
  const digest = new Uint8Array(await crypto.subtle.sign('HMAC', key, signedBytes));
  const hex = Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
  const value = signature.shape === undefined ? hex : signature.shape(hex);
  return { ...request, headers: { ...request.headers, [signature.header ?? 'x-neynar-signature']: value } };
}
