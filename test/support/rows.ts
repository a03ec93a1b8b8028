import { EVENT_NAMES, type EventMap, type EventName, type SecretOption, type WebhookOptions } from '@social-webhooks/core';
import { deliveries, followPayload, profilePayload, type JsonObject } from './fixture-data.js';
import { LIMIT, pipelineOptionsFor, type BaseRow, type Calls } from './row.js';

// Loaded by every runtime's conformance server too (support/runtimes/), so nothing here may use a
// Node API: the table is the one source of the founding sender's rows for every adapter and every
// runtime (support/senders.ts lists every sender's table).

export { LIMIT, SLOW_MS, emptyCalls, resetCalls, type Calls, type Expectation } from './row.js';

export const SECRET = 'conformance-secret-0001';
export const ROTATED = 'conformance-secret-0002-longer';
export const BOUND: SecretOption = { 'follow.created': 'bound-follow-created', 'profile.updated': 'bound-profile-updated' };

/** A row of the founding sender: its `secret` and `header` options beside the shared ones. */
export interface Row extends BaseRow {
  readonly secret?: SecretOption;
  readonly header?: string;
}

const json = { 'content-type': 'application/json' };
const withHeader = (value: string, extra: Record<string, string> = json) => ({ ...extra, 'x-airstack-webhook': value });
const envelope = (eventName: string, data: unknown) => JSON.stringify({ eventName, data });
const followBody = envelope('follow.created', followPayload);
// The follow envelope with bytes that are not UTF-8 in its dappName: a lone continuation byte and a
// truncated four-byte sequence ("far\x80caster\xf0\x9f\x98").
const notUtf8InString = (() => {
  const [before, after] = envelope('follow.created', { ...followPayload, dappName: 'PLACE' }).split('PLACE') as [string, string];
  const encoder = new TextEncoder();
  return new Uint8Array([...encoder.encode(`${before}far`), 0x80, ...encoder.encode('caster'), 0xf0, 0x9f, 0x98, ...encoder.encode(after)]);
})();

/** A body of exactly `size` bytes: the follow envelope with a padding field. */
function bodyOfSize(size: number): string {
  const base = JSON.stringify({ eventName: 'follow.created', data: { ...followPayload, padding: '' } });
  return base.replace('"padding":""', `"padding":"${'x'.repeat(size - base.length)}"`);
}

const fromBase64 = (text: string) => Uint8Array.from(atob(text), (char) => char.charCodeAt(0));
/** A small follow envelope, gzip-compressed and deflate-compressed (base64, decoded without Node APIs). */
export const GZIPPED_FOLLOW = fromBase64(
  'H4sIAAAAAAAAA6tWSi1LzSvxS8xNVbJSSsvPyckv10suSk0sSU1R0lFKSSxJVLKqhkqkFgUU5adl5qR6pihZKRmbmxkq6UClMvPSUeSMzAwsLJVqawFL7C1SYAAAAA==',
);
const DEFLATED_FOLLOW = fromBase64(
  'eJyrVkotS80r8UvMTVWyUkrLz8nJL9dLLkpNLElNUdJRSkksSVSyqoZKpBYFFOWnZeakeqYoWSkZm5sZKulApTLz0lHkjMwMLCyVamsBUCEgJw==',
);

function deliveryRows(): Row[] {
  return ['envelope-follow-created.json', 'envelope-profile-updated.json'].map((file) => {
    const delivery = deliveries[file] as { eventName: string; data: JsonObject };
    return {
      name: `fixture ${file} is handled with its data intact`,
      request: { headers: withHeader(SECRET), body: JSON.stringify(delivery) },
      expect: { status: 200, body: '"ok"', handled: [delivery.eventName], data: delivery.data },
    };
  });
}

function flatRows(): Row[] {
  return [
    ['flat-follow-created.json', 'bound-follow-created', 'follow.created'],
    ['flat-profile-updated.json', 'bound-profile-updated', 'profile.updated'],
  ].map(([file, secret, eventName]) => {
    const data = deliveries[file!]!;
    return {
      name: `flat fixture ${file!} takes the event its header is bound to`,
      secret: BOUND,
      request: { headers: withHeader(secret!), body: JSON.stringify(data) },
      expect: { status: 200, body: '"ok"', handled: [eventName!], data },
    };
  });
}

