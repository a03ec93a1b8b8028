import { Redis } from '@upstash/redis';
import { DEFAULT_TIMEOUT_MS } from '@social-webhooks/client';
import { CliError } from '../cli-error.js';
import type { CommandContext } from '../command.js';

/** An `@upstash/redis` client on a database's REST API, each request bounded by `--timeout`. */
export interface UpstashConnection {
  /** Strings answered as Redis keeps them (`automaticDeserialization: false`): a template's JSON is read, not parsed on the way. */
  readonly client: Redis;
  /** For the messages: `Upstash https://…` (the token is never shown). */
  readonly where: string;
  /** A failed request's error as a sentence: what Upstash answered, or that it did not. */
  explain(error: unknown): string;
}

/**
 * A client of the Upstash REST API at `url`, checked with one PING, so a wrong URL or token fails
 * here, before anything is read or written. Concurrent commands go out together in one
 * `/pipeline` request (the client's auto-pipelining).
 * @throws {CliError} `usage_error` when Upstash refuses the token; `network_error` when it does not answer.
 */
export async function connectUpstash(
  context: CommandContext,
  endpoint: { readonly url: string; readonly token: string },
  tokenFlag: string,
  command: string,
): Promise<UpstashConnection> {
  const timeoutMs = context.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const client = new Redis({
    url: endpoint.url,
    token: endpoint.token,
    automaticDeserialization: false,
    enableTelemetry: false,
    // A signal per request: each, its retries included, is given up after --timeout.
    signal: () => AbortSignal.timeout(timeoutMs),
    retry: { retries: 3 },
  });
  const where = `Upstash ${endpoint.url}`;
  const explain = (error: unknown) => explainError(error, timeoutMs);
  try {
    await client.ping();
  } catch (error) {
    if (error instanceof Error && /unauthorized|invalid token|WRONGPASS/i.test(error.message)) {
      throw new CliError(
        'usage_error',
        `${where} refused the token (${explain(error)}): pass that database's REST token with --${tokenFlag}`,
        {
          command,
          cause: error,
        },
      );
    }
    throw new CliError('network_error', `could not reach ${where}: ${explain(error)}. Is the URL the database's REST URL?`, {
      command,
      cause: error,
    });
  }
  return { client, where, explain };
}

function explainError(error: unknown, timeoutMs: number): string {
  if (!(error instanceof Error)) return String(error);
  if (error.name === 'TimeoutError' || error.name === 'AbortError') return `no answer within ${timeoutMs} ms`;
  // Upstash's errors end with the whole command sent, scripts included: the answer alone says what failed.
  const message = error.message.replace(/, command was: [\s\S]*$/, '');
  const cause = (error as { cause?: unknown }).cause;
  return cause instanceof Error && cause.message !== '' ? `${message} (${cause.message})` : message;
}
