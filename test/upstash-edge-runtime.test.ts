import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { EdgeRuntime, runServer } from 'edge-runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '@social-webhooks/emulator';
import { redisAppKeyStore, redisNotificationLimiter, redisStore, redisTokenStore } from '@social-webhooks/redis';
import { SIGNERS, STORES_PATH, TARGET } from './runtimes/upstash-stores-app.js';
import { useUpstash } from './support/upstash-client.js';

// The Mini App webhook route and the four Redis stores in Vercel's Edge Runtime, through the
// `edge-runtime` package (the VM of Vercel's edge functions, and of Next.js's `runtime = 'edge'`
// routes on Vercel): the script bundled as a browser script, so no Node built-in can resolve, with
// @upstash/redis built from `process.env` over the REST stand-in, the emulator as client and hub.
const upstash = useUpstash();
let emulator: Emulator;
let server: Awaited<ReturnType<typeof runServer>>;

beforeAll(async () => {
  emulator = await startEmulator({ retry: { attempts: 1, baseDelayMs: 10, timeoutMs: 5_000 } });
  const bundle = await build({
    entryPoints: [fileURLToPath(new URL('./runtimes/upstash-edge.ts', import.meta.url))],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    conditions: ['edge-light', 'source'],
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  });
  const env = { UPSTASH_REDIS_REST_URL: upstash.rest.url, UPSTASH_REDIS_REST_TOKEN: upstash.rest.token, HUB_URL: emulator.url };
  const runtime = new EdgeRuntime({
    initialCode: bundle.outputFiles[0]!.text,
    extend: (context) => Object.assign(context, { process: { env } }),
  });
  server = await runServer({ runtime, port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await server?.close();
  await emulator?.stop();
});

describe("the Mini App webhook route in Vercel's Edge Runtime, on Upstash", () => {
  it('keeps the token of a signed miniapp_added in Upstash, where node-redis reads it, and refuses a forgery 401', async () => {
    const webhook = new URL('/webhook', server.url).href;
    const sent = await emulator.miniApp.send({ to: webhook, event: 'miniapp_added', fid: 3 });
    const delivery = await emulator.miniApp.waitForDelivery(sent.deliveryId);
    expect(delivery.attempts.map(({ status }) => status)).toEqual([200]);
    const { token } = (sent.payload as { notificationDetails: { token: string } }).notificationDetails;
    expect(await redisTokenStore({ client: upstash.client }).get(3)).toEqual([expect.objectContaining({ fid: 3, appFid: 9152, token })]);
    // The user's keys, as the hub listed them, cached in Upstash for the next instance.
    expect(await redisAppKeyStore({ client: upstash.client }).getSigners(3)).toMatchObject({ keys: expect.any(Object) });

    const signed = JSON.parse(delivery.body) as { payload: string };
    const forged = { ...signed, payload: Buffer.from(JSON.stringify({ event: 'miniapp_removed' })).toString('base64url') };
    const answer = await fetch(webhook, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(forged) });
    expect([answer.status, ((await answer.json()) as { error: string }).error]).toEqual([401, 'app_signature_mismatch']);
    expect(await redisTokenStore({ client: upstash.client }).get(3)).toHaveLength(1);
  });

  it('claims, keeps tokens, looks up keys and limits notifications on the keys a node-redis store reads', async () => {
    const prefix = 'edge-runtime:';
    const answer = await fetch(new URL(STORES_PATH, server.url), { method: 'POST', body: JSON.stringify({ prefix }) });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({
      claims: ['claimed', 'in_flight'],
      read: [TARGET],
      start: 'fetch',
      kept: { state: 'kept', list: SIGNERS },
      limits: ['allowed', 'limited'],
    });
    const client = upstash.client;
    expect(await redisStore({ client, prefix: `${prefix}dedupe:` }).claim('d1', 'z', 1_000)).toBe('completed');
    expect(await redisTokenStore({ client, prefix: `${prefix}tokens:` }).get(TARGET.fid)).toEqual([TARGET]);
    expect(await redisNotificationLimiter({ client, prefix: `${prefix}notify:` }).claim('n3', [TARGET])).toMatchObject([
      { outcome: 'limited' },
    ]);
  });
});
