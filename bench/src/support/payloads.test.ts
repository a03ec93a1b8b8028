import { describe, expect, it } from 'vitest';
import { createHmac } from 'node:crypto';
import { neynarSender, type NeynarEvents } from '@social-webhooks/core';
import { createWebhookReceiver } from '@social-webhooks/core/adapter';
import { BENCH_SECRET, paddedFollowBody, paddedNeynarBody } from './payloads.js';

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
