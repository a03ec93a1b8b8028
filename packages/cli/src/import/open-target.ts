import pg from 'pg';
import type { NotificationTokenStore } from '@social-webhooks/core';
import { postgresTokenStore } from '@social-webhooks/postgres';
import { redisTokenStore, type RedisEvalClient } from '@social-webhooks/redis';
import { DEFAULT_TIMEOUT_MS } from '@social-webhooks/client';
import { connectRedis, redacted } from '../args/connect-redis.js';
import { connectUpstash } from '../args/connect-upstash.js';
import { redisEndpoint } from '../args/rest-endpoint.js';
import { stringFlag } from '../args/parse-command-args.js';
import { CliError } from '../cli-error.js';
import type { CommandContext } from '../command.js';

/** The token store an import writes to, where it is, and how to explain its failure. */
export interface ImportTarget {
  readonly store: NotificationTokenStore;
  /** For the messages: `Redis redis://…`, `Upstash https://…` or `PostgreSQL postgres://…`, no password. */
  readonly where: string;
  /** The error as a sentence, with the fix where there is one. */
  explain(error: unknown): string;
  close(): Promise<void>;
}

/**
 * The token store of `--to-redis` (a `redisTokenStore` over TCP, or over Upstash's REST API) or
 * `--to-postgres` (a `postgresTokenStore` through `pg`), with `--prefix`, checked to answer before
 * anything is read; with `side` `from`, of `--from-redis` (`--from-token`) or `--from-postgres`
 * (export-tokens reads a store so).
 * @throws {CliError} `usage_error` for a missing or doubled destination, a bad URL or missing tables;
 *   `network_error` when it does not answer.
 */
export async function openTarget(context: CommandContext, command: string, side: 'to' | 'from' = 'to'): Promise<ImportTarget> {
  const prefix = stringFlag(context.values, 'prefix', command);
  const postgresUrl = stringFlag(context.values, `${side}-postgres`, command);
  if (postgresUrl !== undefined) {
    if (context.values[`${side}-redis`] !== undefined || context.values[`${side}-token`] !== undefined) {
      throw new CliError(
        'usage_error',
        `--${side}-postgres and --${side}-redis name the ${side === 'to' ? 'destination' : 'store'}: give one`,
        { command },
      );
    }
    return openPostgres(context, postgresUrl, prefix, command, side);
  }
  if (context.values[`${side}-redis`] === undefined) {
    throw new CliError(
      'usage_error',
      `missing --${side}-redis or --${side}-postgres: the store your receiver reads (a redisTokenStore's Redis, or a postgresTokenStore's database)`,
      { command },
    );
  }
  const endpoint = redisEndpoint(context, { url: `${side}-redis`, token: `${side}-token`, fromEnv: false }, command);
  if (endpoint.kind === 'rest') {
    const upstash = await connectUpstash(context, endpoint, `${side}-token`, command);
    const store = redisTokenStore({ client: upstash.client, ...(prefix !== undefined && { prefix }) });
    return { store, where: upstash.where, explain: upstash.explain, close: async () => undefined };
  }
  const redis = await connectRedis(context, endpoint.url, `--${side}-redis`, command);
  const bounded: RedisEvalClient = { eval: (script, options) => redis.within(redis.client.eval(script, options)) };
  return {
    store: redisTokenStore({ client: bounded, ...(prefix !== undefined && { prefix }) }),
    where: redis.where,
    explain: (error) => `${(redis.lost() ?? (error as Error)).message}. Is redis-server running?`,
    close: async () => redis.close(),
  };
}

async function openPostgres(
  context: CommandContext,
  url: string,
  prefix: string | undefined,
  command: string,
  side: 'to' | 'from',
): Promise<ImportTarget> {
  const protocol = URL.canParse(url) ? new URL(url).protocol : '';
  if (protocol !== 'postgres:' && protocol !== 'postgresql:') {
    throw new CliError(
      'usage_error',
      `--${side}-postgres expects a postgres:// or postgresql:// URL, such as postgres://user:password@127.0.0.1:5432/app; got ${JSON.stringify(redacted(url))}`,
      { command },
    );
  }
  const where = `PostgreSQL ${redacted(url)}`;
  const timeoutMs = context.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  // A few connections: each batch's reads, then its writes, are sent at once and queue for them.
  const pool = new pg.Pool({ connectionString: url, max: 4, connectionTimeoutMillis: timeoutMs, query_timeout: timeoutMs });
  pool.on('error', () => undefined);
  const store = postgresTokenStore({ client: pool, ...(prefix !== undefined && { prefix }) });
  const explain = (error: unknown) => (error instanceof Error ? error.message : String(error));
  try {
    // One read of a user no one has: the connection, the credentials and the table, before anything is read.
    await store.get(0);
  } catch (error) {
    await pool.end().catch(() => undefined);
    const code = (error as { code?: unknown }).code ?? (error as { cause?: { code?: unknown } }).cause?.code;
    if (code === '42P01') throw new CliError('usage_error', `${where} has no token table: ${explain(error)}`, { command, cause: error });
    // A SQLSTATE (five characters): the server answered, and refused (a password, a database that is not there).
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
      throw new CliError('usage_error', `${where} refused: ${explain(error)}`, { command, cause: error });
    }
    throw new CliError('network_error', `could not reach ${where}: ${explain(error)}. Is PostgreSQL running?`, { command, cause: error });
  }
  return { store, where, explain, close: () => pool.end() };
}