export const rows: Row[] = [
  // 401: the header, checked before anything else is read.
  {
    name: 'missing header: 401, body not parsed',
    request: { headers: json, body: '{not json' },
    expect: { status: 401, code: 'header_missing' },
    whenParsedFirst: { json: { status: 400 } },
  },
  { name: 'empty header: 401', request: { headers: withHeader(''), body: followBody }, expect: { status: 401, code: 'header_missing' } },
  {
    name: 'wrong header of the same length: 401',
    request: { headers: withHeader(SECRET.replace('1', '2')), body: followBody },
    expect: { status: 401, code: 'header_mismatch' },
  },
  {
    name: 'header that is a prefix of the secret: 401',
    request: { headers: withHeader(SECRET.slice(0, -1)), body: followBody },
    expect: { status: 401, code: 'header_mismatch' },
  },
  {
    name: 'header longer than the secret: 401',
    request: { headers: withHeader(`${SECRET}0`), body: followBody },
    expect: { status: 401, code: 'header_mismatch' },
  },
  {
    name: 'wrong header with a malformed body: 401, body not parsed',
    request: { headers: withHeader('nope'), body: '{"eventName":' },
    expect: { status: 401, code: 'header_mismatch' },
    whenParsedFirst: { json: { status: 400 } },
  },
  {
    name: 'the secret under another header name: 401',
    request: { headers: { ...json, 'x-other-webhook': SECRET }, body: followBody },
    expect: { status: 401, code: 'header_missing' },
  },
  {
    name: "a Neynar delivery at the founding sender's route: 401 wrong_sender, naming neynarSender",
    request: { headers: { ...json, 'x-neynar-signature': 'a'.repeat(128) }, body: followBody },
    expect: { status: 401, code: 'wrong_sender' },
  },
  {
    name: 'rotation: the second of several secrets is accepted',
    secret: [SECRET, ROTATED],
    request: { headers: withHeader(ROTATED), body: followBody },
    expect: { status: 200, handled: ['follow.created'] },
  },
  {
    name: 'a custom header name is honoured',
    header: 'x-custom-webhook',
    request: { headers: { ...json, 'x-custom-webhook': SECRET }, body: followBody },
    expect: { status: 200, handled: ['follow.created'] },
  },
  // 415: content type.
  {
    name: 'text/plain content-type: 415',
    request: { headers: withHeader(SECRET, { 'content-type': 'text/plain' }), body: followBody },
    expect: { status: 415, code: 'unsupported_media_type' },
  },
  {
    name: 'form content-type: 415',
    request: { headers: withHeader(SECRET, { 'content-type': 'application/x-www-form-urlencoded' }), body: 'a=1' },
    expect: { status: 415, code: 'unsupported_media_type' },
  },
  {
    name: 'malformed content-type: 415',
    request: { headers: withHeader(SECRET, { 'content-type': 'nonsense' }), body: followBody },
    expect: { status: 415, code: 'unsupported_media_type' },
  },
  {
    name: 'forged delivery with a malformed content-type: 401',
    request: { headers: withHeader('nope', { 'content-type': 'nonsense' }), body: followBody },
    expect: { status: 401, code: 'header_mismatch' },
  },
  {
    name: 'no content-type: accepted',
    request: { headers: withHeader(SECRET, {}), body: followBody },
    expect: { status: 200, handled: ['follow.created'] },
    upstreamMayAnswer: ['json'],
  },
  {
    name: 'application/json with charset: accepted',
    request: { headers: withHeader(SECRET, { 'content-type': 'Application/JSON; charset=utf-8' }), body: followBody },
    expect: { status: 200, handled: ['follow.created'] },
  },
  // 413: size.
  {
    name: 'body over the limit: 413',
    request: { headers: withHeader(SECRET), body: bodyOfSize(LIMIT + 1) },
    expect: { status: 413, code: 'payload_too_large' },
  },
  {
    name: 'chunked body over the limit: 413',
    request: { headers: withHeader(SECRET), body: bodyOfSize(LIMIT * 3), chunked: true },
    expect: { status: 413, code: 'payload_too_large' },
    whenParsedFirst: { json: { status: 200, handled: ['follow.created'] } },
  },
  {
    name: 'body of exactly the limit: accepted',
    request: { headers: withHeader(SECRET), body: bodyOfSize(LIMIT) },
    expect: { status: 200, handled: ['follow.created'] },
  },
  {
    name: 'chunked body within the limit: accepted',
    request: { headers: withHeader(SECRET), body: followBody, chunked: true },
    expect: { status: 200, handled: ['follow.created'] },
  },
  // 400: body.
  {
    name: 'malformed JSON: 400',
    request: { headers: withHeader(SECRET), body: '{"eventName": "follow.created", ' },
    expect: { status: 400, code: 'invalid_json' },
    upstreamMayAnswer: ['json'],
  },
  {
    name: 'empty body: 400',
    request: { headers: withHeader(SECRET), body: '' },
    expect: { status: 400, code: 'invalid_json' },
    upstreamMayAnswer: ['json', 'text', 'raw'],
  },
  // Decoded as the WHATWG decoder and request.json() decode (docs/contract.md §Statuses): bytes
  // that are not UTF-8 become U+FFFD, and the body is then JSON or not.
  {
    name: 'bytes that are not UTF-8 before the JSON text: 400, no JSON once decoded',
    request: { headers: withHeader(SECRET), body: new Uint8Array([0xff, 0xfe, 0x7b, 0x7d]) },
    expect: { status: 400, code: 'invalid_json' },
    upstreamMayAnswer: ['json', 'text'],
  },
  {
    name: 'bytes that are not UTF-8 inside a string: 200, each decoded to U+FFFD',
    request: { headers: withHeader(SECRET), body: notUtf8InString },
    expect: { status: 200, handled: ['follow.created'], data: { ...followPayload, dappName: 'far\uFFFDcaster\uFFFD' } },
  },
  { name: 'a JSON array: 400', request: { headers: withHeader(SECRET), body: '[1,2]' }, expect: { status: 400, code: 'body_not_object' } },
  {
    name: 'JSON null: 400',
    request: { headers: withHeader(SECRET), body: 'null' },
    expect: { status: 400, code: 'body_not_object' },
    upstreamMayAnswer: ['json'],
  },
  {
    name: 'a JSON string: 400',
    request: { headers: withHeader(SECRET), body: '"follow.created"' },
    expect: { status: 400, code: 'body_not_object' },
    upstreamMayAnswer: ['json'],
  },
  {
    name: 'envelope whose data is an array: 400',
    request: { headers: withHeader(SECRET), body: envelope('follow.created', [followPayload]) },
    expect: { status: 400, code: 'invalid_envelope' },
  },
  {
    name: 'envelope whose data is null: 400',
    request: { headers: withHeader(SECRET), body: envelope('follow.created', null) },
    expect: { status: 400, code: 'invalid_envelope' },
  },
  {
    name: 'envelope with no data: 400',
    request: { headers: withHeader(SECRET), body: '{"eventName":"follow.created"}' },
    expect: { status: 400, code: 'invalid_envelope' },
  },
  {
    name: 'envelope whose eventName is a number: 400',
    request: { headers: withHeader(SECRET), body: '{"eventName":3,"data":{}}' },
    expect: { status: 400, code: 'invalid_envelope' },
  },
  {
    name: 'follow data missing followerProfileId: 400',
    request: { headers: withHeader(SECRET), body: envelope('follow.created', { ...followPayload, followerProfileId: undefined }) },
    expect: { status: 400, code: 'invalid_payload' },
  },
  {
    name: 'profile data whose userId is a boolean: 400',
    request: { headers: withHeader(SECRET), body: envelope('profile.updated', { ...profilePayload, userId: true }) },
    expect: { status: 400, code: 'invalid_payload' },
  },
  {
    name: 'profile data whose followerCount is a string: 400',
    request: { headers: withHeader(SECRET), body: envelope('profile.created', { ...profilePayload, followerCount: '108' }) },
    expect: { status: 400, code: 'invalid_payload' },
  },
  // Bindings and the flat form.
  {
    name: 'header bound to follow.created, body says profile.updated: 401',
    secret: BOUND,
    request: { headers: withHeader('bound-follow-created'), body: envelope('profile.updated', profilePayload) },
    expect: { status: 401, code: 'event_mismatch' },
  },
  {
    name: 'header bound to follow.created, body names an unknown event: 401',
    secret: BOUND,
    request: { headers: withHeader('bound-follow-created'), body: envelope('cast.created', {}) },
    expect: { status: 401, code: 'event_mismatch' },
  },
  {
    name: 'flat body with an unbound secret: 400 saying how to bind',
    request: { headers: withHeader(SECRET), body: JSON.stringify(followPayload) },
    expect: { status: 400, code: 'unbound_flat_body' },
  },
  {
    name: 'bound header with an envelope of its own event: 200',
    secret: BOUND,
    request: { headers: withHeader('bound-profile-updated'), body: envelope('profile.updated', profilePayload) },
    expect: { status: 200, handled: ['profile.updated'] },
  },
  ...flatRows(),
  // Dispatch.
  {
    name: 'unknown event name: 200, unknown-event hook called',
    withUnknownHook: true,
    request: { headers: withHeader(SECRET), body: envelope('cast.created', { hash: '0x1' }) },
    expect: { status: 200, unknown: ['cast.created'] },
  },
  {
    name: 'unknown event name without a hook: 200',
    request: { headers: withHeader(SECRET), body: envelope('cast.created', { hash: '0x1' }) },
    expect: { status: 200 },
  },
  {
    name: 'known event with no handler: 200',
    handlers: 'none',
    request: { headers: withHeader(SECRET), body: followBody },
    expect: { status: 200 },
  },
  {
    name: 'handler throws: 500 with a generic body, error hook called',
    handlers: 'throwing',
    request: { headers: withHeader(SECRET), body: followBody },
    expect: { status: 500, code: 'handler_failed', handled: ['follow.created'], errors: 1 },
  },
  {
    name: 'handler rejects: 500 with a generic body, error hook called',
    handlers: 'rejecting',
    request: { headers: withHeader(SECRET), body: followBody },
    expect: { status: 500, code: 'handler_failed', handled: ['follow.created'], errors: 1 },
  },
  ...deliveryRows(),
  ...(['profile.created', 'follow.deleted'] as EventName[]).map((eventName): Row => ({
    name: `${eventName} envelope is handled`,
    request: { headers: withHeader(SECRET), body: envelope(eventName, eventName.startsWith('follow') ? followPayload : profilePayload) },
    expect: { status: 200, handled: [eventName] },
  })),
  {
    name: 'unknown extra fields are kept',
    request: { headers: withHeader(SECRET), body: envelope('follow.created', { ...followPayload, newField: { nested: [1] } }) },
    expect: { status: 200, handled: ['follow.created'], data: { ...followPayload, newField: { nested: [1] } } },
  },
  {
    name: 'numeric follow ids are handed on as strings',
    request: {
      headers: withHeader(SECRET),
      body: envelope('follow.created', { ...followPayload, followerProfileId: 3761, followingProfileId: 326089 }),
    },
    expect: { status: 200, handled: ['follow.created'], data: followPayload },
  },
  // Duplicates (dedupe) and early answers (respondWithin): production options, on every adapter and runtime.
  {
    name: 'dedupe: the same delivery again is answered 200 without running the handler',
    dedupe: true,
    request: { headers: withHeader(SECRET), body: followBody },
    expect: { status: 200, body: '"ok"', handled: ['follow.created'] },
    again: { status: 200, body: '"ignored: already handled"' },
  },
  {
    name: 'dedupe: a payload without an id is recognised by its body',
    dedupe: true,
    request: { headers: withHeader(SECRET), body: envelope('follow.created', { ...followPayload, id: undefined }) },
    expect: { status: 200, body: '"ok"', handled: ['follow.created'] },
    again: { status: 200, body: '"ignored: already handled"' },
  },
  {
    name: 'dedupe: a failed handler is released, so the retry runs it again',
    dedupe: true,
    handlers: 'throwing',
    request: { headers: withHeader(SECRET), body: followBody },
    expect: { status: 500, code: 'handler_failed', handled: ['follow.created'], errors: 1 },
    again: { status: 500, code: 'handler_failed', handled: ['follow.created'], errors: 1 },
  },
  {
    name: 'dedupe: an unknown event with a hook is deduplicated too',
    dedupe: true,
    withUnknownHook: true,
    request: { headers: withHeader(SECRET), body: envelope('cast.created', { id: 'cast-1' }) },
    expect: { status: 200, unknown: ['cast.created'] },
    again: { status: 200, body: '"ignored: already handled"' },
  },
  {
    name: 'respondWithin: a handler still running is answered 202',
    respondWithin: 30,
    handlers: 'slow',
    request: { headers: withHeader(SECRET), body: followBody },
    expect: { status: 202, body: '"accepted: the handler is still running"', handled: ['follow.created'] },
  },
  {
    name: 'respondWithin: a handler that settles in time is answered as usual',
    respondWithin: 5000,
    request: { headers: withHeader(SECRET), body: followBody },
    expect: { status: 200, body: '"ok"', handled: ['follow.created'] },
  },
  {
    name: 'respondWithin: a handler that fails in time is answered 500',
    respondWithin: 5000,
    handlers: 'rejecting',
    request: { headers: withHeader(SECRET), body: followBody },
    expect: { status: 500, code: 'handler_failed', handled: ['follow.created'], errors: 1 },
  },
  // Hostile clients and careless handlers: every way out of a handler is the contract's JSON
  // answer, and neither a handler nor a client holds a connection for ever.
  {
    name: 'handler returns an object whose then getter throws: 500, error hook called',
    handlers: 'throwing-then',
    request: { headers: withHeader(SECRET), body: followBody },
    expect: { status: 500, code: 'handler_failed', handled: ['follow.created'], errors: 1 },
  },
  {
    name: 'handler returns a revoked Proxy: 500, error hook called',
    handlers: 'revoked-proxy',
    request: { headers: withHeader(SECRET), body: followBody },
    expect: { status: 500, code: 'handler_failed', handled: ['follow.created'], errors: 1 },
  },
  {
    name: 'handler that never settles: 503 after handlerTimeoutMs',
    handlers: 'never-settling',
    handlerTimeoutMs: 150,
    request: { headers: withHeader(SECRET), body: followBody },
    expect: { status: 503, code: 'handler_timeout', handled: ['follow.created'] },
  },
  {
    name: 'handler that never settles, with dedupe: 503, and the retry finds it in flight',
    handlers: 'never-settling',
    handlerTimeoutMs: 150,
    dedupe: true,
    request: { headers: withHeader(SECRET), body: followBody },
    expect: { status: 503, code: 'handler_timeout', handled: ['follow.created'] },
    again: { status: 409, code: 'delivery_in_progress' },
  },
  {
    name: 'body that stalls half-way: 408 after bodyTimeoutMs',
    bodyTimeoutMs: 200,
    notAfterAParser: true,
    request: { headers: withHeader(SECRET), body: followBody, stall: true },
    expect: { status: 408, code: 'body_timeout' },
  },
  {
    name: 'gzip-encoded body: 415 naming the accepted coding',
    request: { headers: withHeader(SECRET, { ...json, 'content-encoding': 'gzip' }), body: GZIPPED_FOLLOW },
    expect: { status: 415, code: 'unsupported_content_encoding' },
  },
  {
    name: 'deflate-encoded body: 415',
    request: { headers: withHeader(SECRET, { ...json, 'content-encoding': 'deflate' }), body: DEFLATED_FOLLOW },
    expect: { status: 415, code: 'unsupported_content_encoding' },
  },
  {
    name: 'content-encoding identity: accepted',
    request: { headers: withHeader(SECRET, { ...json, 'content-encoding': 'identity' }), body: followBody },
    expect: { status: 200, handled: ['follow.created'] },
  },
  {
    name: 'a __proto__ key changes nothing but the event',
    request: {
      headers: withHeader(SECRET),
      body: `{"eventName":"follow.created","data":${JSON.stringify(followPayload).replace('{', '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},')}}`,
    },
    expect: { status: 200, handled: ['follow.created'] },
  },
];

/** Options for a row, with hooks that record into `calls`. */
export function optionsFor(row: Row, calls: Calls): WebhookOptions<unknown, EventMap> {
  return {
    secret: row.secret ?? SECRET,
    ...(row.header !== undefined && { header: row.header }),
    ...pipelineOptionsFor(row, calls, EVENT_NAMES),
  };
}
