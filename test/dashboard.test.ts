import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:http';
import { serve } from '@hono/node-server';
import express5 from 'express5';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { dashboardHandler, honoDashboard, type DashboardOptions, type DeadLetterQueue } from '@social-webhooks/dashboard';
import { nodeDashboard } from '@social-webhooks/dashboard/node';
import { FIXTURE_SECRET, FIXTURE_TOKEN, fixtureDeliveries, memoryArchive } from './support/memory-archive.js';

// The production page behind the app's authentication, over its Web handler and mounted on real
// loopback servers (Express, Hono on @hono/node-server, node:http), read from an archive of real
// signed deliveries and a dead-letter queue of plain objects (test/bullmq-dead-letters.test.ts and
// test/e2e/dashboard-page.test.ts run it on BullMQ).
const ADMIN = 'Bearer admin-token-9c1d';
const authorize: DashboardOptions['authorize'] = (request) => request.headers.get('authorization') === ADMIN;
const now = Date.now();

function queueOf(name: string, ids: string[]): DeadLetterQueue & { retried: string[] } {
  const retried: string[] = [];
  return {
    name,
    retried,
    list: () =>
      Promise.resolve({
        total: ids.length,
        jobs: ids.map((id) => ({ id, eventName: 'follow.created', attemptsMade: 5, failedReason: '<b>db down</b>', failedAt: now })),
      }),
    retry: (chosen) => {
      retried.push(...chosen);
      return Promise.resolve(chosen);
    },
  };
}

interface Mounted {
  readonly url: string;
  close(): Promise<void>;
}
const listen = (server: Server): Promise<Mounted> =>
  new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        close: () => new Promise((done) => server.close(() => done())),
      }),
    ),
  );

const mounts: readonly { name: string; mount(options: DashboardOptions): Promise<Mounted> }[] = [
  {
    name: 'Express 5, beside its own routes and express.urlencoded()',
    mount: (options) => {
      const app = express5();
      app.use(express5.urlencoded({ extended: false }));
      app.use(nodeDashboard(options));
      app.get('/health', (_req, res) => void res.send('ok'));
      return listen(createServer(app));
    },
  },
  {
    name: 'Hono on @hono/node-server',
    mount: (options) => {
      const app = new Hono();
      const page = honoDashboard(options);
      app.all('/admin', page);
      app.all('/admin/*', page);
      app.get('/health', (c) => c.text('ok'));
      return listen(serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }) as Server);
    },
  },
  { name: 'node:http', mount: (options) => listen(createServer(nodeDashboard(options))) },
];

