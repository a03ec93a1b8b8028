import { createClient, type Client } from '@social-webhooks/client';
import { CliError } from '../cli-error.js';
import type { CommandContext } from '../command.js';
import { stringFlag } from './parse-command-args.js';

/**
 * A client from the flags, else the environment: `--api-key` / `WEBHOOKS_API_KEY`, `--base-url` /
 * `WEBHOOKS_BASE_URL`, `--timeout`.
 * @throws {CliError} `usage_error` when there is no API key.
 * @throws {ApiError} `invalid_options` for a malformed key or base URL (exit code 2 too).
 */
export function connect(context: CommandContext, command: string): Client {
  const apiKey = stringFlag(context.values, 'api-key', command) ?? nonEmpty(context.io.env.WEBHOOKS_API_KEY);
  if (apiKey === undefined) {
    throw new CliError('usage_error', 'no API key: set WEBHOOKS_API_KEY (or pass --api-key KEY)', { command });
  }
  const baseUrl = stringFlag(context.values, 'base-url', command) ?? nonEmpty(context.io.env.WEBHOOKS_BASE_URL);
  return createClient({ apiKey, baseUrl, timeoutMs: context.timeoutMs });
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value;
}
