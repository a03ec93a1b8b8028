// A worker process for the queue tests. Prints `READY` once connected, then `START <jobId>` as a
// handler starts and `DONE <jobId> <payload id>` as it completes (or `FAILED <jobId>`).
import { webhookWorker, type JobContext } from '@social-webhooks/bullmq';
import { redisConnection } from './redis-connection.js';

const env = (name: string): string => {
  const value = process.env[name];
  if (value === undefined) throw new Error(`queue-worker: set ${name}`);
  return value;
};

const handlerMs = Number(process.env.HANDLER_MS ?? 0);
const write = (line: string) => process.stdout.write(`${line}\n`);
const handle = async (event: { data: { id?: string | null | undefined } }, { job }: JobContext) => {
  write(`START ${job.id ?? ''}`);
  if (handlerMs > 0) await new Promise((resolve) => setTimeout(resolve, handlerMs));
  write(`DONE ${job.id ?? ''} ${event.data.id ?? ''}`);
};

const { worker, close } = webhookWorker({
  queueName: env('QUEUE'),
  connection: redisConnection(env('REDIS_URL')),
  concurrency: Number(process.env.CONCURRENCY ?? 1),
  on: { 'follow.created': handle, 'profile.updated': handle },
  onError: () => undefined,
  // Short lock and stalled check, so a killed worker's job is taken over within seconds.
  workerOptions: { lockDuration: 1000, stalledInterval: 500 },
});
await worker.waitUntilReady();
write('READY');
process.once('SIGTERM', () => void close().finally(() => process.exit(0)));
