import { DEFAULT_BASE_URL } from '@social-webhooks/client';
import { CliError } from '../cli-error.js';
import type { CommandContext } from '../command.js';
import { stringFlag } from './parse-command-args.js';

/**
 * Calls one of the emulator's own routes (`/_emulator/…`, which the real service does not have)
 * with the API key and base URL from the flags or the environment, and answers the parsed JSON.
 * @throws {CliError} `usage_error` without a key or an emulator base URL, `network_error` or
 *   `timeout` when the emulator does not answer, `invalid_input` when it refuses the request.
 */
export async function emulatorRequest(
  context: CommandContext,
  command: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
  // The emulator's own routes take the key in `authorization`; Neynar's API, as the emulator serves it, in `x-api-key`.
  keyHeader: 'authorization' | 'x-api-key' = 'authorization',
): Promise<unknown> {
  const apiKey = stringFlag(context.values, 'api-key', command) ?? context.io.env.WEBHOOKS_API_KEY;
  const baseUrl = stringFlag(context.values, 'base-url', command) ?? context.io.env.WEBHOOKS_BASE_URL;
  if (apiKey === undefined || apiKey === '')
    throw new CliError('usage_error', 'no API key: set WEBHOOKS_API_KEY (or pass --api-key KEY)', { command });
  if (baseUrl === undefined || baseUrl === '' || baseUrl.startsWith(DEFAULT_BASE_URL)) {
    throw new CliError(
      'usage_error',
      `${command} talks to the local emulator only: set WEBHOOKS_BASE_URL to the URL \`social-webhooks emulate\` printed`,
      { command },
    );
  }
  let response: Response;
  try {
    response = await fetch(new URL(path, baseUrl), {
      method,
      headers: { [keyHeader]: apiKey, accept: 'application/json', ...(body !== undefined && { 'content-type': 'application/json' }) },
      ...(body !== undefined && { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(context.timeoutMs ?? 10_000),
    });
  } catch (error) {
    if (error instanceof Error && error.name === 'TimeoutError')
      throw new CliError('timeout', `the emulator at ${baseUrl} did not answer in time`, { command, cause: error });
    throw new CliError('network_error', `could not reach the emulator at ${baseUrl}; is \`social-webhooks emulate\` running?`, {
      command,
      cause: error,
    });
  }
  const answer = (await response.json().catch(() => ({}))) as { message?: string };
  if (!response.ok)
    throw new CliError('invalid_input', `the emulator refused the request (${response.status}): ${answer.message ?? 'no message'}`, {
      command,
    });
  return answer;
}
