import { isApiError, type ApiErrorCode } from '@social-webhooks/client';
import { isWebhookError } from '@social-webhooks/core';
import { CliError } from '../cli-error.js';
import { EXIT_CODES, type ExitCode } from '../exit-codes.js';
import type { CliIo } from '../io.js';

const API_EXIT: Readonly<Record<ApiErrorCode, ExitCode>> = {
  invalid_options: EXIT_CODES.usage,
  invalid_config: EXIT_CODES.usage,
  bad_request: EXIT_CODES.api,
  unauthorized: EXIT_CODES.api,
  not_found: EXIT_CODES.api,
  rate_limited: EXIT_CODES.api,
  server_error: EXIT_CODES.api,
  http_error: EXIT_CODES.api,
  rejected: EXIT_CODES.api,
  invalid_response: EXIT_CODES.api,
  timeout: EXIT_CODES.network,
  aborted: EXIT_CODES.network,
  network_error: EXIT_CODES.network,
};

/**
 * Prints an error (on stderr, or as `{ "error": ... }` on stdout with `--json`) and answers its exit
 * code. A package's `invalid_options` (a flag's value it refused) is a usage error, exit code 2; any
 * other unexpected exception is a bug: exit code 70 with its stack.
 */
export function reportError(error: unknown, io: CliIo, json: boolean): ExitCode {
  if (error instanceof CliError) {
    const usage =
      error.code === 'usage_error'
        ? `\nRun social-webhooks ${error.command ?? ''}${error.command === undefined ? '' : ' '}--help for usage.`
        : '';
    write(io, json, { code: error.code, message: error.message }, `social-webhooks: ${error.message}${usage}`);
    return error.exitCode;
  }
  if (isApiError(error)) {
    // The client's messages start with the package name; the CLI's own prefix is enough.
    const message = error.message.replace(/^@social-webhooks\/client: /, '');
    const details = {
      code: error.code,
      message,
      status: error.status,
      serviceMessage: error.serviceMessage,
      reasons: error.reasons.length > 0 ? error.reasons : undefined,
    };
    write(io, json, details, `social-webhooks: ${message}`);
    return API_EXIT[error.code] ?? EXIT_CODES.api;
  }
  if (isWebhookError(error) && error.code === 'invalid_options') {
    // A flag's value a package refused (a --prefix it cannot use, say): its message says what it takes.
    write(
      io,
      json,
      { code: 'usage_error', message: error.message },
      `social-webhooks: ${error.message}\nRun social-webhooks --help for usage.`,
    );
    return EXIT_CODES.usage;
  }
  const stack = error instanceof Error ? (error.stack ?? error.message) : String(error);
  write(io, json, { code: 'internal_error', message: String(error) }, `social-webhooks: unexpected error, please report it:\n${stack}`);
  return EXIT_CODES.internal;
}

function write(io: CliIo, json: boolean, details: Record<string, unknown>, text: string): void {
  if (json) io.stdout(`${JSON.stringify({ error: details }, null, 2)}\n`);
  else io.stderr(`${text}\n`);
}
