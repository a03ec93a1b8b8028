import type { NotificationTokenStore } from '@social-webhooks/core';
import { redisTokenStore, type RedisEvalClient } from '@social-webhooks/redis';
import { connectRedis } from '../args/connect-redis.js';
import { stringFlag } from '../args/parse-command-args.js';
import { CliError } from '../cli-error.js';
import type { CommandContext } from '../command.js';

/** A token store a command reads or writes, where it is (no password), and how to close it. */
export interface OpenTokenStore {
  readonly store: NotificationTokenStore;
  readonly where: string;
  /** `error` as a `CliError` that names the store (`network_error`, exit 4). */
  failed(error: unknown): CliError;
  close(): void;
}

/**
 * The `redisTokenStore` on the Redis of flag `--<flag>` (redis:// or rediss://), with `--prefix`,
 * each call bounded by `--timeout`.
 * @throws {CliError} `usage_error` for a missing or bad URL; `network_error` when Redis does not answer.
 */
export async function openTokenStore(context: CommandContext, flag: string, command: string): Promise<OpenTokenStore> {
  const url = stringFlag(context.values, flag, command, true);
  const prefix = stringFlag(context.values, 'prefix', command);
  const redis = await connectRedis(context, url, `--${flag}`, command);
  const bounded: RedisEvalClient = { eval: (script, options) => redis.within(redis.client.eval(script, options)) };
  return {
    store: redisTokenStore({ client: bounded, ...(prefix !== undefined && { prefix }) }),
    where: redis.where,
    failed: (error) =>
      new CliError('network_error', `${redis.where} failed: ${(redis.lost() ?? (error as Error)).message}. Is redis-server running?`, {
        command,
        cause: error,
      }),
    close: () => redis.close(),
  };
}
