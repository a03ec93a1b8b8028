// A notification worker process for the broadcast tests: a Redis token store and limiter, and a
// `fetch` that holds each answer DELAY_MS before handing it on (a client's answer on its way), so a
// SIGKILL lands between a delivery and our record of it. Prints `READY`, then `BATCH <successful>` per batch.
import { notificationWorker } from '@social-webhooks/bullmq';
import { redisNotificationLimiter, redisTokenStore } from '@social-webhooks/redis';
import { createClient } from 'redis';
import { redisConnection } from './redis-connection.js';

const url = process.env.REDIS_URL;
if (url === undefined) throw new Error('notify-worker: set REDIS_URL');
const delayMs = Number(process.env.DELAY_MS ?? 0);
const client = createClient({ url });
await client.connect();
const write = (line: string) => process.stdout.write(`${line}\n`);

const { worker, close } = notificationWorker({
  connection: redisConnection(url),
  queueName: process.env.QUEUE ?? 'notifications',
  store: redisTokenStore({ client }),
  limiter: redisNotificationLimiter({ client }),
  concurrency: Number(process.env.CONCURRENCY ?? 4),
  retryDelayMs: 10,
  logger: false,
  fetch: async (input, init) => {
    const response = await fetch(input, init);
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    return response;
  },
  onBatch: (result) => {
    write(`BATCH ${result.successful.length}`);
  },
  // Short lock and stalled check, so a killed worker's batches are taken over within seconds.
  workerOptions: { lockDuration: 1000, stalledInterval: 500 },
});
await worker.waitUntilReady();
write('READY');
process.once('SIGTERM', () => void close().finally(() => process.exit(0)));
