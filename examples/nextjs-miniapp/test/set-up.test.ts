import { afterEach, describe, expect, it, vi } from 'vitest';
import { hasBearer } from '../src/lib/bearer.js';
import { configured } from '../src/lib/configured.js';
import { appDomain } from '../src/lib/env.js';
import { upstashStores } from '../src/lib/upstash.js';

// The pieces every route is made of, called as Next calls a route: a Web Request in, a Response out.
const request = (authorization?: string) =>
  new Request('http://localhost/api/broadcast', { method: 'POST', headers: authorization === undefined ? {} : { authorization } });

describe('configured(): a route made on its first request', () => {
  afterEach(() => vi.restoreAllMocks());

  it('answers 500 not_configured when the set-up throws, logs why, and tries again on the next request', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let attempts = 0;
    const route = configured(() => {
      attempts += 1;
      if (attempts === 1) upstashStores({});
      return async () => new Response('made');
    });
    const first = await route(request());
    expect([first.status, await first.json()]).toEqual([500, { error: 'not_configured' }]);
    expect(errors).toHaveBeenCalledWith(expect.stringMatching(/KV_REST_API_URL and KV_REST_API_TOKEN/));
    expect(await (await route(request())).text()).toBe('made');
    expect(await (await route(request())).text()).toBe('made');
    expect(attempts).toBe(2);
  });
});

describe('hasBearer(): the secret routes’ check', () => {
  it('takes exactly `Bearer <secret>`', () => {
    expect(hasBearer(request('Bearer s3cret-value'), 's3cret-value')).toBe(true);
    for (const given of [
      undefined,
      '',
      's3cret-value',
      'Bearer s3cret-valu',
      'Bearer  s3cret-value',
      'bearer s3cret-value',
      'Basic s3cret-value',
    ]) {
      expect(hasBearer(request(given), 's3cret-value'), String(given)).toBe(false);
    }
  });

  it('opens to nobody when the secret is not set', () => {
    expect(hasBearer(request('Bearer '), '')).toBe(false);
    expect(hasBearer(request('Bearer undefined'), undefined)).toBe(false);
  });
});

describe('appDomain()', () => {
  it('is APP_DOMAIN, else the production domain Vercel sets, else an error that says what to set', () => {
    expect(appDomain({ APP_DOMAIN: 'app.example.com', VERCEL_PROJECT_PRODUCTION_URL: 'x.vercel.app' })).toBe('app.example.com');
    expect(appDomain({ VERCEL_PROJECT_PRODUCTION_URL: 'my-app.vercel.app' })).toBe('my-app.vercel.app');
    expect(() => appDomain({})).toThrow(/set APP_DOMAIN/);
  });
});
