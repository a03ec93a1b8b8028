import { serve } from '@hono/node-server';
import { createApp } from './app.js';
import { keyLookupFromEnv, storesFromEnv } from './config-from-env.js';

const verifyAppKey = keyLookupFromEnv();
const { tokens, limiter, close } = await storesFromEnv();
const app = createApp({
  verifyAppKey,
  tokens,
  ...(limiter && { limiter }),
  domain: process.env['APP_DOMAIN'] || 'app.example.com',
  notifyToken: process.env['NOTIFY_TOKEN'] || undefined,
});
const server = serve({ fetch: app.fetch, port: Number(process.env['PORT'] ?? 3000) }, (info) => {
  console.log(
    `miniapp-backend listening on http://localhost:${info.port}/webhook (tokens in ${process.env['REDIS_URL'] ? 'Redis' : 'memory'})`,
  );
});
const stop = () => server.close(() => void close().finally(() => process.exit(0)));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
