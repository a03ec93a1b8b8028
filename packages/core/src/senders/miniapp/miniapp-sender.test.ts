import { beforeAll, describe, expect, it, vi } from 'vitest';
import { deliveryVerifier } from '../../verifier.js';
import { miniAppSender } from './miniapp-sender.js';
import { createMiniAppTestSigner, encodeBase64Url, type MiniAppTestSigner } from './sign-event.js';
import type { VerifyAppKey } from './app-key-check.js';

const FID = 3;
const APP_FID = 9152;
const DETAILS = { url: 'https://api.farcaster.xyz/v1/frame-notifications', token: 'a05b0599-e1b7-4568-9fb9-ef67e4840db2' };
let signer: MiniAppTestSigner;
let other: MiniAppTestSigner;
beforeAll(async () => {
  [signer, other] = await Promise.all([createMiniAppTestSigner(), createMiniAppTestSigner()]);
});

/** A lookup that knows `signer`'s key for FID 3, registered by the app 9152. */
const knownKey: VerifyAppKey = async (fid, appKey) =>
  fid === FID && appKey.toLowerCase() === signer.appKey ? { valid: true, appFid: APP_FID } : { valid: false };

// The sender's checks through deliveryVerifier, which runs the receiver's route up to the handler.
const verify = (body: unknown, verifyAppKey: VerifyAppKey = knownKey) =>
  deliveryVerifier({ sender: miniAppSender({ verifyAppKey }) })({ body: typeof body === 'string' ? body : JSON.stringify(body) });

