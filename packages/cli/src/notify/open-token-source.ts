import { stringFlag } from '../args/parse-command-args.js';
import { CliError } from '../cli-error.js';
import type { CommandContext } from '../command.js';
import { openEmulatorSource } from './emulator-source.js';
import { countFlag } from './notify-flags.js';
import type { TokenSource } from './token-source.js';

const COMMAND = 'notify';

/**
 * The token source of `--redis URL` (a `redisTokenStore` at `--prefix`, with `redisNotificationLimiter`:
 * the limits and the record of what was sent are shared with every other sender on that Redis) or of
 * `--emulator URL` (the tokens it issued and still honours, read through its API into a memory store),
 * the limiter keeping `--interval` between two notifications to a token.
 * @throws {CliError} `usage_error` for none or both, or a bad URL; `network_error` when it cannot be reached.
 */
export async function openTokenSource(context: CommandContext, notificationId: string): Promise<TokenSource> {
  const redis = stringFlag(context.values, 'redis', COMMAND);
  const emulator = stringFlag(context.values, 'emulator', COMMAND);
  if (redis !== undefined && emulator !== undefined)
    throw new CliError('usage_error', 'pass --redis URL or --emulator URL, not both', { command: COMMAND });
  const intervalMs = countFlag(context.values, 'interval', 1);
  if (stringFlag(context.values, 'prefix', COMMAND) !== undefined && redis === undefined)
    throw new CliError('usage_error', '--prefix is the Redis token store’s key prefix: it goes with --redis URL', { command: COMMAND });
  if (context.values['no-history'] === true && redis === undefined)
    throw new CliError('usage_error', '--no-history goes with --redis URL: only a Redis source writes a history', { command: COMMAND });
  if (redis !== undefined) {
    // Loaded here, so the other commands never load the Redis client.
    const { openRedisSource } = await import('./redis-source.js');
    return openRedisSource(context, redis, intervalMs);
  }
  if (emulator !== undefined) return openEmulatorSource(context, emulator, notificationId, intervalMs);
  throw new CliError('usage_error', 'where are the tokens? pass --redis URL (a redisTokenStore) or --emulator URL', { command: COMMAND });
}
