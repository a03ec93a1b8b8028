import { createClient } from 'redis';
import {
  memoryTokenStore,
  verifyAppKeyWithHub,
  verifyAppKeyWithNeynar,
  type NotificationLimiter,
  type NotificationTokenStore,
  type VerifyAppKey,
} from '@social-webhooks/core';
import { redisNotificationLimiter, redisTokenStore } from '@social-webhooks/redis';

type Env = Readonly<Record<string, string | undefined>>;

/**
 * The key lookup from the environment: `HUB_URL` (a hub of your own, or `social-webhooks emulate`'s
 * URL in development) or `NEYNAR_API_KEY` (Neynar's hub).
 */
export function keyLookupFromEnv(env: Env = process.env): VerifyAppKey {
  const hubUrl = env['HUB_URL'];
  if (hubUrl !== undefined && hubUrl !== '') return verifyAppKeyWithHub({ hubUrl });
  const apiKey = env['NEYNAR_API_KEY'];
  if (apiKey !== undefined && apiKey !== '') return verifyAppKeyWithNeynar({ apiKey: apiKey.trim() });
  throw new Error('Set HUB_URL to a Farcaster hub (the emulator’s URL in development), or NEYNAR_API_KEY to use Neynar’s hub.');
}

/**
 * The token store and the notification limits from the environment: both in Redis when `REDIS_URL`
 * is set (shared by every instance), else in this process's memory (the notifier's default limiter).
 */
export async function storesFromEnv(
  env: Env = process.env,
): Promise<{ tokens: NotificationTokenStore; limiter: NotificationLimiter | undefined; close(): Promise<void> }> {
  const url = env['REDIS_URL'];
  if (url === undefined || url === '') return { tokens: memoryTokenStore(), limiter: undefined, close: async () => undefined };
  const client = createClient({ url });
  client.on('error', (error: unknown) => console.error('redis:', error));
  await client.connect();
  return {
    tokens: redisTokenStore({ client }),
    limiter: redisNotificationLimiter({ client }),
    close: async () => void (await client.quit()),
  };
}
