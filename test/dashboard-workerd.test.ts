import { fileURLToPath } from 'node:url';
import { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleWorker } from './support/runtimes.js';

// The page is runtime-neutral: bundled without Node (test/runtimes/dashboard-worker.ts) and run on
// workerd through Miniflare, it refuses without authorize's yes, renders with it, masks the token,
// retries a dead letter from a same-origin POST, and reads a notification history.
describe('the production page on workerd', () => {
  let miniflare: Miniflare | undefined;
  let base = '';
  beforeAll(async () => {
    const script = await bundleWorker(fileURLToPath(new URL('./runtimes/dashboard-worker.ts', import.meta.url)));
    miniflare = new Miniflare({ modules: true, script, compatibilityDate: '2025-01-01' });
    base = `${(await miniflare.ready).origin}/admin`;
  });
  afterAll(() => miniflare?.dispose());
  const authorization = 'Bearer worker-admin';

  it('refuses, renders, masks and retries', async () => {
    expect((await fetch(base)).status).toBe(401);
    const overview = await fetch(base, { headers: { authorization } });
    expect(overview.status).toBe(200);
    expect(await overview.text()).toContain('miniapp handled');
    const detail = await (await fetch(`${base}/deliveries/w-1`, { headers: { authorization } })).text();
    expect(detail).toContain('&quot;token&quot;: &quot;[masked]&quot;');
    expect(detail).not.toContain('worker-token-4b1e');
    const retried = await fetch(`${base}/dead-letters/retry`, {
      method: 'POST',
      redirect: 'manual',
      headers: { authorization, origin: new URL(base).origin, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'queue=webhooks&id=job-1',
    });
    expect([retried.status, retried.headers.get('location')]).toEqual([303, '/admin/dead-letters?notice=retried']);
    expect(await (await fetch(`${base}/dead-letters`, { headers: { authorization } })).text()).toContain('webhooks: 0 dead letters');
  });

  it('shows the refusals, the broadcasts, a broadcast by reason and a user’s timeline', async () => {
    const read = async (path: string) => (await fetch(`${base}${path}`, { headers: { authorization } })).text();
    expect(await read('')).toMatch(/<td>signature_mismatch<\/td>\s*<td class="n">2<\/td>/);
    expect(await read('/broadcasts')).toMatch(/<tr data-id="w-launch">[\s\S]*Worker launch/);
    expect(await read('/broadcasts/w-launch')).toMatch(/<td>http_500<\/td>\s*<td class="n">1<\/td>/);
    expect(await read('/timeline?fid=6')).toContain('http_500');
  });
});
