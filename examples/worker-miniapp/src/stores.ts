import {
  cloudflareAppKeyStore,
  cloudflareNotificationLimiter,
  cloudflareTokenStore,
  notificationConsumer,
  queueBroadcaster,
} from '@social-webhooks/cloudflare';
import { createNotifier, verifyAppKeyWithHub, verifyAppKeyWithNeynar } from '@social-webhooks/core';
import type { Env } from './env.js';

/**
 * Everything the Worker keeps, in the Durable Object bound as STATE, built once per isolate from its
 * bindings: every isolate shares the object, so a token saved by one is read by all, a limit is
 * taken once, and the hub lookup budget is one for the whole app.
 */
export function storesOf(env: Env) {
  const storage = { durableObject: env.STATE };
  const tokens = cloudflareTokenStore(storage);
  const limiter = cloudflareNotificationLimiter(storage);
  const appKeys = cloudflareAppKeyStore(storage);
  return {
    storage,
    tokens,
    verifyAppKey:
      env.HUB_URL !== undefined
        ? verifyAppKeyWithHub({ hubUrl: env.HUB_URL, store: appKeys })
        : verifyAppKeyWithNeynar({ apiKey: env.NEYNAR_API_KEY ?? '', store: appKeys }),
    notifier: createNotifier({ store: tokens, limiter, domain: env.DOMAIN }),
    broadcaster: queueBroadcaster({ queue: env.NOTIFICATIONS, domain: env.DOMAIN }),
    sendBatches: notificationConsumer({ queue: env.NOTIFICATIONS, store: tokens, limiter }),
  };
}

export type Stores = ReturnType<typeof storesOf>;
