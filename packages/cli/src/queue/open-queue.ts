import { Queue, type ConnectionOptions } from 'bullmq';
import { DEFAULT_TIMEOUT_MS } from '@social-webhooks/client';
import { CliError } from '../cli-error.js';
import type { CommandContext } from '../command.js';
import { stringFlag } from '../args/parse-command-args.js';

/** The default queue name, as the README's quickstart names it. */
export const DEFAULT_QUEUE = 'webhooks';
/** A local redis-server. */
export const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';

/** An open queue and how to close it. */
export interface OpenQueue {
  readonly queue: Queue;
  readonly where: string;
  /** Runs `work`, failing with `network_error` when Redis does not answer within `--timeout`. */
  bounded<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/**
 * The queue named by `--queue` / `$WEBHOOKS_QUEUE` (default `webhooks`) on the Redis of
 * `--redis-url` / `$REDIS_URL` (default `redis://127.0.0.1:6379`).
 * @throws {CliError} `usage_error` for a URL that is not `redis://` or `rediss://`.
 */
export function openQueue(context: CommandContext, command: string): OpenQueue {
  const url = stringFlag(context.values, 'redis-url', command) ?? nonEmpty(context.io.env.REDIS_URL) ?? DEFAULT_REDIS_URL;
  const name = stringFlag(context.values, 'queue', command) ?? nonEmpty(context.io.env.WEBHOOKS_QUEUE) ?? DEFAULT_QUEUE;
  const connection = toConnection(url, command);
  const queue = new Queue(name, { connection });
  // Queue emits `error` on a lost connection; the bounded calls below report it instead.
  queue.on('error', () => undefined);
  const where = `queue ${JSON.stringify(name)} at ${redacted(url)}`;
  return {
    queue,
    where,
    bounded: (work) => boundedByTimeout(context, where, 'Set --redis-url or REDIS_URL.', work),
    // BullMQ disconnects a queue that never connected rather than waiting for a graceful quit.
    close: () => queue.close(),
  };
}

/**
 * Runs `work`, failing with `network_error` when Redis (at `where`) does not answer within
 * `--timeout` (the same default as every command's); `hint` says which flag names that Redis.
 */
export function boundedByTimeout<T>(context: CommandContext, where: string, hint: string, work: () => Promise<T>): Promise<T> {
  const timeoutMs = context.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () =>
        reject(new CliError('network_error', `Redis did not answer within ${timeoutMs} ms (${where}). Is redis-server running? ${hint}`)),
      timeoutMs,
    );
    work()
      .then(resolve, reject)
      .finally(() => clearTimeout(timer));
  });
}

/** BullMQ's connection options of a `redis://` or `rediss://` URL, failing at once while Redis is away. */
export function toConnection(text: string, command: string): ConnectionOptions {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new CliError('usage_error', `--redis-url must be a URL such as ${DEFAULT_REDIS_URL}; got ${JSON.stringify(redacted(text))}`, {
      command,
    });
  }
  if (url.protocol !== 'redis:' && url.protocol !== 'rediss:') {
    throw new CliError('usage_error', `--redis-url must start with redis:// or rediss://; got ${url.protocol}//`, { command });
  }
  const db = url.pathname.length > 1 ? Number(url.pathname.slice(1)) : 0;
  return {
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: url.port === '' ? 6379 : Number(url.port),
    ...(url.username === '' ? {} : { username: decodeURIComponent(url.username) }),
    ...(url.password === '' ? {} : { password: decodeURIComponent(url.password) }),
    ...(Number.isSafeInteger(db) ? { db } : {}),
    ...(url.protocol === 'rediss:' ? { tls: {} } : {}),
    // Fail a command at once while Redis is away, rather than queue it until reconnected.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
  };
}

// A URL may carry a password; messages show it without.
function redacted(text: string): string {
  return text.replace(/\/\/[^@/]*@/, '//***@');
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value;
}
