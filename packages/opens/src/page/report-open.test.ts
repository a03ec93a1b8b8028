import { describe, expect, it, vi } from 'vitest';
import { reportOpen, type QuickAuthFetch } from './report-open.js';

const fromNotification = (clientFid?: unknown) => ({
  location: { type: 'notification', notification: { notificationId: 'digest-1', title: 'Digest', body: '3 new casts' } },
  client: { clientFid, added: true },
});

describe('reportOpen', () => {
  it('posts { notificationId, clientFid } as JSON, and leaves out a clientFid that is not a FID', async () => {
    const sent: { url: string; init: RequestInit }[] = [];
    const fetch: QuickAuthFetch = (url, init) => (sent.push({ url, init }), Promise.resolve({ ok: true }));
    expect(await reportOpen({ context: fromNotification(9152), fetch, url: '/api/opens' })).toBe(true);
    expect(await reportOpen({ context: fromNotification('9152'), fetch, url: '/api/opens' })).toBe(true);
    expect(sent.map(({ url, init }) => [url, init.method, init.headers, init.body])).toEqual([
      ['/api/opens', 'POST', { 'content-type': 'application/json' }, '{"notificationId":"digest-1","clientFid":9152}'],
      ['/api/opens', 'POST', { 'content-type': 'application/json' }, '{"notificationId":"digest-1"}'],
    ]);
  });

  it('resolves false, never rejecting, when the receiver refuses, the fetch rejects, or it does not answer in time', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const context = fromNotification(9152);
      expect(await reportOpen({ context, fetch: () => Promise.resolve({ ok: false }), url: '/api/opens' })).toBe(false);
      expect(await reportOpen({ context, fetch: () => Promise.reject(new TypeError('Failed to fetch')), url: '/api/opens' })).toBe(false);
      let signal: AbortSignal | undefined;
      const hanging: QuickAuthFetch = (_url, init) => ((signal = init.signal ?? undefined), new Promise(() => undefined));
      expect(await reportOpen({ context, fetch: hanging, url: '/api/opens', timeoutMs: 50 })).toBe(false);
      expect(signal?.aborted).toBe(true);
      expect(await reportOpen({ context, fetch: undefined as unknown as QuickAuthFetch, url: '/api/opens' })).toBe(false);
      expect(warn).toHaveBeenCalledTimes(2);
    } finally {
      warn.mockRestore();
    }
  });

  it.each([
    ['launched from the launcher', { location: { type: 'launcher' } }],
    ['a notification without an id', { location: { type: 'notification', notification: {} } }],
    ['no location', {}],
    ['no context', undefined],
  ])('sends nothing and resolves false for %s', async (_case, context) => {
    const fetch = vi.fn<QuickAuthFetch>();
    expect(await reportOpen({ context, fetch, url: '/api/opens' })).toBe(false);
    expect(fetch).not.toHaveBeenCalled();
  });
});
