import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDelivery, buildNeynarDelivery } from '@social-webhooks/core/testing';
import { startChildServer, type ChildServer } from '../../../test/support/child-server.js';
import { freePort } from '../../../test/support/free-port.js';

const app = fileURLToPath(new URL('..', import.meta.url));
const next = createRequire(import.meta.url).resolve('next/dist/bin/next', { paths: [app] });
const SECRETS = { 'follow.created': 'next-follow-secret', 'profile.updated': 'next-profile-secret' };
const NEYNAR_SECRET = 'next-edge-neynar-secret';

// The app as a user deploys it: `next build` in CI or a Docker image without any secret (the
// environment below has no WEBHOOK_SECRET), then `next start` with the secret set at run time.
describe('nextjs-route on Next 16: next build (Turbopack) without the secrets, then next start', () => {
  let server: ChildServer;
  let url: string;
  let buildMs: number;

  beforeAll(async () => {
    // Next bundles the packages as published, from dist: `pnpm build` makes it.
    if (!existsSync(fileURLToPath(new URL('../../../packages/core/dist/index.js', import.meta.url)))) {
      throw new Error('packages/core/dist is missing: run `pnpm build` first (pnpm test does).');
    }
    const env: NodeJS.ProcessEnv = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' };
    delete env['WEBHOOK_SECRET'];
    const started = performance.now();
    await promisify(execFile)(process.execPath, [next, 'build'], { cwd: app, env, timeout: 240_000, maxBuffer: 16 * 1024 * 1024 });
    buildMs = performance.now() - started;
    const port = await freePort();
    server = await startChildServer(process.execPath, [next, 'start', '--port', String(port), '--hostname', '127.0.0.1'], {
      cwd: app,
      env: { NEXT_TELEMETRY_DISABLED: '1', WEBHOOK_SECRET: JSON.stringify(SECRETS), NEYNAR_WEBHOOK_SECRET: NEYNAR_SECRET },
      ready: /Ready in/,
      timeoutMs: 60_000,
    });
    url = `http://127.0.0.1:${port}/api/webhook`;
  }, 300_000);

  afterAll(async () => {
    await server?.stop();
  });

  it('is the Next.js a newcomer installs today: 16', () => {
    const manifest = createRequire(import.meta.url).resolve('next/package.json', { paths: [app] });
    const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version: string };
    expect(version).toMatch(/^16\./);
  });

  it('builds in reasonable time', () => {
    // Next 16 on a loaded 2-core machine: 16 s with .next left by an earlier build; a first build
    // spent 39 s compiling (Turbopack) and 14 s type-checking. The bound only catches a build gone wrong.
    expect(buildMs).toBeLessThan(240_000);
  });

  it('answers 200 to a valid delivery, in the envelope and the flat form, and runs the handlers', async () => {
    const envelope = buildDelivery({ secret: SECRETS['follow.created'], eventName: 'follow.created' });
    const flat = buildDelivery({ secret: SECRETS['profile.updated'], eventName: 'profile.updated', form: 'flat' });
    for (const delivery of [envelope, flat]) {
      const response = await fetch(url, { method: 'POST', ...delivery });
      expect([response.status, await response.json()]).toEqual([200, 'ok']);
    }
    await expect
      .poll(() => server.lines.join('\n'))
      .toMatch(/follow\.created: 3761 -> 326089 \(\/api\/webhook\)[\s\S]*profile\.updated: user /);
  });

  it('answers 401 to a forged delivery', async () => {
    const response = await fetch(url, { method: 'POST', ...buildDelivery({ secret: 'forged-value' }) });
    expect(response.status).toBe(401);
    expect(((await response.json()) as { error: string }).error).toBe('header_mismatch');
  });

  it('answers 405 to GET', async () => {
    expect((await fetch(url)).status).toBe(405);
  });

  it.each([
    ['Node.js', '/api/neynar', 'node'],
    ['Edge', '/api/neynar-edge', 'edge'],
  ])('on the %s runtime, answers a signed Neynar delivery 200 and runs its handler, a forged one 401', async (_runtime, path, tag) => {
    const route = url.replace('/api/webhook', path);
    const genuine = await buildNeynarDelivery({ secret: NEYNAR_SECRET, type: 'cast.created' });
    const response = await fetch(route, { method: 'POST', ...genuine });
    expect([response.status, await response.json()]).toEqual([200, 'ok']);
    await expect.poll(() => server.lines.join('\n')).toMatch(new RegExp(`cast\\.created: 0x\\w+ by \\d+ \\(${tag}\\)`));
    const forged = await buildNeynarDelivery({ secret: 'forged-secret', type: 'cast.created' });
    const refused = await fetch(route, { method: 'POST', ...forged });
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { error: string }).error).toBe('signature_mismatch');
  });

  it('on the Edge runtime, answers a chunked body over the limit 413 at once, not 408 after bodyTimeoutMs', async () => {
    const edge = url.replace('/api/webhook', '/api/neynar-edge');
    const { headers } = await buildNeynarDelivery({ secret: NEYNAR_SECRET, type: 'cast.created' });
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 64) controller.enqueue(new TextEncoder().encode('x'.repeat(1024)));
        else controller.close();
      },
    });
    const started = performance.now();
    const response = await fetch(edge, { method: 'POST', headers, body, duplex: 'half' } as RequestInit);
    expect(response.status).toBe(413);
    expect(performance.now() - started).toBeLessThan(4_000);
  });

  it('answers 413 to a body over the 1 MiB limit', async () => {
    const { headers } = buildDelivery({ secret: SECRETS['follow.created'] });
    const body = JSON.stringify({ eventName: 'follow.created', data: { padding: 'x'.repeat(2 * 1024 * 1024) } });
    const response = await fetch(url, { method: 'POST', headers, body });
    expect(response.status).toBe(413);
    expect(((await response.json()) as { error: string }).error).toBe('payload_too_large');
  });
});
