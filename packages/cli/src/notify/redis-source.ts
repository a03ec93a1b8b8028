import { createClient } from 'redis';
import { DEFAULT_TIMEOUT_MS } from '@social-webhooks/client';
import { redisNotificationLimiter, redisTokenStore, type RedisEvalClient } from '@social-webhooks/redis';
import { stringFlag } from '../args/parse-command-args.js';
import { CliError } from '../cli-error.js';
import type { CommandContext } from '../command.js';
import type { TokenSource } from './token-source.js';

const COMMAND = 'notify';

/**
 * A `redisTokenStore` (`--prefix`, default the store's own) and a `redisNotificationLimiter` on the
 * Redis of `url`: the same keys a receiver's `applyMiniAppEvent` and every other sender use, so the
 * limits and the record of what was sent hold across processes and runs.
 * @throws {CliError} `usage_error` for a URL that is not redis:// or rediss://; `network_error` when
 *   Redis does not answer within `--timeout`.
 */
export async function openRedisSource(context: CommandContext, url: string, intervalMs: number | undefined): Promise<TokenSource> {
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {
    parsed = undefined;
  }
  if (parsed === undefined || (parsed.protocol !== 'redis:' && parsed.protocol !== 'rediss:')) {
    throw new CliError(
      'usage_error',
      `--redis expects a redis:// or rediss:// URL, such as redis://127.0.0.1:6379; got ${JSON.stringify(redacted(url))}`,
      {
        command: COMMAND,
      },
    );
  }
  const where = `Redis ${redacted(url)}`;
  const timeoutMs = context.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  // Fail a command at once while Redis is away, rather than queue it until reconnected.
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
      command: COMMAND,
      cause: error,
    });
  }
  // Each call bounded by --timeout: a Redis that stops answering fails the command, never hangs it.
  const bounded: RedisEvalClient = { eval: (script, options) => within(client.eval(script, options), timeoutMs) };
  const prefix = stringFlag(context.values, 'prefix', COMMAND);
  const store = redisTokenStore({ client: bounded, ...(prefix !== undefined && { prefix }) });
  const limiter = redisNotificationLimiter({ client: bounded, ...(intervalMs !== undefined && { intervalMs }) });
  return {
    where,
    store,
    limiter,
    // The store and the limiter throw only what the client throws: Redis lost, or not answering.
    failure: (error) =>
      new CliError('network_error', `${where} failed while notifying: ${(lost ?? (error as Error)).message}. Is redis-server running?`, {
        command: COMMAND,
        cause: error,
      }),
    // Every call was awaited (or gave up on): nothing is left to flush.
    close: async () => client.destroy(),
  };
}

/** `work`, or a rejection once `timeoutMs` has passed without its answer. */
function within<T>(work: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  // The late answer, or the error of a client destroyed meanwhile, is not waited for.
  work.catch(() => undefined);
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

// A URL may carry a password; messages show it without.
function redacted(text: string): string {
  return text.replace(/\/\/[^@/]*@/, '//***@');
}
