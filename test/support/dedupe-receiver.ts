// A receiver process for the Redis dedupe tests: Express 5 with a Redis dedupe store. Configured by
// the environment; reports on stdout `LISTENING <port>` once, then `HANDLED <id>` per handler run.
import express from 'express5';
import { createClient } from 'redis';
import type { StoreErrorPolicy } from '@social-webhooks/core';
import { webhookHandler } from '@social-webhooks/express';
import { redisStore } from '@social-webhooks/redis';

const env = (name: string): string => {
  const value = process.env[name];
  if (value === undefined) throw new Error(`dedupe-receiver: set ${name}`);
  return value;
};

const client = createClient({
  url: env('REDIS_URL'),
  // Fail at once while Redis is away, rather than queue until it is back (the receiver's timeout
  // would cut the wait short anyway).
  disableOfflineQueue: true,
  socket: { reconnectStrategy: () => 100 },
});
// Without a listener, the EventEmitter would throw the connection error and stop the process.
client.on('error', () => undefined);
await client.connect();

const handlerMs = Number(env('HANDLER_MS'));
const app = express();
app.post(
  '/webhook',
  webhookHandler({
    secret: env('WEBHOOK_SECRET'),
    dedupe: { store: redisStore({ client }), onStoreError: env('ON_STORE_ERROR') as StoreErrorPolicy, timeoutMs: 500 },
    on: {
      'follow.created': async (event) => {
        process.stdout.write(`HANDLED ${event.data.id ?? ''}\n`);
        await new Promise((resolve) => setTimeout(resolve, handlerMs));
        if (event.data.followerProfileId === 'always-fails') throw new Error('this handler always fails');
      },
    },
    onError: () => undefined,
  }),
);
const server = app.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`LISTENING ${typeof address === 'object' && address !== null ? address.port : ''}\n`);
});
process.once('SIGTERM', () => {
  server.close();
  void client
    .quit()
    .catch(() => undefined)
    .finally(() => process.exit(0));
});
