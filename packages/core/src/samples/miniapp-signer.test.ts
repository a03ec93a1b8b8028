import { describe, expect, it } from 'vitest';
import { isWebhookError } from '../errors.js';
import { miniAppSender } from '../senders/miniapp/miniapp-sender.js';
import { verifyAppKeyWithHub } from '../senders/miniapp/hub-app-key.js';
import { decodeBase64 } from '../senders/miniapp/base64.js';
import { decodeRequestFid } from '../senders/miniapp/signed-key-request.js';
import { deliveryVerifier } from '../verifier.js';
import { webhookHandler } from '../web/webhook-handler.js';
import type { MiniAppEvent } from '../senders/miniapp/types.js';
import { createMiniAppSigner } from './miniapp-signer.js';

const DETAILS = { url: 'https://api.farcaster.xyz/v1/frame-notifications', token: 'a05b0599-e1b7-4568-9fb9-ef67e4840db2' };

describe('createMiniAppSigner', () => {
  it('signs deliveries that miniAppSender accepts with the signer’s own lookup, typed', async () => {
    const signer = await createMiniAppSigner({ fid: 42, appFid: 7 });
    const seen: MiniAppEvent[] = [];
    const handle = webhookHandler({
      sender: miniAppSender({ verifyAppKey: signer.verifyAppKey }),
      on: { notifications_enabled: (event) => void seen.push(event) },
    });
    const response = await handle(await signer.deliveryRequest({ event: 'notifications_enabled', notificationDetails: DETAILS }));
    expect(response.status).toBe(200);
    expect(seen).toEqual([
      { eventName: 'notifications_enabled', data: { fid: 42, appFid: 7, appKey: signer.appKey, notificationDetails: DETAILS } },
    ]);
  });

  it('defaults to the user 3 and the app 9152, with a key in lower-case hex', async () => {
    const signer = await createMiniAppSigner();
    expect({ fid: signer.fid, appFid: signer.appFid }).toEqual({ fid: 3, appFid: 9152 });
    expect(signer.appKey).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await signer.verifyAppKey(3, signer.appKey.toUpperCase().replace('0X', '0x'))).toEqual({ valid: true, appFid: 9152 });
  });

  it('knows its key for its own user only: another FID, or another signer’s key, is app_key_invalid', async () => {
    const [signer, other] = await Promise.all([createMiniAppSigner(), createMiniAppSigner()]);
    const verify = deliveryVerifier({ sender: miniAppSender({ verifyAppKey: signer.verifyAppKey }) });
    const asAnother = await verify({ body: JSON.stringify(await signer.sign({ event: 'miniapp_removed' }, { fid: 4 })) });
    expect(asAnother).toMatchObject({ ok: false, status: 401, code: 'app_key_invalid' });
    const { body } = await other.delivery({ event: 'miniapp_removed' });
    expect(await verify({ body })).toMatchObject({ ok: false, status: 401, code: 'app_key_invalid' });
  });

  it('signs header and payload as given, so a swapped payload is refused 401 app_signature_mismatch', async () => {
    const signer = await createMiniAppSigner();
    const verify = deliveryVerifier({ sender: miniAppSender({ verifyAppKey: signer.verifyAppKey }) });
    const removed = await signer.sign({ event: 'miniapp_removed' });
    const added = await signer.sign({ event: 'miniapp_added' });
    expect(await verify({ body: JSON.stringify({ ...removed, payload: added.payload }) })).toMatchObject({
      status: 401,
      code: 'app_signature_mismatch',
    });
    const signature = Buffer.from(await signer.signEncoded(removed.header, removed.payload)).toString('base64url');
    expect(await verify({ body: JSON.stringify({ ...removed, signature }) })).toMatchObject({ ok: true });
  });

  it('is listed by a local hub as verifyAppKeyWithHub reads it: the key, and the app’s FID in the metadata', async () => {
    const signer = await createMiniAppSigner({ fid: 5, appFid: 12 });
    expect(decodeRequestFid(decodeBase64(signer.signerEvent.signerEventBody.metadata)!)).toBe(12);
    const asked: string[] = [];
    const hub = async (url: URL) => {
      asked.push(url.href);
      const events = url.searchParams.get('fid') === '5' ? [signer.signerEvent] : [];
      return Response.json({ events });
    };
    const verifyAppKey = verifyAppKeyWithHub({ hubUrl: 'http://hub.test', fetch: hub });
    expect(await verifyAppKey(5, signer.appKey)).toEqual({ valid: true, appFid: 12 });
    expect(await verifyAppKey(6, signer.appKey)).toEqual({ valid: false });
    expect(asked).toEqual(['http://hub.test/v1/onChainSignersByFid?fid=5', 'http://hub.test/v1/onChainSignersByFid?fid=6']);
    expect(signer.signerEvent).toMatchObject({ type: 'EVENT_TYPE_SIGNER', fid: 5, signerEventBody: { key: signer.appKey, keyType: 1 } });
  });

  it.each([
    ['a fid of 0', { fid: 0 }, /`fid` must be a whole number, 1 or more \(default 3\); got 0/],
    ['a fractional appFid', { appFid: 1.5 }, /`appFid` must be a whole number, 0 or more \(default 9152\); got 1.5/],
  ])('refuses %s with invalid_options', async (_name, options, message) => {
    const error: unknown = await createMiniAppSigner(options).catch((caught: unknown) => caught);
    expect(isWebhookError(error) && error.code).toBe('invalid_options');
    expect((error as Error).message).toMatch(message);
  });
});