describe.each(mounts)('the production page on $name', ({ name, mount }) => {
  let server: Mounted;
  const queue = queueOf('webhooks', ['job-1', 'job-2']);
  const replayed: string[][] = [];
  beforeAll(async () => {
    const archive = memoryArchive(await fixtureDeliveries(now));
    server = await mount({
      basePath: '/admin',
      authorize,
      archive,
      deadLetters: queue,
      replay: (ids) => Promise.resolve(void replayed.push([...ids])),
    });
  });
  afterAll(() => server?.close());
  const get = (path: string, headers: Record<string, string> = { authorization: ADMIN }) => fetch(`${server.url}${path}`, { headers });
  const post = (path: string, form: Record<string, string>, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${path}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { authorization: ADMIN, origin: server.url, 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(form).toString(),
    });

  it('refuses every page and action without the app’s authentication: 401 JSON, no page', async () => {
    for (const path of ['/admin', '/admin/deliveries/d-miniapp', '/admin/dead-letters']) {
      const response = await get(path, {});
      expect([response.status, response.headers.get('content-type')]).toEqual([401, 'application/json; charset=utf-8']);
      expect(await response.json()).toEqual({ error: 'unauthorized', message: expect.any(String) });
    }
    expect((await post('/admin/dead-letters/retry', { queue: 'webhooks', id: 'job-1' }, { authorization: 'Bearer nope' })).status).toBe(
      401,
    );
    expect(queue.retried).toEqual([]);
  });

  it('shows deliveries by sender and outcome per hour, under a strict CSP', async () => {
    const response = await get('/admin');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toMatch(/^default-src 'none'; style-src 'nonce-[^']+'; form-action 'self'/);
    const page = await response.text();
    expect(page).not.toContain('<script');
    for (const column of ['airstack handler_failed', 'miniapp handled', 'neynar handled']) expect(page).toContain(column);
    expect(page.match(/<tr>\s*<td>\d{4}-\d\d-\d\dT\d\d:00:00Z<\/td>/g)).toHaveLength(3);
    expect(page).toMatch(/<a href="\/admin\/dead-letters">webhooks<\/a><\/td>\s*<td class="n">2<\/td>/);
    if (name !== 'node:http') expect(await (await get('/health', {})).text()).toBe('ok');
  });

  it('shows a delivery’s detail with no token or secret value, and escapes what it shows', async () => {
    const page = await (await get('/admin/deliveries/d-miniapp')).text();
    expect(page).toContain('notifications_enabled');
    expect(page).toContain('decoded from base64url');
    expect(page).toContain('&quot;token&quot;: &quot;[masked]&quot;');
    expect(page).toContain('https://api.farcaster.xyz/v1/frame-notifications');
    expect(page).not.toContain(FIXTURE_TOKEN);
    const founding = await (await get('/admin/deliveries/d-founding')).text();
    expect(founding).toContain('handler_failed');
    expect(founding).not.toContain(FIXTURE_SECRET);
    const dead = await (await get('/admin/dead-letters')).text();
    expect(dead).toContain('&lt;b&gt;db down&lt;/b&gt;');
    expect((await get('/admin/deliveries/nope')).status).toBe(404);
  });

  it('retries a dead letter and replays a delivery from a same-origin POST, and refuses one from elsewhere', async () => {
    const crossSite = await post('/admin/dead-letters/retry', { queue: 'webhooks', id: 'job-1' }, { origin: 'https://evil.example' });
    expect([crossSite.status, (await crossSite.json()) as unknown]).toEqual([403, { error: 'cross_origin', message: expect.any(String) }]);
    const fetchMetadata = await post('/admin/dead-letters/retry', { queue: 'webhooks', id: 'job-1' }, { 'sec-fetch-site': 'cross-site' });
    expect(fetchMetadata.status).toBe(403);
    expect((await post('/admin/dead-letters/retry', { queue: 'webhooks', id: 'job-1' }, { origin: 'null' })).status).toBe(403);
    expect(queue.retried).toEqual([]);

    const retried = await post('/admin/dead-letters/retry', { queue: 'webhooks', id: 'job-1' });
    expect([retried.status, retried.headers.get('location')]).toEqual([303, '/admin/dead-letters?notice=retried']);
    const all = await post('/admin/dead-letters/retry', { queue: 'webhooks', all: '1' });
    expect(all.headers.get('location')).toBe('/admin/dead-letters?notice=retried_all');
    expect(queue.retried).toEqual(['job-1', 'job-1', 'job-2']);
    expect((await post('/admin/dead-letters/retry', { queue: 'other', id: 'job-1' })).status).toBe(400);

    const replay = await post('/admin/replay', { id: 'd-founding' });
    expect([replay.status, replay.headers.get('location')]).toEqual([303, '/admin/deliveries/d-founding?notice=replayed']);
    expect(replayed).toEqual([['d-founding']]);
    expect((await post('/admin/replay', { id: 'nope' })).status).toBe(404);
  });
});

describe('dashboardHandler', () => {
  const request = (path: string, init: RequestInit = {}) => new Request(`https://app.example${path}`, init);

  it('hides the replay button without `replay`, and answers its action 404', async () => {
    const handle = dashboardHandler({ authorize: () => true, archive: memoryArchive(await fixtureDeliveries(now)) });
    const page = await (await handle(request('/webhooks-admin/failures'))).text();
    expect(page).toContain('d-founding');
    expect(page).not.toContain('Replay</button>');
    const response = await handle(request('/webhooks-admin/replay', { method: 'POST', headers: { origin: 'https://app.example' } }));
    expect(response.status).toBe(404);
  });

  it('fails closed: an authorize that throws, or an archive that cannot be read, answers 503 with its code', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const throwing = dashboardHandler({ authorize: () => Promise.reject(new Error('session store down')) });
    expect(await (await throwing(request('/webhooks-admin'))).json()).toMatchObject({ error: 'authorize_failed' });
    const broken = dashboardHandler({
      authorize: () => true,
      archive: { list: () => Promise.reject(new Error('redis down')), get: () => Promise.reject(new Error('redis down')) },
    });
    const response = await broken(request('/webhooks-admin/deliveries'));
    expect([response.status, await response.json()]).toEqual([503, { error: 'archive_unavailable', message: expect.any(String) }]);
    // The cause goes to the log, never to the page.
    expect(logged.mock.calls.map(([line]) => line)).toEqual([
      '@social-webhooks/dashboard: authorize() threw; the request was refused.',
      '@social-webhooks/dashboard: archive_unavailable.',
    ]);
    logged.mockRestore();
  });

  it('refuses options it cannot run with, saying how to fix them', () => {
    expect(() => dashboardHandler({} as DashboardOptions)).toThrow(/^@social-webhooks\/dashboard: `authorize` is required/);
    expect(() => dashboardHandler({ authorize, basePath: 'admin/' })).toThrow(/`basePath` must be a path such as "\/admin\/webhooks"/);
    expect(() => dashboardHandler({ authorize, hours: 0 })).toThrow(/`hours` must be a whole number of hours/);
    expect(() => dashboardHandler({ authorize, deadLetters: [queueOf('q', []), queueOf('q', [])] })).toThrow(/names a queue twice/);
  });
});
