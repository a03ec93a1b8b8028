import { beforeAll, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { webhookHandler } from '../../web/webhook-handler.js';
import { createWebhookReceiver } from '../../receiver.js';
import { memoryStore } from '../../dedupe/memory-store.js';
import { miniAppSender } from './miniapp-sender.js';
import { createMiniAppTestSigner, type MiniAppTestSigner } from './sign-event.js';
import type { VerifyAppKey } from './app-key-check.js';
import type { MiniAppEvent, NotificationDetails } from './types.js';

const FID = 3;
const APP_FID = 9152;
const DETAILS = { url: 'https://api.farcaster.xyz/v1/frame-notifications', token: 'a05b0599-e1b7-4568-9fb9-ef67e4840db2' };
let signer: MiniAppTestSigner;
beforeAll(async () => {
  signer = await createMiniAppTestSigner();
});

/** A lookup that knows `signer`'s key for FID 3, registered by the app 9152. */
const knownKey: VerifyAppKey = async (fid, appKey) =>
  fid === FID && appKey.toLowerCase() === signer.appKey ? { valid: true, appFid: APP_FID } : { valid: false };

describe('miniAppSender in the pipeline', () => {
  it('has no header to check, and hands the typed event to its handler', async () => {
    const seen: MiniAppEvent[] = [];
    const handle = webhookHandler({
      sender: miniAppSender({ verifyAppKey: knownKey }),
      on: { notifications_enabled: (event) => void seen.push(event) },
    });
    const response = await handle(post(await signer.sign(FID, { event: 'notifications_enabled', notificationDetails: DETAILS })));
    expect(response.status).toBe(200);
    expect(seen).toEqual([
      { eventName: 'notifications_enabled', data: { fid: FID, appFid: APP_FID, appKey: signer.appKey, notificationDetails: DETAILS } },
    ]);
  });

  it('hands an unknown event to onUnknownEvent with a 200', async () => {
    const onUnknownEvent = vi.fn();
    const handle = webhookHandler({ sender: miniAppSender({ verifyAppKey: knownKey }), onUnknownEvent });
    const response = await handle(post(await signer.sign(FID, { event: 'miniapp_add_rejected' })));
    expect(response.status).toBe(200);
    expect(onUnknownEvent.mock.calls[0]?.[0]).toMatchObject({ eventName: 'miniapp_add_rejected', data: { fid: FID, appFid: APP_FID } });
  });

  it('never takes an identical body for a duplicate: removed, added, removed leaves no token, dedupe or not', async () => {
    const keys: string[] = [];
    const store = memoryStore();
    const handled = vi.fn();
    const handle = webhookHandler({
      sender: miniAppSender({ verifyAppKey: knownKey }),
      on: { miniapp_removed: handled },
      dedupe: { store: { ...store, claim: (key, token, lease) => (keys.push(key), store.claim(key, token, lease)) } },
    });
    const body = await signer.sign(FID, { event: 'miniapp_removed' });
    const answers = [];
    for (let round = 0; round < 2; round++) answers.push(await (await handle(post(body))).json());
    expect(answers).toEqual(['ok', 'ok']);
    expect(handled).toHaveBeenCalledTimes(2);
    // Nothing identifies a Mini App delivery, so nothing is claimed.
    expect(keys).toEqual([]);
  });

  it('verifies a body a framework parsed first: the signed strings survive parsing, and a tampered one still fails', async () => {
    const receiver = createWebhookReceiver({ sender: miniAppSender({ verifyAppKey: knownKey }), logger: false });
    expect(receiver.header).toBeUndefined();
    const value = await signer.sign(FID, { event: 'miniapp_removed' });
    const parsed = (body: unknown) =>
      receiver.receive({
        header: undefined,
        contentType: 'application/json',
        contentLength: undefined,
        readBody: () => ({ kind: 'parsed', value: body }),
        context: undefined,
      });
    expect(await parsed(value)).toMatchObject({ status: 200, code: 'no_handler' });
    // Another event's payload under this signature: a body changed after it was signed.
    const other = await signer.sign(FID, { event: 'notifications_disabled' });
    expect(await parsed({ ...value, payload: other.payload })).toMatchObject({ status: 401, code: 'app_signature_mismatch' });
  });
});
describe('miniAppSender options', () => {
  it.each([
    ['no options', undefined, /takes an options object/],
    ['no verifyAppKey', {}, /needs `verifyAppKey`.*verifyAppKeyWithHub\(\{ hubUrl \}\).*verifyAppKeyWithNeynar\(\{ apiKey \}\)/],
    ['a verifyAppKey that is a string', { verifyAppKey: 'https://hub' }, /needs `verifyAppKey`/],
    ['a timeout of 0', { verifyAppKey: knownKey, verifyAppKeyTimeoutMs: 0 }, /`verifyAppKeyTimeoutMs` must be a positive whole number/],
    ['a misspelled option', { verifyAppkey: knownKey }, /no option `verifyAppkey`/],
  ])('refuses %s when the receiver is built', (_name, options, message) => {
    expect(() => webhookHandler({ sender: miniAppSender(options as never) })).toThrow(
      expect.objectContaining({ code: 'invalid_options', message: expect.stringMatching(message) }),
    );
  });

  it('names the adapter package that builds it', () => {
    expect(() => createWebhookReceiver({ sender: miniAppSender({} as never) }, '@social-webhooks/express')).toThrow(
      /^@social-webhooks\/express: miniAppSender/,
    );
  });
});
describe('miniAppSender types', () => {
  it('narrows each event, and refuses a handler for an event it does not send', () => {
    webhookHandler({
      sender: miniAppSender({ verifyAppKey: knownKey }),
      on: {
        notifications_enabled: (event) => expectTypeOf(event.data.notificationDetails).toEqualTypeOf<NotificationDetails>(),
        miniapp_added: (event) => expectTypeOf(event.data.notificationDetails).toEqualTypeOf<NotificationDetails | undefined>(),
        miniapp_removed: (event) => {
          expectTypeOf(event.data.fid).toEqualTypeOf<number>();
          // @ts-expect-error: removal carries no notification details
          void event.data.notificationDetails;
        },
      },
    });
    expect(() =>
      webhookHandler({
        sender: miniAppSender({ verifyAppKey: knownKey }),
        // @ts-expect-error: legacy names are mapped before the handlers: there is no frame_added handler
        on: { frame_added: () => undefined },
      }),
    ).toThrow(/unknown key "frame_added"/);
  });

  it('takes the reference lookup type as it is', () => {
    type Reference = (fid: number, appKey: string) => Promise<{ valid: true; appFid: number } | { valid: false }>;
    expectTypeOf<Reference>().toExtend<VerifyAppKey>();
  });
});
function post(body: unknown): Request {
  return new Request('http://x/', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}
