import { describe, expect, it } from 'vitest';
import { createHmac } from 'node:crypto';
import { deliveryVerifier, miniAppSender, neynarSender, type NeynarEvents } from '@social-webhooks/core';
import { cachedLookup, MINIAPP_KEY_ENV } from '../http/apps/miniapp-lookup.js';
import { createWebhookReceiver } from '@social-webhooks/core/adapter';
import { BENCH_SECRET, miniAppDelivery, paddedFollowBody, paddedNeynarBody } from './payloads.js';

describe('paddedFollowBody', () => {
  it.each([
    [400, 1_000],
    [1_000, 1_000],
    [10_000, 100],
    [100_001, 1_000],
    [1_000_000, 1_000],
  ])('is exactly %i bytes with %i-character fields, and a valid delivery', async (size, fieldLength) => {
    const bytes = paddedFollowBody(size, fieldLength);
    expect(bytes.byteLength).toBe(size);
    const receiver = createWebhookReceiver<undefined>({ secret: BENCH_SECRET });
    const content = { kind: 'bytes', bytes } as const;
    const result = await receiver.receive({
      header: BENCH_SECRET,
      contentType: 'application/json',
      contentLength: size,
      readBody: () => Promise.resolve(content),
      context: undefined,
    });
    expect(result.status).toBe(200);
  });

  it('refuses a size too small for one extra field', () => {
    expect(() => paddedFollowBody(100)).toThrow(/at least/);
  });
});

describe('paddedNeynarBody', () => {
  it.each([4_500, 10_000, 1_000_000])('is exactly %i bytes, and a cast.created a Neynar receiver accepts', async (size) => {
    const bytes = paddedNeynarBody(size);
    expect(bytes.byteLength).toBe(size);
    const receiver = createWebhookReceiver<undefined, NeynarEvents>({ sender: neynarSender({ secrets: BENCH_SECRET }), logger: false });
    const result = await receiver.receive({
      header: createHmac('sha512', BENCH_SECRET).update(bytes).digest('hex'),
      contentType: 'application/json',
      contentLength: size,
      readBody: () => ({ kind: 'bytes', bytes }),
      context: undefined,
    });
    expect(result).toMatchObject({ status: 200, eventName: 'cast.created' });
  });
});

describe('miniAppDelivery', () => {
  it('is a genuine miniapp_added, with details, that miniAppSender accepts through the lookup of the key it hands the servers', async () => {
    const delivery = await miniAppDelivery();
    const appKey = delivery.serverEnv?.[MINIAPP_KEY_ENV];
    expect(appKey).toMatch(/^0x[0-9a-f]{64}$/);
    const verify = deliveryVerifier({ sender: miniAppSender({ verifyAppKey: cachedLookup(appKey!) }) });
    const verdict = await verify({ body: new TextDecoder().decode(delivery.body), headers: delivery.headers });
    expect(verdict).toMatchObject({ ok: true, event: { eventName: 'miniapp_added', data: { fid: 3, appFid: 9152, appKey } } });
    expect(verdict).toHaveProperty('event.data.notificationDetails.url', 'https://api.farcaster.xyz/v1/frame-notifications');
  });

  it('is refused by the lookup of another key: the servers must be given this one', async () => {
    const [delivery, other] = await Promise.all([miniAppDelivery(), miniAppDelivery()]);
    const verify = deliveryVerifier({ sender: miniAppSender({ verifyAppKey: cachedLookup(other.serverEnv![MINIAPP_KEY_ENV]!) }) });
    expect(await verify({ body: new TextDecoder().decode(delivery.body) })).toMatchObject({
      ok: false,
      status: 401,
      code: 'app_key_invalid',
    });
  });
});
