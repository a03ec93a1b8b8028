import { DEFAULT_TIMEOUT_MS } from '@social-webhooks/client';
import pg from 'pg';
import { CliError } from '../cli-error.js';
import type { CommandContext } from '../command.js';
import { redacted } from './connect-redis.js';

/** A `pg` pool on a `--postgres` URL, where it is (the password left out), and how to close it. */
export interface PostgresConnection {
  readonly pool: pg.Pool;
  readonly where: string;
  close(): Promise<void>;
}

/**
 * A small pool on `url`, each connection and query bounded by `--timeout`. Nothing is sent yet:
 * the command's first statement says whether the server answers.
 * @throws {CliError} `usage_error` when `url` is not a postgres:// or postgresql:// URL.
 */
export function connectPostgres(context: CommandContext, url: string, flag: string, command: string): PostgresConnection {
  const protocol = URL.canParse(url) ? new URL(url).protocol : '';
  if (protocol !== 'postgres:' && protocol !== 'postgresql:') {
    throw new CliError(
      'usage_error',
      `${flag} expects a postgres:// or postgresql:// URL, such as postgres://user:password@127.0.0.1:5432/app; got ${JSON.stringify(redacted(url))}`,
      { command },
    );
  }
  const timeoutMs = context.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const pool = new pg.Pool({ connectionString: url, max: 2, connectionTimeoutMillis: timeoutMs, query_timeout: timeoutMs });
  pool.on('error', () => undefined);
  return { pool, where: `PostgreSQL ${redacted(url)}`, close: () => pool.end().catch(() => undefined) };
}
