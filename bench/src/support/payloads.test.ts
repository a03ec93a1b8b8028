import { describe, expect, it } from 'vitest';
import { createWebhookReceiver } from '@social-webhooks/core/adapter';
import { BENCH_SECRET, paddedFollowBody } from './payloads.js';

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
