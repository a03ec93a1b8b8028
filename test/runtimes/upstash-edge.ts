// The Mini App webhook route and the Redis stores in Vercel's Edge Runtime (the `edge-runtime`
// package runs the same VM Vercel's edge functions and Next.js's `runtime = 'edge'` routes run in):
// a script that answers `fetch` events, @upstash/redis built from `process.env` as on Vercel.
// `POST /webhook`: the four Mini App events, checked against the hub at HUB_URL, the tokens and
// keys in Upstash; `POST /stores`: what upstash-stores-app.ts answers on every runtime.
import { Redis } from '@upstash/redis';
import { applyMiniAppEvent, miniAppSender, verifyAppKeyWithHub, webhookHandler, type MiniAppEvent } from '@social-webhooks/core';
import { redisAppKeyStore, redisTokenStore } from '@social-webhooks/redis';
import { STORES_PATH, upstashStoresApp } from './upstash-stores-app.js';

declare const process: { env: Record<string, string | undefined> };
interface FetchEvent {
  readonly request: Request;
  respondWith(response: Promise<Response>): void;
}
declare function addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;

const redis = Redis.fromEnv();
const tokens = redisTokenStore({ client: redis });
const apply = (event: MiniAppEvent) => applyMiniAppEvent(tokens, event);
const webhook = webhookHandler({
  sender: miniAppSender({
    verifyAppKey: verifyAppKeyWithHub({ hubUrl: process.env['HUB_URL']!, store: redisAppKeyStore({ client: redis }) }),
  }),
  on: { miniapp_added: apply, miniapp_removed: apply, notifications_enabled: apply, notifications_disabled: apply },
});
const stores = upstashStoresApp(redis);

addEventListener('fetch', (event) => {
  event.respondWith(new URL(event.request.url).pathname === STORES_PATH ? stores(event.request) : webhook(event.request));
});
