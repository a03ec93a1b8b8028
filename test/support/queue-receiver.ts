// A receiver process for the queue tests: Express 5 handing every delivery to a BullMQ queue.
// Configured by the environment; prints `LISTENING <port>` once it listens.
import express from 'express5';
import { Queue } from 'bullmq';
import { webhookHandler } from '@social-webhooks/express';
import { bullmqHandoff } from '@social-webhooks/bullmq';
import { redisConnection } from './redis-connection.js';

const env = (name: string): string => {
  const value = process.env[name];
  if (value === undefined) throw new Error(`queue-receiver: set ${name}`);
  return value;
};

// As the README advises: no offline queue, so an add fails at once while Redis is away.
const queue = new Queue(env('QUEUE'), { connection: { ...redisConnection(env('REDIS_URL')), enableOfflineQueue: false } });
queue.on('error', () => undefined);
await queue.waitUntilReady();

const app = express();
app.post(
  '/webhook',
  webhookHandler({ secret: env('WEBHOOK_SECRET'), handoff: bullmqHandoff({ queue, timeoutMs: Number(process.env.TIMEOUT_MS ?? 1000) }) }),
);
const server = app.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`LISTENING ${typeof address === 'object' && address !== null ? address.port : ''}\n`);
});
process.once('SIGTERM', () => {
  server.close();
  void queue.close().finally(() => process.exit(0));
});
