import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBroadcasts } from '@social-webhooks/core';
import { buildNeynarDelivery } from '@social-webhooks/core/testing';
import { startEmulator, type Emulator } from '@social-webhooks/emulator';
import { redisBroadcastRecords, redisNotificationLimiter, redisTokenStore } from '@social-webhooks/redis';
import { startChildServer, type ChildServer } from '../../../test/support/child-server.js';
import { freePort } from '../../../test/support/free-port.js';
import { startRedis, type RedisServer } from '../../../test/support/redis-server.js';
import { startUpstashRest, type UpstashRest } from '../../../test/support/upstash-rest.js';

const app = fileURLToPath(new URL('..', import.meta.url));
const next = createRequire(import.meta.url).resolve('next/dist/bin/next', { paths: [app] });
const BROADCAST_SECRET = 'broadcast-secret-for-tests';
const CRON_SECRET = 'cron-secret-for-tests';
const NEYNAR_SECRET = 'nextjs-miniapp-neynar-secret';
const digest = { notificationId: 'digest-2026-11-27', title: 'Today', body: 'What happened today.', targetUrl: 'https://app.example.com/' };

// The app as it is deployed on Vercel: `next build` with no variable set, then `next start` (a real
// server on loopback) with the variables Vercel's marketplace sets for Upstash (KV_REST_API_URL and
// _TOKEN, here the REST stand-in in front of a real redis-server). The emulator is the Farcaster
// client (it signs the events, issues the tokens and receives the notifications) and the hub.
describe('nextjs-miniapp on Next 16 with Upstash: next build, then next start', () => {
  let emulator: Emulator;
  let redis: RedisServer;
  let rest: UpstashRest;
  let client: ReturnType<typeof createClient>;
  let server: ChildServer;
  let base: string;

  beforeAll(async () => {
    // Next bundles the packages as published, from dist: `pnpm build` makes it.
    for (const name of ['core', 'redis']) {
      if (!existsSync(fileURLToPath(new URL(`../../../packages/${name}/dist/index.js`, import.meta.url)))) {
        throw new Error(`packages/${name}/dist is missing: run \`pnpm build\` first (pnpm test does).`);
      }
    }
    // Built as in CI, with none of the variables the app runs with: nothing reads them at load.
    const unset = new Set(['KV_REST_API_URL', 'KV_REST_API_TOKEN', 'UPSTASH_REDIS_REST_URL', 'UPSTASH_REDIS_REST_TOKEN', 'NEYNAR_API_KEY']);
    const env = { ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !unset.has(name))), NEXT_TELEMETRY_DISABLED: '1' };
    const built = promisify(execFile)(process.execPath, [next, 'build'], { cwd: app, env, timeout: 240_000, maxBuffer: 16 * 1024 * 1024 });
    [emulator, redis] = await Promise.all([
      startEmulator({ miniAppDomain: 'app.example.com', retry: { attempts: 1, baseDelayMs: 10, timeoutMs: 10_000 } }),
      startRedis(),
    ]);
    rest = await startUpstashRest(redis.url);
    client = createClient({ url: redis.url });
    await client.connect();
    await built;
    const port = await freePort();
    server = await startChildServer(process.execPath, [next, 'start', '--port', String(port), '--hostname', '127.0.0.1'], {
      cwd: app,
      env: {
        NEXT_TELEMETRY_DISABLED: '1',
        KV_REST_API_URL: rest.url,
        KV_REST_API_TOKEN: rest.token,
        APP_DOMAIN: 'app.example.com',
        // verifyAppKeyWithNeynar asks the hub at SOCIAL_WEBHOOKS_HUB_URL instead of Neynar's: the emulator's.
        NEYNAR_API_KEY: 'unused-locally',
        // A new user a test: more lookups a second than Starter's 5 when the tests run quickly.
        NEYNAR_LOOKUPS_PER_SECOND: '100',
        SOCIAL_WEBHOOKS_HUB_URL: emulator.url,
        BROADCAST_SECRET,
        CRON_SECRET,
        NEYNAR_WEBHOOK_SECRET: NEYNAR_SECRET,
      },
      ready: /Ready in/,
      timeoutMs: 60_000,
    });
    base = `http://127.0.0.1:${port}`;
  }, 300_000);

  afterAll(async () => {
    await server?.stop();
    await client?.quit();
    await rest?.close();
    await Promise.all([emulator?.stop(), redis?.stop()]);
  });

  const tokens = () => redisTokenStore({ client });
  const deliver = async (event: 'miniapp_added' | 'notifications_enabled', fid: number, notifications?: boolean) => {
    const sent = await emulator.miniApp.send({
      to: `${base}/api/webhook`,
      event,
      fid,
      ...(notifications !== undefined && { notifications }),
    });
    return { sent, delivery: await emulator.miniApp.waitForDelivery(sent.deliveryId) };
  };
  const broadcast = (authorization: string | undefined, body: unknown = digest) =>
    fetch(`${base}/api/broadcast`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(authorization !== undefined && { authorization }) },
      body: JSON.stringify(body),
    });

  it('keeps the token of a signed notifications_enabled in Upstash, where a Node process over TCP reads it', async () => {
    for (const fid of [4, 5, 6]) {
      const { sent, delivery } = await deliver('notifications_enabled', fid);
      expect(delivery.attempts.map(({ status }) => status)).toEqual([200]);
      const { token } = (sent.payload as { notificationDetails: { token: string } }).notificationDetails;
      expect(await tokens().get(fid)).toEqual([
        { fid, appFid: 9152, url: `${emulator.url}/_emulator/miniapp/notifications`, token, enabledAt: expect.any(Number) },
      ]);
    }
    expect(rest.requests).toBeGreaterThan(0);
  });

  it('refuses a broadcast without the secret, or with another, 401, sending nothing', async () => {
    const before = emulator.miniApp.notifications().length;
    for (const authorization of [
      undefined,
      'Bearer wrong-secret',
      BROADCAST_SECRET,
      `Basic ${BROADCAST_SECRET}`,
      `Bearer ${BROADCAST_SECRET}x`,
    ]) {
      const answer = await broadcast(authorization);
      expect([authorization, answer.status, await answer.json()]).toEqual([authorization, 401, { error: 'unauthorized' }]);
    }
    expect(emulator.miniApp.notifications()).toHaveLength(before);
  });

  it('broadcasts with the secret to every user once: a second call is the same broadcast and reaches nobody again', async () => {
    const first = await broadcast(`Bearer ${BROADCAST_SECRET}`);
    expect(first.status).toBe(200);
    const started = (await first.json()) as { id: string; existing: boolean; progress: Record<string, unknown> };
    expect(started).toMatchObject({ existing: false, progress: { targets: 3, successful: 3, invalid: 0, failed: {}, done: true } });
    const again = await broadcast(`Bearer ${BROADCAST_SECRET}`);
    expect([again.status, await again.json()]).toEqual([200, expect.objectContaining({ id: started.id, existing: true })]);
    for (const fid of [4, 5, 6]) {
      expect(emulator.miniApp.received(fid).map(({ notificationId, repeats }) => [notificationId, repeats])).toEqual([
        [digest.notificationId, 0],
      ]);
    }
  });

  it('continues from the cron a broadcast whose function stopped after recording it, and only with CRON_SECRET', async () => {
    // A broadcast recorded in Upstash and never sent, as when the broadcast route's function is
    // stopped right after start(): the same records, written here by a Node process over TCP.
    const news = { ...digest, notificationId: 'news-2026-11-27', title: 'News' };
    const broadcasts = createBroadcasts({
      store: tokens(),
      limiter: redisNotificationLimiter({ client }),
      records: redisBroadcastRecords({ client }),
      domain: 'app.example.com',
      logger: false,
    });
    // Users who had nothing from the app yet: none waits out the clients' 30-second interval.
    const fids = [9, 10, 11];
    for (const fid of fids)
      expect((await deliver('notifications_enabled', fid)).delivery.attempts.map(({ status }) => status)).toEqual([200]);
    const { id } = await broadcasts.start(news, { to: fids });
    const cron = (authorization?: string) =>
      fetch(`${base}/api/cron/broadcasts`, { headers: authorization === undefined ? {} : { authorization } });
    for (const authorization of [undefined, `Bearer ${BROADCAST_SECRET}`, 'Bearer wrong']) {
      expect((await cron(authorization)).status).toBe(401);
    }
    expect(await broadcasts.get(id)).toMatchObject({ done: false, successful: 0 });
    const run = await cron(`Bearer ${CRON_SECRET}`);
    expect(run.status).toBe(200);
    expect(await run.json()).toMatchObject({ done: true, broadcasts: [{ id, successful: 3, done: true }], busy: [] });
    expect(await (await cron(`Bearer ${CRON_SECRET}`)).json()).toEqual({ done: true, broadcasts: [], busy: [] });
    for (const fid of fids)
      expect(emulator.miniApp.received(fid).map(({ notificationId }) => notificationId)).toEqual([news.notificationId]);
    await expect.poll(() => server.lines.join('\n')).toMatch(/broadcast news-2026-11-27 \(\S+\): 3 delivered, done/);
  });

  it('answers a broadcast it cannot send 400, sending nothing: a body that is not an object, a targetUrl off the domain', async () => {
    const before = emulator.miniApp.notifications().length;
    const notObject = await fetch(`${base}/api/broadcast`, {
      method: 'POST',
      headers: { authorization: `Bearer ${BROADCAST_SECRET}` },
      body: 'null',
    });
    expect([notObject.status, ((await notObject.json()) as { error: string }).error]).toEqual([400, 'invalid_json']);
    const offDomain = await broadcast(`Bearer ${BROADCAST_SECRET}`, {
      ...digest,
      notificationId: 'off-domain',
      targetUrl: 'https://elsewhere.example.org/',
    });
    expect([offDomain.status, await offDomain.json()]).toEqual([
      400,
      { error: 'invalid_notification', message: expect.stringMatching(/app\.example\.com/) },
    ]);
    expect(emulator.miniApp.notifications()).toHaveLength(before);
  });

  it('answers a signed miniapp_added 200, then welcomes the user once, after the answer, with after()', async () => {
    const { sent, delivery } = await deliver('miniapp_added', 3);
    const [attempt] = delivery.attempts;
    // The answer's body beside its status, so a failure says which error code the route gave.
    expect({ status: attempt?.status, body: attempt?.response?.body }).toMatchObject({ status: 200 });
    const { token } = (sent.payload as { notificationDetails: { token: string } }).notificationDetails;
    expect(await tokens().get(3)).toEqual([expect.objectContaining({ fid: 3, appFid: 9152, token })]);
    await expect
      .poll(() => emulator.miniApp.received(3).map(({ notificationId }) => notificationId), { timeout: 10_000 })
      .toEqual(['welcome-3']);
    const welcome = emulator.miniApp.notifications().find(({ request }) => request.notificationId === 'welcome-3')!;
    expect(welcome.request).toMatchObject({ title: 'Welcome!', targetUrl: 'https://app.example.com/', tokens: [token] });
    // Received once the event's answer had arrived: sent after the response, not inside the handler.
    expect(Date.parse(welcome.receivedAt)).toBeGreaterThanOrEqual(Date.parse(attempt!.at) + Math.floor(attempt!.latencyMs));
    await expect.poll(() => server.lines.join('\n')).toMatch(/welcome to fid 3: 1 delivered/);
  });

  it('welcomes nobody who added the app with notifications off', async () => {
    const { delivery } = await deliver('miniapp_added', 7, false);
    expect(delivery.attempts.map(({ status }) => status)).toEqual([200]);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(emulator.miniApp.received(7)).toEqual([]);
    expect(await tokens().get(7)).toEqual([]);
  });

  it('refuses a forged miniapp_added 401 and keeps no token from it', async () => {
    const { delivery } = await deliver('notifications_enabled', 8);
    const signed = JSON.parse(delivery.body) as { header: string; payload: string; signature: string };
    const forged = { event: 'miniapp_added', notificationDetails: { url: 'https://evil.example/notify', token: 'stolen' } };
    const tampered = { ...signed, payload: Buffer.from(JSON.stringify(forged)).toString('base64url') };
    const answer = await fetch(`${base}/api/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(tampered),
    });
    expect([answer.status, ((await answer.json()) as { error: string }).error]).toEqual([401, 'app_signature_mismatch']);
    expect((await tokens().get(8)).map(({ url }) => url)).toEqual([`${emulator.url}/_emulator/miniapp/notifications`]);
    const unreadable = await fetch(`${base}/api/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"header":',
    });
    expect(unreadable.status).toBe(400);
  });

  it('handles a Neynar delivery once, its dedupe claim in Upstash, and refuses a forged one 401', async () => {
    const delivery = await buildNeynarDelivery({ secret: NEYNAR_SECRET, type: 'cast.created' });
    for (let i = 0; i < 2; i++) {
      const answer = await fetch(`${base}/api/neynar`, { method: 'POST', ...delivery });
      expect(answer.status).toBe(200);
    }
    const { hash } = (JSON.parse(delivery.body) as { data: { hash: string } }).data;
    await expect.poll(() => server.lines.filter((line) => line.startsWith(`cast ${hash}`))).toHaveLength(1);
    expect(await client.keys('social-webhooks:dedupe:*')).toHaveLength(1);
    const forged = await fetch(`${base}/api/neynar`, {
      method: 'POST',
      ...(await buildNeynarDelivery({ secret: 'forged', type: 'cast.created' })),
    });
    expect([forged.status, ((await forged.json()) as { error: string }).error]).toEqual([401, 'signature_mismatch']);
  });
});
