import { describe, expect, expectTypeOf, it } from 'vitest';
import { deliveryVerifier, type WebhookEvent } from '@social-webhooks/core';
import { buildDelivery } from '@social-webhooks/core/testing';
import { bytes } from './support/test-request.js';
import { LIMIT, SECRET, rows, type Row } from './support/rows.js';

// The framework-free call decides as the receiver does: every conformance row whose outcome does not
// depend on a handler gets the same status and code from it. A stalled body is a matter of the
// transport: the verifier is handed bytes that have all arrived.
const decidedBeforeHandlers = rows.filter((row) => row.handlers === undefined && !row.dedupe && row.respondWithin === undefined && row.request.stall !== true);

function verify(row: Row) {
  const headerName = row.header ?? 'x-airstack-webhook';
  const verifier = deliveryVerifier({ secret: row.secret ?? SECRET, maxBodyBytes: LIMIT, ...(row.header !== undefined && { header: row.header }) });
  const { headers } = row.request;
  return verifier({ header: headers[headerName], contentType: headers['content-type'], contentEncoding: headers['content-encoding'], body: bytes(row.request.body) });
}

describe('deliveryVerifier', () => {
  it.each(decidedBeforeHandlers)('$name', async (row) => {
    const result = await verify(row);
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
  });

  it('takes the body as text too, and types the event by its name', async () => {
    const { headers, body } = buildDelivery({ secret: 's3cret', eventName: 'follow.created' });
    const result = await deliveryVerifier({ secret: 's3cret' })({ header: headers['x-airstack-webhook'], contentType: headers['content-type'], body });
    expect(result).toMatchObject({ ok: true, known: true, event: { eventName: 'follow.created', data: { followerProfileId: '3761' } } });
    if (result.ok && result.known && result.event.eventName === 'follow.created') {
      expectTypeOf(result.event).toEqualTypeOf<WebhookEvent<'follow.created'>>();
    }
  });

  it('marks an event name it does not know as known: false', async () => {
    const result = await deliveryVerifier({ secret: 's3cret' })({ header: 's3cret', body: '{"eventName":"cast.created","data":{"hash":"0x1"}}' });
    expect(result).toEqual({ ok: true, known: false, event: { eventName: 'cast.created', data: { hash: '0x1' } } });
  });

  it('refuses a parsed object, saying to pass the body as received', async () => {
    const result = await deliveryVerifier({ secret: 's3cret' })({ header: 's3cret', body: { eventName: 'follow.created' } as unknown as string });
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
