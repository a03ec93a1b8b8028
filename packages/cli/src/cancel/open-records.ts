import { createBroadcasts, isWebhookError, type Broadcasts, type BroadcastsOptions } from '@social-webhooks/core';
import {
  redisBroadcastRecords,
  redisNotificationHistory,
  redisNotificationLimiter,
  redisTokenStore,
  type RedisEvalClient,
  type RedisStoreClient,
} from '@social-webhooks/redis';
import { connectPostgres } from '../args/connect-postgres.js';
import { connectRedis } from '../args/connect-redis.js';
import { connectUpstash } from '../args/connect-upstash.js';
import { stringFlag } from '../args/parse-command-args.js';
import { redisEndpoint } from '../args/rest-endpoint.js';
import { CliError } from '../cli-error.js';
import type { CommandContext } from '../command.js';

/** The `createBroadcasts` of the records the flags name, where they are, and how to say why a call failed. */
export interface OpenRecords {
  readonly broadcasts: Broadcasts;
  readonly where: string;
  failure(error: unknown): CliError;
  close(): void | Promise<void>;
}

/** The stores `createBroadcasts` is built from, on one connection. */
type Stores = Pick<BroadcastsOptions, 'store' | 'limiter' | 'records' | 'history'>;

/**
 * A `createBroadcasts` on the records of `--postgres URL` (`postgresBroadcastRecords`, and the token
 * store, limiter and history of the same tables' `--prefix`), else of `--redis` (TCP, or Upstash's
 * REST API with `--token`, else the environment's Upstash variables): `redisBroadcastRecords` at
 * `--prefix`, with `redisTokenStore`, `redisNotificationLimiter` and `redisNotificationHistory` at
 * their default prefixes. Unless `--no-history`, what `cancel()` counts `cancelled` is written to that
 * history, as the app's own `cancel()` writes it. Each call is bounded by `--timeout`.
 * @throws {CliError} `usage_error` for a missing or bad URL, both stores, or a `--prefix` the store refuses;
 *   `network_error` when the store does not answer.
 */
export async function openRecords(context: CommandContext, command: string): Promise<OpenRecords> {
  const prefix = stringFlag(context.values, 'prefix', command);
  const withHistory = context.values['no-history'] !== true;
  const postgresUrl = stringFlag(context.values, 'postgres', command);
  if (postgresUrl !== undefined) {
    if (context.values.redis !== undefined || context.values.token !== undefined)
      throw new CliError('usage_error', 'give --postgres URL or --redis URL, not both: the records are in one of them', { command });
    const postgres = connectPostgres(context, postgresUrl, '--postgres', command);
    try {
      const stores = await import('@social-webhooks/postgres');
      const at = { client: postgres.pool, ...(prefix !== undefined && { prefix }) };
      const broadcasts = build(command, () => ({
        store: stores.postgresTokenStore(at),
        limiter: stores.postgresNotificationLimiter(at),
        records: stores.postgresBroadcastRecords(at),
        ...(withHistory && { history: stores.postgresNotificationHistory(at) }),
      }));
      return {
        broadcasts,
        where: postgres.where,
        failure: failure(command, postgres.where, (error) => (error as Error).message),
        close: () => postgres.close(),
      };
    } catch (error) {
      await postgres.close();
      throw error;
    }
  }
  const redisStores = (client: RedisStoreClient): Stores => ({
    store: redisTokenStore({ client }),
    limiter: redisNotificationLimiter({ client }),
    records: redisBroadcastRecords({ client, ...(prefix !== undefined && { prefix }) }),
    ...(withHistory && { history: redisNotificationHistory({ client }) }),
  });
  const endpoint = redisEndpoint(context, { url: 'redis', token: 'token', fromEnv: true }, command);
  if (endpoint.kind === 'rest') {
    // Each request carries a signal of --timeout (connect-upstash.ts).
    const upstash = await connectUpstash(context, endpoint, 'token', command);
    const broadcasts = build(command, () => redisStores(upstash.client));
    return { broadcasts, where: upstash.where, failure: failure(command, upstash.where, upstash.explain), close: () => undefined };
  }
  const redis = await connectRedis(context, endpoint.url, '--redis', command);
  try {
    // Each call bounded by --timeout: a Redis that stops answering fails the command, never hangs it.
    const bounded: RedisEvalClient = { eval: (script, options) => redis.within(redis.client.eval(script, options)) };
    const broadcasts = build(command, () => redisStores(bounded));
    const explain = (error: unknown) => (redis.lost() ?? (error as Error)).message;
    return { broadcasts, where: redis.where, failure: failure(command, redis.where, explain), close: () => redis.close() };
  } catch (error) {
    redis.close();
    throw error;
  }
}

/** `createBroadcasts` of the stores `make` builds; a store's or its own `invalid_options` (a bad `--prefix`) is a usage error. */
function build(command: string, make: () => Stores): Broadcasts {
  try {
    // The cancel needs only the records and the history; the token store and the limiter are the
    // same connection's, as createBroadcasts requires them.
    return createBroadcasts({ ...make(), logger: false });
  } catch (error) {
    if (isWebhookError(error) && error.code === 'invalid_options')
      throw new CliError('usage_error', `${error.message} Set --prefix accordingly.`, { command, cause: error });
    throw error;
  }
}

function failure(command: string, where: string, explain: (error: unknown) => string): (error: unknown) => CliError {
  return (error) => new CliError('network_error', `${where} failed while cancelling: ${explain(error)}`, { command, cause: error });
}
