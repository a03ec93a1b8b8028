import { fileURLToPath } from 'node:url';
import { buildDelivery, sampleEvent } from '@social-webhooks/core/testing';
import { startChildServer, type ChildServer } from './child-server.js';
import type { RedisServer } from './redis-server.js';

// Receiver and worker processes of the queue tests (support/queue-receiver.ts, queue-worker.ts).
// Node itself with tsx's loader, not the tsx command: that one runs the script in a child process
// of its own, so a SIGKILL to it would leave the script running.
export const QUEUE_SECRET = 'queue-secret';
const NODE_ARGS = ['--import', 'tsx', '--conditions=source'];
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const RECEIVER = fileURLToPath(new URL('./queue-receiver.ts', import.meta.url));
const WORKER = fileURLToPath(new URL('./queue-worker.ts', import.meta.url));

export function startQueueReceiver(redis: RedisServer, queue: string, env: Record<string, string> = {}): Promise<ChildServer> {
  return startChildServer(process.execPath, [...NODE_ARGS, RECEIVER], {
    cwd: ROOT,
    env: { REDIS_URL: redis.url, QUEUE: queue, WEBHOOK_SECRET: QUEUE_SECRET, ...env },
  });
}

export function startQueueWorker(redis: RedisServer, queue: string, env: Record<string, string> = {}): Promise<ChildServer> {
  return startChildServer(process.execPath, [...NODE_ARGS, WORKER], {
    cwd: ROOT,
    env: { REDIS_URL: redis.url, QUEUE: queue, ...env },
    ready: /^(READY)$/,
  });
}

/** A follow.created payload with its own id. */
export const followEvent = (id: string): Record<string, unknown> => ({ ...sampleEvent('follow.created').data, id });

/** POSTs one delivery; answers the status, the parsed body and how long the answer took. */
export async function deliver(
  port: number,
  data: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: unknown; ms: number }> {
  const built = buildDelivery({ secret: QUEUE_SECRET, data });
  const started = performance.now();
  const response = await fetch(`http://127.0.0.1:${port}/webhook`, {
    method: 'POST',
    headers: { ...built.headers, ...headers },
    body: built.body,
  });
  return { status: response.status, body: await response.json(), ms: performance.now() - started };
}

/** The payload ids a worker's handler completed, one entry per run. */
export function completed(workers: readonly ChildServer[]): string[] {
  return workers
    .flatMap((worker) => worker.lines)
    .filter((line) => line.startsWith('DONE '))
    .map((line) => line.split(' ')[2] ?? '');
}

/** Polls `check` every 50 ms until it holds or `ms` pass; answers whether it held. */
export async function eventually(check: () => boolean, ms = 15_000): Promise<boolean> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return true;
}

/**
 * Reads `read()` every 50 ms, each read awaited before the next (so none is left in flight when the
 * test closes its connections), until `done` holds for a reading; answers that reading, or the last
 * one after `ms`.
 */
export async function pollUntil<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 15_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** SIGKILL to the child's own process id; waits until it is gone. */
export function kill(server: ChildServer): Promise<void> {
  return new Promise((resolve) => {
    if (server.child.exitCode !== null || server.child.signalCode !== null) return resolve();
    server.child.once('exit', () => resolve());
    server.child.kill('SIGKILL');
  });
}
