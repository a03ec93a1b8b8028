import { createClient } from 'redis';
import { DEFAULT_TIMEOUT_MS } from '@social-webhooks/client';
import { CliError } from '../cli-error.js';
import type { CommandContext } from '../command.js';

/** A connected node-redis client, each call bounded by `--timeout` through {@link RedisConnection.within}. */
export interface RedisConnection {
  readonly client: ReturnType<typeof createClient>;
  /** For the messages: `Redis redis://…`, the password left out. */
  readonly where: string;
  /** `work`, or a rejection once `--timeout` has passed without its answer. */
  within<T>(work: Promise<T>): Promise<T>;
  /** The error the connection reported, if it was lost (more telling than a command's own). */
  lost(): Error | undefined;
  close(): void;
}

/**
 * Connects to the Redis of `url`, failing at once while Redis is away rather than queueing commands.
 * @throws {CliError} `usage_error` for a URL that is not redis:// or rediss:// (`flag` names it);
 *   `network_error` when Redis does not answer within `--timeout`.
 */
export async function connectRedis(context: CommandContext, url: string, flag: string, command: string): Promise<RedisConnection> {
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {
    parsed = undefined;
  }
  if (parsed === undefined || (parsed.protocol !== 'redis:' && parsed.protocol !== 'rediss:')) {
    throw new CliError(
      'usage_error',
      `${flag} expects a redis:// or rediss:// URL, such as redis://127.0.0.1:6379; got ${JSON.stringify(redacted(url))}`,
      { command },
    );
  }
  const where = `Redis ${redacted(url)}`;
  const timeoutMs = context.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const client = createClient({ url, disableOfflineQueue: true, socket: { connectTimeout: timeoutMs, reconnectStrategy: false } });
  let lost: Error | undefined;
  client.on('error', (error: Error) => (lost ??= error));
  try {
    // The connection's handshake is a command too, which a hung Redis never answers.
    await within(client.connect(), timeoutMs);
  } catch (error) {
    try {
      client.destroy();
    } catch {
      // Never connected: nothing to close.
    }
    throw new CliError('network_error', `could not reach ${where}: ${(error as Error).message}. Is redis-server running?`, {
      command,
      cause: error,
    });
  }
  return {
    client,
    where,
    within: (work) => within(work, timeoutMs),
    lost: () => lost,
    // Every call was awaited (or given up on): nothing is left to flush.
    close: () => client.destroy(),
  };
}

function within<T>(work: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  // The late answer, or the error of a client destroyed meanwhile, is not waited for.
  work.catch(() => undefined);
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** `text` with a URL's password (`//user:password@`) left out, for messages. */
export function redacted(text: string): string {
  return text.replace(/\/\/[^@/]*@/, '//***@');
}
