import { describe, expect, expectTypeOf, it } from 'vitest';
import { deliveryVerifier, neynarSender, type NeynarEvent, type VerifyResult, type WebhookEvent } from '@social-webhooks/core';
import { buildDelivery, buildNeynarDelivery, neynarSampleBody } from '@social-webhooks/core/testing';
import { bytes, type TestRequest } from './support/test-request.js';
import type { BaseRow } from './support/row.js';
import { LIMIT, SECRET, rows, type Row } from './support/rows.js';
import { NEYNAR_SECRET, neynarRows, signNeynarRequest } from './support/neynar-rows.js';

// The framework-free call decides as the receiver does: every conformance row whose outcome does not
// depend on a handler gets the same status and code from it. A stalled body is a matter of the
// transport: the verifier is handed bytes that have all arrived.
const decidedBeforeHandlers = <R extends BaseRow>(table: readonly R[]): R[] =>
  table.filter((row) => row.handlers === undefined && !row.dedupe && row.respondWithin === undefined && row.request.stall !== true);

function verify(row: Row) {
  const headerName = row.header ?? 'x-airstack-webhook';
  const verifier = deliveryVerifier({
    secret: row.secret ?? SECRET,
    maxBodyBytes: LIMIT,
    ...(row.header !== undefined && { header: row.header }),
  });
  const { headers } = row.request;
  return verifier({
    header: headers[headerName],
    contentType: headers['content-type'],
    contentEncoding: headers['content-encoding'],
    body: bytes(row.request.body),
    headers,
  });
}

/** The verifier's answer matches the row's, and a refusal's body is the receiver's JSON, with no secret. */
function expectAsTheReceiver(row: BaseRow, result: VerifyResult<Record<string, WebhookEvent | NeynarEvent>>): void {
  if (row.expect.status < 300) {
    expect(result.ok).toBe(true);
    if (result.ok && row.expect.handled !== undefined) expect(result.event.eventName).toBe(row.expect.handled[0]);
    if (result.ok && row.expect.data !== undefined) expect(result.event.data).toEqual(row.expect.data);
    return;
  }
  expect(result).toMatchObject({ ok: false, status: row.expect.status, code: row.expect.code });
  if (!result.ok) {
    expect(JSON.parse(result.body)).toEqual({ error: row.expect.code, message: result.message });
    expect(result.body).not.toMatch(/conformance-secret|bound-follow|bound-profile/);
  }
}

describe('deliveryVerifier', () => {
  it.each(decidedBeforeHandlers(rows))('$name', async (row) => {
    expectAsTheReceiver(row, await verify(row));
  });

  it('takes the body as text too, and types the event by its name', async () => {
    const { headers, body } = buildDelivery({ secret: 's3cret', eventName: 'follow.created' });
    const result = await deliveryVerifier({ secret: 's3cret' })({
      header: headers['x-airstack-webhook'],
      contentType: headers['content-type'],
      body,
    });
    expect(result).toMatchObject({ ok: true, known: true, event: { eventName: 'follow.created', data: { followerProfileId: '3761' } } });
    if (result.ok && result.known && result.event.eventName === 'follow.created') {
      expectTypeOf(result.event).toEqualTypeOf<WebhookEvent<'follow.created'>>();
    }
  });

  it('marks an event name it does not know as known: false', async () => {
    const result = await deliveryVerifier({ secret: 's3cret' })({
      header: 's3cret',
      body: '{"eventName":"cast.created","data":{"hash":"0x1"}}',
    });
    expect(result).toEqual({ ok: true, known: false, event: { eventName: 'cast.created', data: { hash: '0x1' } } });
  });

  it('refuses a parsed object, saying to pass the body as received', async () => {
    const result = await deliveryVerifier({ secret: 's3cret' })({
      header: 's3cret',
      body: { eventName: 'follow.created' } as unknown as string,
    });
    expect(result).toMatchObject({ ok: false, status: 400, code: 'invalid_json', message: expect.stringMatching(/as received/) });
  });

  it('reads a secret given as a function on the first delivery, as the receiver does', async () => {
    let reads = 0;
    const verify = deliveryVerifier({ secret: () => (reads++, { 'follow.created': 's3cret' }) });
    expect(reads).toBe(0);
    const { body } = buildDelivery({ secret: 's3cret', eventName: 'follow.created', form: 'flat' });
    expect(await verify({ header: 's3cret', body })).toMatchObject({ ok: true, known: true, event: { eventName: 'follow.created' } });
    expect(await verify({ header: 'forged', body })).toMatchObject({ ok: false, status: 401, code: 'header_mismatch' });
    expect(reads).toBe(1);
  });

  it('checks its options when built', () => {
    expect(() => deliveryVerifier({ secret: '' })).toThrow(/^@social-webhooks\/core: `secret` is empty/);
    expect(() => deliveryVerifier({ secret: 's', maxBodyBytes: 0 })).toThrow(/maxBodyBytes/);
  });
});

