import { createNotifier } from '@social-webhooks/core';
import { redisNotificationLimiter, redisTokenStore } from '@social-webhooks/redis';
import { createClient } from 'redis';
import { heapAfterGc } from './notify/heap-after-gc.js';

// The child process of the notify section's memory rows: `node dist/notify-memory.js <redis port>
// <limiter prefix> [<options JSON>]` broadcasts the Redis store it finds to the URLs its tokens hold, as an app's
// process would (createNotifier, the Redis store and limits), sampling its resident memory every
// 50 ms from the moment it is connected. Its own process, so what the bench did before (the stores
// it filled, the rows it ran) is not in the figure. The options JSON (the pace section's
// {"concurrency":64}) is passed on to createNotifier. Prints one line of JSON.
const [port, prefix = 'bench-memory', json = '{}'] = process.argv.slice(2);
const client = createClient({ url: `redis://127.0.0.1:${port}` });
await client.connect();
const heapBefore = heapAfterGc();
const before = process.memoryUsage().rss;
let peak = before;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
const started = performance.now();
const cpu = process.cpuUsage();
const report = await createNotifier({
  store: redisTokenStore({ client }),
  limiter: redisNotificationLimiter({ client, prefix }),
  logger: false,
  ...(JSON.parse(json) as { concurrency?: number }),
}).send({ notificationId: prefix, title: 'Bench', body: 'A broadcast', targetUrl: 'https://app.example.com/' }, { to: 'all' });
const seconds = (performance.now() - started) / 1000;
const { user, system } = process.cpuUsage(cpu);
clearInterval(sampler);
peak = Math.max(peak, process.memoryUsage().rss);
const heapAfter = heapAfterGc();
await client.quit();
console.log(
  JSON.stringify({
    seconds,
    cpuSeconds: (user + system) / 1e6,
    successful: report.successful,
    rssBefore: before,
    rssPeak: peak,
    heapBefore,
    heapAfter,
  }),
);
