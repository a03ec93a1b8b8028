import { describe, expect, it } from 'vitest';
import { maskHeaders } from './mask-headers.js';

describe('maskHeaders', () => {
  it('keeps the first 4 characters of the secret header and masks the rest, leaving the others', () => {
    const masked = maskHeaders({ 'x-airstack-webhook': 'AbCdEfGhIjKlMnOpQrStUvWx', 'content-type': 'application/json' }, 'x-airstack-webhook');
    expect(masked).toEqual({ 'x-airstack-webhook': `AbCd${'*'.repeat(20)}`, 'content-type': 'application/json' });
  });
});
