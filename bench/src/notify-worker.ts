import { notificationWorker } from '@social-webhooks/bullmq';
import { redisNotificationLimiter, redisTokenStore } from '@social-webhooks/redis';
import { createClient } from 'redis';
import { heapAfterGc } from './notify/heap-after-gc.js';

// A worker process of the pace section: `node dist/notify-worker.js <redis port> <limiter prefix>
// [<options JSON>]` runs `notificationWorker` with the Redis store and limits (the options JSON, such
// as {"concurrency":32}, passed on; the library's defaults otherwise), as an app's worker process
// would. Once ready it says so over IPC and samples its resident memory every 50 ms; asked `report`,
// it closes the worker and answers its figures (with the heap after a full collection at its start
// and once the broadcast is done, when started with --expose-gc), then exits.
const [port, prefix = 'bench-pace', json = '{}'] = process.argv.slice(2);
const client = createClient({ url: `redis://127.0.0.1:${port}` });
await client.connect();
const worker = notificationWorker({
  connection: { host: '127.0.0.1', port: Number(port) },
  store: redisTokenStore({ client }),
  limiter: redisNotificationLimiter({ client, prefix }),
  logger: false,
  ...(JSON.parse(json) as { concurrency?: number }),
});
await worker.worker.waitUntilReady();
const heapBefore = heapAfterGc();
const before = process.memoryUsage().rss;
let peak = before;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
const cpu = process.cpuUsage();
process.send!({ ready: true });
process.on('message', (message) => {
  if (message !== 'report') return;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  const { user, system } = process.cpuUsage(cpu);
  const figures = { cpuSeconds: (user + system) / 1e6, rssBefore: before, rssPeak: peak, heapBefore, heapAfter: heapAfterGc() };
  void worker
    .close()
    .then(() => client.quit())
    .then(() => process.send!({ figures }, () => process.disconnect()));
});
