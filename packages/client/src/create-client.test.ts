import { describe, expect, it } from 'vitest';
import { createClient } from './create-client.js';
import { ApiError, isApiError } from './errors.js';
import type { ClientOptions } from './options.js';

function optionsError(options: unknown): ApiError {
  try {
    createClient(options as ClientOptions);
  } catch (error) {
    if (isApiError(error)) return error;
    throw error;
  }
  throw new Error('createClient accepted the options');
}

describe('createClient', () => {
  it('builds a client with the three documented calls', () => {
    const client = createClient({ apiKey: 'key' });
    expect(Object.keys(client).sort()).toEqual(['createWebhook', 'deleteWebhook', 'testFilter']);
  });

  it.each([
    ['a missing key', {}, /apiKey: required/],
    ['an empty key', { apiKey: '' }, /apiKey: required/],
    ['a Bearer scheme', { apiKey: 'Bearer abc' }, /no "Bearer" scheme/],
    ['spaces around the key', { apiKey: ' abc\n' }, /spaces or line breaks/],
    ['a relative base URL', { apiKey: 'k', baseUrl: 'webhooks.example' }, /baseUrl: not an absolute URL/],
    ['a non-http base URL', { apiKey: 'k', baseUrl: 'ftp://example.com' }, /expects an http\(s\) URL/],
    ['a base URL with a query', { apiKey: 'k', baseUrl: 'https://example.com/?a=1' }, /query or a fragment/],
    ['a zero timeout', { apiKey: 'k', timeoutMs: 0 }, /timeoutMs: expects a positive number/],
    ['no options at all', undefined, /apiKey: required/],
  ])('refuses %s with invalid_options', (_name, options, reason) => {
    const error = optionsError(options);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.code).toBe('invalid_options');
    expect(error.message).toMatch(/^@social-webhooks\/client: invalid options for createClient/);
    expect(error.reasons.join('\n')).toMatch(reason);
  });

  it('never puts the API key in an error', () => {
    expect(optionsError({ apiKey: 'Bearer s3cr3t-key' }).message).not.toContain('s3cr3t');
  });

  it("does not change the caller's options", () => {
    const options = Object.freeze({ apiKey: 'k', baseUrl: 'https://example.com/prefix/' });
    createClient(options);
    expect(options).toEqual({ apiKey: 'k', baseUrl: 'https://example.com/prefix/' });
  });
});