// Neynar's rows, decided the same way: the verifier takes `sender` as the receiver does.
describe('deliveryVerifier with neynarSender', () => {
  const verifyNeynar = (request: TestRequest, secrets = NEYNAR_SECRET as Parameters<typeof neynarSender>[0]['secrets']) =>
    deliveryVerifier({ sender: neynarSender({ secrets }), maxBodyBytes: LIMIT })({
      header: request.headers['x-neynar-signature'],
      contentType: request.headers['content-type'],
      contentEncoding: request.headers['content-encoding'],
      body: bytes(request.body),
      headers: request.headers,
    });

  it.each(decidedBeforeHandlers(neynarRows))('$name', async (row) => {
    expectAsTheReceiver(row, await verifyNeynar(await signNeynarRequest(row), row.secrets));
  });

  it('types a genuine delivery by its name, with createdAt, from bytes or text', async () => {
    const { headers, body } = await buildNeynarDelivery({ secret: NEYNAR_SECRET, type: 'cast.created', createdAt: 1749737008 });
    for (const sent of [body, new TextEncoder().encode(body)]) {
      const result = await deliveryVerifier({ sender: neynarSender({ secrets: NEYNAR_SECRET }) })({
        header: headers['x-neynar-signature'],
        body: sent,
      });
      expect(result).toMatchObject({ ok: true, known: true, event: { eventName: 'cast.created', createdAt: 1749737008 } });
      if (result.ok && result.known && result.event.eventName === 'cast.created') {
        expectTypeOf(result.event).toEqualTypeOf<NeynarEvent<'cast.created'>>();
        expect(result.event.data).toEqual(neynarSampleBody('cast.created').data);
      }
    }
  });

  it('refuses a forgery, an expired secret and a re-serialised body 401, each with its code', async () => {
    const { headers, body } = await buildNeynarDelivery({ secret: NEYNAR_SECRET, type: 'follow.created' });
    const header = headers['x-neynar-signature'];
    const verify = deliveryVerifier({
      sender: neynarSender({ secrets: [{ value: NEYNAR_SECRET, expiresAt: new Date(Date.now() + 60_000) }] }),
    });
    expect(await verify({ header, body })).toMatchObject({ ok: true });
    const forged = await buildNeynarDelivery({ secret: 'a-forger', type: 'follow.created' });
    expect(await verify({ header: forged.headers['x-neynar-signature'], body })).toMatchObject({ status: 401, code: 'signature_mismatch' });
    expect(await verify({ header, body: JSON.stringify(JSON.parse(body), null, 2) })).toMatchObject({
      status: 401,
      code: 'signature_mismatch',
      message: expect.stringMatching(/re-serialises JSON/),
    });
    const expired = deliveryVerifier({ sender: neynarSender({ secrets: [{ value: NEYNAR_SECRET, expiresAt: Date.now() - 1 }] }) });
    expect(await expired({ header, body })).toMatchObject({ ok: false, status: 401, code: 'secret_expired' });
  });

  it('refuses a parsed object 400, after the signature header is checked', async () => {
    const { headers, body } = await buildNeynarDelivery({ secret: NEYNAR_SECRET, type: 'follow.created' });
    const verify = deliveryVerifier({ sender: neynarSender({ secrets: NEYNAR_SECRET }) });
    const parsed = JSON.parse(body) as unknown as string;
    expect(await verify({ header: headers['x-neynar-signature'], body: parsed })).toMatchObject({
      ok: false,
      status: 400,
      code: 'invalid_json',
      message: expect.stringMatching(/as received/),
    });
    expect(await verify({ header: undefined, body: parsed })).toMatchObject({ status: 401, code: 'signature_missing' });
  });

  it('refuses a missing secret when built, never on the first delivery', () => {
    expect(() => deliveryVerifier({ sender: neynarSender({ secrets: '' }) })).toThrow(/neynarSender's `secrets` is empty/);
  });
});
