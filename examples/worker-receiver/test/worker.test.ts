import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDelivery, buildDeliveryRequest } from '@social-webhooks/core/testing';
import { createWebhookRoute } from '../src/app.js';
import { parseSecret } from '../src/parse-secret.js';

describe('worker-receiver route', () => {
  it('handles a delivery and answers 401 to a forged one', async () => {
    const lines: string[] = [];
    const handle = createWebhookRoute('worker-example-secret', (line) => lines.push(line));
    expect((await handle(buildDeliveryRequest({ secret: 'worker-example-secret' }))).status).toBe(200);
    expect((await handle(buildDeliveryRequest({ secret: 'forged' }))).status).toBe(401);
    expect(lines[0]).toBe('follow.created: 3761 -> 326089');
    expect(lines[1]).toMatch(/^social-webhooks: delivery answered: 401 header_mismatch /);
  });

  it('is built before its secret exists, as the Worker builds it, and says how to set it on the first delivery', async () => {
    const lines: string[] = [];
    const env: { WEBHOOK_SECRET?: string } = {};
    const handle = createWebhookRoute(() => parseSecret(env.WEBHOOK_SECRET), (line) => lines.push(line));
    const response = await handle(buildDeliveryRequest({ secret: 'worker-example-secret' }));
    expect([response.status, ((await response.json()) as { error: string }).error]).toEqual([500, 'invalid_options']);
    expect(lines[0]).toMatch(/`secret` is missing\. Pass the header_value/);
    env.WEBHOOK_SECRET = 'worker-example-secret';
    expect((await handle(buildDeliveryRequest({ secret: 'worker-example-secret' }))).status).toBe(200);
  });
});

// The Worker bundled as wrangler would (browser platform: no Node built-ins) and run on workerd.
describe('on workerd (Miniflare)', () => {
  let miniflare: Miniflare;
  let url: URL;
  // What the Worker's console printed, kept out of the test output and checked below.
  let printed = '';
  beforeAll(async () => {
    const bundle = await build({
      entryPoints: [fileURLToPath(new URL('../src/worker.ts', import.meta.url))],
      bundle: true,
      format: 'esm',
      platform: 'browser',
      conditions: ['source'],
      write: false,
      logLevel: 'silent',
    });
    miniflare = new Miniflare({
      modules: true,
      script: bundle.outputFiles[0]!.text,
      compatibilityDate: '2025-01-01',
      bindings: { WEBHOOK_SECRET: '{"follow.created":"worker-start-secret"}' },
      handleRuntimeStdio: (stdout: Readable, stderr: Readable) => {
        stdout.on('data', (chunk: Buffer) => (printed += chunk.toString()));
        stderr.on('data', (chunk: Buffer) => (printed += chunk.toString()));
      },
    });
    url = await miniflare.ready;
  }, 60_000);
  afterAll(async () => {
    await miniflare?.dispose();
  });

  const post = (secret: string, form: 'flat' | 'envelope', eventName?: 'follow.created' | 'profile.updated') => {
    const { headers, body } = buildDelivery({ secret, form, ...(eventName && { eventName }) });
    return fetch(new URL('/webhook', url), { method: 'POST', headers, body });
  };

  it('handles a flat delivery typed by its bound secret', async () => {
    const response = await post('worker-start-secret', 'flat');
    expect([response.status, await response.json()]).toEqual([200, 'ok']);
  });

  it('refuses a forged delivery and an envelope that claims another event, logging each without the secret', async () => {
    expect((await post('forged', 'envelope')).status).toBe(401);
    expect((await post('worker-start-secret', 'envelope', 'profile.updated')).status).toBe(401);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(printed).toContain('follow.created: 3761 -> 326089');
    expect(printed).toContain('delivery answered: 401 header_mismatch');
    expect(printed).toContain('delivery answered: 401 event_mismatch (profile.updated)');
    expect(printed).not.toContain('worker-start-secret');
  });

  it('serves a health check', async () => {
    expect(await (await fetch(new URL('/health', url))).json()).toEqual({ ok: true });
  });
});
