import { createClient } from 'redis';
import { DEFAULT_TIMEOUT_MS } from '@social-webhooks/client';
import { redisNotificationLimiter, redisTokenStore } from '@social-webhooks/redis';
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
export async function openRedisSource(context: CommandContext, url: string): Promise<TokenSource> {
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
    await client.connect();
  } catch (error) {
    throw new CliError('network_error', `could not reach ${where}: ${(error as Error).message}. Is redis-server running?`, {
      command: COMMAND,
      cause: error,
    });
  }
  const prefix = stringFlag(context.values, 'prefix', COMMAND);
  const store = redisTokenStore({ client, ...(prefix !== undefined && { prefix }) });
  const limiter = redisNotificationLimiter({ client });
  return {
    where,
    store,
    limiter,
    failure: (error) =>
      new CliError('network_error', `${where} failed while notifying: ${(lost ?? (error as Error)).message}`, {
        command: COMMAND,
        cause: error,
      }),
    close: async () => {
      await client.quit().catch(() => undefined);
    },
  };
}

// A URL may carry a password; messages show it without.
function redacted(text: string): string {
  return text.replace(/\/\/[^@/]*@/, '//***@');
}
