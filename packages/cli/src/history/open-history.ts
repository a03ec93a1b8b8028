import type { NotificationHistory } from '@social-webhooks/core';
import { redisNotificationHistory, type RedisEvalClient } from '@social-webhooks/redis';
import { connectPostgres } from '../args/connect-postgres.js';
import { connectRedis } from '../args/connect-redis.js';
import { connectUpstash } from '../args/connect-upstash.js';
import { redisEndpoint } from '../args/rest-endpoint.js';
import { stringFlag } from '../args/parse-command-args.js';
import { CliError } from '../cli-error.js';
import type { CommandContext } from '../command.js';

/** A history opened from the flags, where it is, and how to say why a read failed. */
export interface OpenHistory {
  readonly history: NotificationHistory;
  readonly where: string;
  failure(error: unknown): CliError;
  close(): void | Promise<void>;
}

/**
 * The `postgresNotificationHistory` of `--postgres` (its tables' `--prefix`), else the
 * `redisNotificationHistory` of `--redis` (TCP, or Upstash's REST API with `--token`, else the
 * environment's Upstash variables) at `--prefix`, each call bounded by `--timeout`.
 * @throws {CliError} `usage_error` for a missing or bad URL; `network_error` when it does not answer.
 */
export async function openHistory(context: CommandContext, command: string): Promise<OpenHistory> {
  const prefix = stringFlag(context.values, 'prefix', command);
  const postgresUrl = stringFlag(context.values, 'postgres', command);
  if (postgresUrl !== undefined) {
    if (stringFlag(context.values, 'redis', command) !== undefined)
      throw new CliError('usage_error', 'give --postgres or --redis, not both', { command });
    const postgres = connectPostgres(context, postgresUrl, '--postgres', command);
    const { postgresNotificationHistory } = await import('@social-webhooks/postgres');
    return {
      history: postgresNotificationHistory({ client: postgres.pool, ...(prefix !== undefined && { prefix }) }),
      where: postgres.where,
      failure: (error) =>
        new CliError('network_error', `${postgres.where} failed while reading the history: ${(error as Error).message}`, {
          command,
          cause: error,
        }),
      close: () => postgres.close(),
    };
  }
  const endpoint = redisEndpoint(context, { url: 'redis', token: 'token', fromEnv: true }, command);
  const failure = (where: string, explain: (error: unknown) => string) => (error: unknown) =>
    new CliError('network_error', `${where} failed while reading the history: ${explain(error)}`, { command, cause: error });
  if (endpoint.kind === 'rest') {
    const upstash = await connectUpstash(context, endpoint, 'token', command);
    const history = redisNotificationHistory({ client: upstash.client, ...(prefix !== undefined && { prefix }) });
    return { history, where: upstash.where, failure: failure(upstash.where, upstash.explain), close: () => undefined };
  }
  const redis = await connectRedis(context, endpoint.url, '--redis', command);
  const bounded: RedisEvalClient = { eval: (script, options) => redis.within(redis.client.eval(script, options)) };
  return {
    history: redisNotificationHistory({ client: bounded, ...(prefix !== undefined && { prefix }) }),
    where: redis.where,
    failure: failure(redis.where, (error) => (redis.lost() ?? (error as Error)).message),
    close: () => redis.close(),
  };
}