describe('miniAppSender: accepted events', () => {
  it.each([
    [{ event: 'miniapp_added', notificationDetails: DETAILS }, 'miniapp_added', { notificationDetails: DETAILS }],
    [{ event: 'miniapp_added' }, 'miniapp_added', {}],
    [{ event: 'miniapp_removed' }, 'miniapp_removed', {}],
    [{ event: 'notifications_enabled', notificationDetails: DETAILS }, 'notifications_enabled', { notificationDetails: DETAILS }],
    [{ event: 'notifications_disabled' }, 'notifications_disabled', {}],
    [{ event: 'frame_added', notificationDetails: DETAILS }, 'miniapp_added', { notificationDetails: DETAILS }],
    [{ event: 'frame_removed' }, 'miniapp_removed', {}],
  ])('reads %j as %s, with what the proof established', async (payload, eventName, extra) => {
    const result = await verify(await signer.sign(FID, payload));
    expect(result).toEqual({
      ok: true,
      known: true,
      event: { eventName, data: { fid: FID, appFid: APP_FID, appKey: signer.appKey, ...extra } },
    });
  });

  it('drops fields the payload adds, as the reference does', async () => {
    const result = await verify(
      await signer.sign(FID, { event: 'notifications_enabled', notificationDetails: { ...DETAILS, extra: 1 }, more: 2 }),
    );
    expect(result.ok && result.event.data).toEqual({ fid: FID, appFid: APP_FID, appKey: signer.appKey, notificationDetails: DETAILS });
  });

  it.each([['miniapp_add_rejected'], ['frame_add_rejected'], ['constructor']])('hands on %s as an unknown event', async (name) => {
    const result = await verify(await signer.sign(FID, { event: name, reason: 'x' }));
    expect(result).toMatchObject({
      ok: true,
      known: false,
      event: { data: { fid: FID, appFid: APP_FID, payload: { event: name, reason: 'x' } } },
    });
    expect(result.ok && result.event.eventName).toBe(name === 'frame_add_rejected' ? 'miniapp_add_rejected' : name);
  });

  it('accepts base64 in the standard alphabet with padding, and a key in upper case', async () => {
    const header = Buffer.from(
      JSON.stringify({ fid: FID, type: 'app_key', key: signer.appKey.toUpperCase().replace('0X', '0x') }),
    ).toString('base64');
    const payload = Buffer.from(JSON.stringify({ event: 'miniapp_removed', note: '???>>>' })).toString('base64');
    expect(payload).toMatch(/[+/=]/);
    const signature = Buffer.from(await signer.signEncoded(header, payload)).toString('base64');
    const result = await verify({ header, payload, signature });
    expect(result).toMatchObject({ ok: true, event: { eventName: 'miniapp_removed' } });
  });
});
describe('miniAppSender: refusals, in the order of the checks', () => {
  const cases: [string, () => Promise<unknown>, number, string][] = [
    ['a body that is not JSON', async () => '{"header":', 400, 'invalid_json'],
    ['a JSON array', async () => '[]', 400, 'body_not_object'],
    [
      'a missing signature',
      async () => ({ ...(await signer.sign(FID, { event: 'miniapp_removed' })), signature: undefined }),
      400,
      'invalid_signed_body',
    ],
    [
      'a payload that is a number',
      async () => ({ ...(await signer.sign(FID, { event: 'miniapp_removed' })), payload: 1 }),
      400,
      'invalid_signed_body',
    ],
    [
      'a header with a space',
      async () => {
        const body = await signer.sign(FID, { event: 'miniapp_removed' });
        return { ...body, header: ` ${body.header}` };
      },
      400,
      'invalid_signed_body',
    ],
    [
      'a header that is not JSON',
      async () => ({ ...(await signer.sign(FID, { event: 'miniapp_removed' })), header: encodeBase64Url('fid=3') }),
      400,
      'invalid_signed_body',
    ],
    ['a header without fid', async () => signedWithHeader({ type: 'app_key', key: signer.appKey }), 400, 'invalid_signed_body'],
    [
      'a header whose fid is a string',
      async () => signedWithHeader({ fid: '3', type: 'app_key', key: signer.appKey }),
      400,
      'invalid_signed_body',
    ],
    [
      'a header whose fid is not whole',
      async () => signedWithHeader({ fid: 3.5, type: 'app_key', key: signer.appKey }),
      400,
      'invalid_signed_body',
    ],
    [
      'a header of another key type',
      async () => signedWithHeader({ fid: FID, type: 'custody', key: signer.appKey }),
      400,
      'invalid_signed_body',
    ],
    [
      'a key that is not 32 bytes of hex',
      async () => signedWithHeader({ fid: FID, type: 'app_key', key: signer.appKey.slice(0, 64) }),
      400,
      'invalid_signed_body',
    ],
    [
      'a 63-byte signature',
      async () => {
        const body = await signer.sign(FID, { event: 'miniapp_removed' });
        return { ...body, signature: encodeBase64Url(new Uint8Array(63)) };
      },
      400,
      'invalid_signed_body',
    ],
    [
      'a changed payload',
      async () => ({
        ...(await signer.sign(FID, { event: 'notifications_disabled' })),
        payload: encodeBase64Url(JSON.stringify({ event: 'notifications_enabled', notificationDetails: DETAILS })),
      }),
      401,
      'app_signature_mismatch',
    ],
    [
      'a changed header (another FID)',
      async () => ({ ...(await signer.sign(FID, { event: 'miniapp_removed' })), header: (await signer.sign(4, {})).header }),
      401,
      'app_signature_mismatch',
    ],
    [
      'a flipped signature bit',
      async () => flipSignature(await signer.sign(FID, { event: 'miniapp_removed' })),
      401,
      'app_signature_mismatch',
    ],
    [
      'a signature by another key',
      async () => {
        const body = await signer.sign(FID, { event: 'miniapp_removed' });
        return { ...body, signature: encodeBase64Url(await other.signEncoded(body.header, body.payload)) };
      },
      401,
      'app_signature_mismatch',
    ],
    ['a key the lookup does not know', async () => other.sign(FID, { event: 'miniapp_removed' }), 401, 'app_key_invalid'],
    ['a known key for another FID', async () => signer.sign(4, { event: 'miniapp_removed' }), 401, 'app_key_invalid'],
    ['a payload that is not JSON', async () => signEncoded(encodeBase64Url('event=miniapp_removed')), 400, 'invalid_payload'],
    ['a payload without event', async () => signer.sign(FID, { notificationDetails: DETAILS }), 400, 'invalid_payload'],
    ['a payload that is an array', async () => signer.sign(FID, ['miniapp_removed']), 400, 'invalid_payload'],
    ['notifications_enabled without details', async () => signer.sign(FID, { event: 'notifications_enabled' }), 400, 'invalid_payload'],
    [
      'miniapp_added with null details',
      async () => signer.sign(FID, { event: 'miniapp_added', notificationDetails: null }),
      400,
      'invalid_payload',
    ],
    [
      'details whose token is a number',
      async () => signer.sign(FID, { event: 'notifications_enabled', notificationDetails: { url: DETAILS.url, token: 1 } }),
      400,
      'invalid_payload',
    ],
  ];

  it.each(cases)('answers %s with %i %s', async (_name, build, status, code) => {
    const result = await verify(await build());
    expect(result).toMatchObject({ ok: false, status, code });
    if (!result.ok) expect(result.body).not.toContain(signer.appKey.slice(2, 20));
  });

  it('names the field that fails, never its value', async () => {
    const result = await verify(
      await signer.sign(FID, { event: 'notifications_enabled', notificationDetails: { url: 'https://x', token: 42 } }),
    );
    expect(!result.ok && result.message).toBe(
      'The notifications_enabled payload is invalid: notificationDetails.token: Invalid input: expected string, received number.',
    );
  });

  it('does not ask the lookup about a delivery whose signature fails', async () => {
    const lookup = vi.fn(knownKey);
    await verify(flipSignature(await signer.sign(FID, { event: 'miniapp_removed' })), lookup);
    expect(lookup).not.toHaveBeenCalled();
  });
});
async function signedWithHeader(header: Record<string, unknown>) {
  const encodedHeader = encodeBase64Url(JSON.stringify(header));
  const payload = encodeBase64Url(JSON.stringify({ event: 'miniapp_removed' }));
  return { header: encodedHeader, payload, signature: encodeBase64Url(await signer.signEncoded(encodedHeader, payload)) };
}

async function signEncoded(payload: string) {
  const header = encodeBase64Url(JSON.stringify({ fid: FID, type: 'app_key', key: signer.appKey }));
  return { header, payload, signature: encodeBase64Url(await signer.signEncoded(header, payload)) };
}

function flipSignature(body: { header: string; payload: string; signature: string }) {
  const bytes = Buffer.from(body.signature, 'base64url');
  bytes[10]! ^= 1;
  return { ...body, signature: bytes.toString('base64url') };
}
