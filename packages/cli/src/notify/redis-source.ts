import { redisNotificationHistory, redisNotificationLimiter, redisTokenStore, type RedisEvalClient } from '@social-webhooks/redis';
import { connectRedis } from '../args/connect-redis.js';
import { stringFlag } from '../args/parse-command-args.js';
import { CliError } from '../cli-error.js';
import type { CommandContext } from '../command.js';
import type { TokenSource } from './token-source.js';

const COMMAND = 'notify';

/**
 * A `redisTokenStore` (`--prefix`, default the store's own) and a `redisNotificationLimiter` on the
 * Redis of `url`: the same keys a receiver's `applyMiniAppEvent` and every other sender use, so the
 * limits and the record of what was sent hold across processes and runs. With them, unless
 * `--no-history`, a `redisNotificationHistory` at its default prefix, as `broadcasts` and `timeline`
 * read it: what this run sent is listed there beside what the app's own senders wrote.
 * @throws {CliError} `usage_error` for a URL that is not redis:// or rediss://; `network_error` when
 *   Redis does not answer within `--timeout`.
 */
export async function openRedisSource(context: CommandContext, url: string, intervalMs: number | undefined): Promise<TokenSource> {
  const redis = await connectRedis(context, url, '--redis', COMMAND);
  const { where } = redis;
  // Each call bounded by --timeout: a Redis that stops answering fails the command, never hangs it.
  const bounded: RedisEvalClient = { eval: (script, options) => redis.within(redis.client.eval(script, options)) };
  const prefix = stringFlag(context.values, 'prefix', COMMAND);
  const store = redisTokenStore({ client: bounded, ...(prefix !== undefined && { prefix }) });
  const limiter = redisNotificationLimiter({ client: bounded, ...(intervalMs !== undefined && { intervalMs }) });
  const history = context.values['no-history'] === true ? undefined : redisNotificationHistory({ client: bounded });
  return {
    where,
    store,
    limiter,
    ...(history !== undefined && { history }),
    // The store and the limiter throw only what the client throws: Redis lost, or not answering.
    failure: (error) =>
      new CliError(
        'network_error',
        `${where} failed while notifying: ${(redis.lost() ?? (error as Error)).message}. Is redis-server running?`,
        {
          command: COMMAND,
          cause: error,
        },
      ),
    close: async () => redis.close(),
  };
}
