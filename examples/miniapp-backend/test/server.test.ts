import { fileURLToPath } from 'node:url';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisTokenStore } from '@social-webhooks/redis';
import { startEmulator, type Emulator } from '@social-webhooks/emulator';
import { startChildServer, type ChildServer } from '../../../test/support/child-server.js';
import { startRedis, type RedisServer } from '../../../test/support/redis-server.js';
import { keyLookupFromEnv, storesFromEnv } from '../src/config-from-env.js';

// The server as `pnpm start` runs it, configured by its environment: the emulator's URL as its hub,
// and a real redis-server (started here; support/redis-server.ts fails loudly when it is missing).
describe('src/server.ts with HUB_URL and REDIS_URL', () => {
  let emulator: Emulator;
  let redis: RedisServer;
  let server: ChildServer;
  let client: ReturnType<typeof createClient>;
  beforeAll(async () => {
    [emulator, redis] = await Promise.all([startEmulator(), startRedis()]);
    client = createClient({ url: redis.url });
    await client.connect();
    const tsx = fileURLToPath(new URL('../node_modules/.bin/tsx', import.meta.url));
    server = await startChildServer(tsx, ['--conditions=source', 'src/server.ts'], {
      cwd: fileURLToPath(new URL('..', import.meta.url)),
      env: { PORT: '0', HUB_URL: emulator.url, REDIS_URL: redis.url, NOTIFY_TOKEN: 'start-notify-token' },
      ready: /localhost:(\d+)\/webhook \(tokens in Redis\)/,
    });
  });
  afterAll(async () => {
    await server?.stop();
    await client?.quit();
    await Promise.all([emulator?.stop(), redis?.stop()]);
  });

  it('keeps the token in Redis, where another instance finds it, and notifies with it', async () => {
    const webhookUrl = `http://127.0.0.1:${server.port}/webhook`;
    const sent = await emulator.miniApp.send({ to: webhookUrl, event: 'notifications_enabled', fid: 3 });
    expect((await emulator.miniApp.waitForDelivery(sent.deliveryId)).state).toBe('delivered');
    const token = (sent.payload as { notificationDetails: { token: string } }).notificationDetails.token;
    expect(await redisTokenStore({ client }).get(3)).toEqual([expect.objectContaining({ fid: 3, appFid: 9152, token })]);

    const answer = await fetch(`http://127.0.0.1:${server.port}/notify`, {
      method: 'POST',
      headers: { authorization: 'Bearer start-notify-token', 'content-type': 'application/json' },
      body: JSON.stringify({ notificationId: 'n-1', title: 'Hello', body: 'From Redis', targetUrl: 'https://app.example.com/' }),
    });
    expect(await answer.json()).toMatchObject({ notificationId: 'n-1', targets: 1, successful: 1, invalid: 0, rateLimited: 0, failed: {} });
    expect(emulator.miniApp.notifications().at(-1)?.recipients).toEqual([{ token, fid: 3, appFid: 9152 }]);
  });
});

describe('configuration from the environment', () => {
  it('asks for a hub or a Neynar API key when it has neither', () => {
    expect(() => keyLookupFromEnv({})).toThrow(/Set HUB_URL to a Farcaster hub .* or NEYNAR_API_KEY/);
    expect(keyLookupFromEnv({ HUB_URL: 'http://127.0.0.1:4010' })).toBeTypeOf('function');
    expect(keyLookupFromEnv({ NEYNAR_API_KEY: 'key' })).toBeTypeOf('function');
  });

  it('keeps tokens in memory without REDIS_URL', async () => {
    const { tokens, close } = await storesFromEnv({});
    await tokens.save({ fid: 1, appFid: 2, url: 'https://client.example/notify', token: 't' });
    expect(await tokens.get(1)).toHaveLength(1);
    await close();
  });
});
