// A Mini App receiver process for the key lookup tests: Express 5, miniAppSender with
// verifyAppKeyWithHub, its store in Redis. One route per budget, each with a store of its own
// prefix. Configured by the environment; prints `LISTENING <port>` once it listens, and each error
// line the receiver logs as `ERROR <line>`.
import express from 'express5';
import { createClient } from 'redis';
import { miniAppSender, verifyAppKeyWithHub } from '@social-webhooks/core';
import { webhookHandler } from '@social-webhooks/express';
import { redisAppKeyStore } from '@social-webhooks/redis';
import { LOOKUP_ROUTES } from './lookup-routes.js';

const env = (name: string): string => {
  const value = process.env[name];
  if (value === undefined) throw new Error(`lookup-receiver: set ${name}`);
  return value;
};

const client = createClient({ url: env('REDIS_URL'), disableOfflineQueue: true });
client.on('error', () => undefined);
await client.connect();

const app = express();
const logger = { error: (message: string) => void process.stdout.write(`ERROR ${message.replace(/\n/g, ' ')}\n`) };
for (const [route, options] of Object.entries(LOOKUP_ROUTES)) {
  const store = redisAppKeyStore({ client, prefix: `${env('PREFIX')}${route}:` });
  const verifyAppKey = verifyAppKeyWithHub({ hubUrl: env('HUB_URL'), ...options, store });
  app.post(`/${route}`, webhookHandler({ sender: miniAppSender({ verifyAppKey }), on: { miniapp_removed: () => undefined }, logger }));
}
const server = app.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`LISTENING ${typeof address === 'object' && address !== null ? address.port : ''}\n`);
});
process.once('SIGTERM', () => {
  server.close();
  void client.quit().finally(() => process.exit(0));
});
