import { createHmac } from 'node:crypto';
import * as nodeCrypto from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { createHmacSha512 } from './hmac-sha512.js';

describe('HMAC-SHA512', () => {
  it.each([
    ['node:crypto', createHmacSha512(nodeCrypto)],
    ['Web Crypto', createHmacSha512(null)],
  ])('%s gives the digest createHmac gives, for any secret and body', async (_name, hmac) => {
    await fc.assert(
      fc.asyncProperty(fc.string({ minLength: 1 }), fc.uint8Array({ maxLength: 2048 }), async (secret, body) => {
        const expected = createHmac('sha512', secret).update(body).digest('hex');
        const digest = await hmac(secret, body);
        expect(typeof digest === 'string' ? digest : Buffer.from(digest).toString('hex')).toBe(expected);
      }),
      { numRuns: 200 },
    );
  });

  it('is synchronous on Node, where node:crypto is reached without an import, and gives hex digits', () => {
    expect(createHmacSha512()('s', new Uint8Array([1]))).toMatch(/^[0-9a-f]{128}$/);
  });

  it('signs through Web Crypto, asynchronously, when told to', () => {
    expect(createHmacSha512(null)('s', new Uint8Array([1]))).toBeInstanceOf(Promise);
  });

  it('looks node:crypto up on the first signature, once, not when it is built', () => {
    const lookup = vi.spyOn(process, 'getBuiltinModule');
    try {
      const hmac = createHmacSha512();
      expect(lookup).not.toHaveBeenCalled();
      hmac('s', new Uint8Array([1]));
      hmac('s', new Uint8Array([2]));
      expect(lookup.mock.calls).toEqual([['node:crypto']]);
    } finally {
      lookup.mockRestore();
    }
  });
});
