import { EXIT_CODES, type ExitCode } from './exit-codes.js';

/** Stable codes of {@link CliError}. */
export type CliErrorCode = 'usage_error' | 'invalid_input' | 'network_error' | 'timeout';

const EXIT_FOR: Readonly<Record<CliErrorCode, ExitCode>> = {
  usage_error: EXIT_CODES.usage,
  invalid_input: EXIT_CODES.usage,
  network_error: EXIT_CODES.network,
  timeout: EXIT_CODES.network,
};

/**
 * The one error class of the command line, for what is not the client's `ApiError`: a usage
 * mistake, unreadable input, or `send` failing to reach the receiver. `exitCode` follows `code`.
 */
export class CliError extends Error {
  override readonly name = 'CliError';
  readonly code: CliErrorCode;
  readonly exitCode: ExitCode;
  /** The command whose `--help` to point at, for usage errors. */
  readonly command: string | undefined;

  constructor(code: CliErrorCode, message: string, options: { command?: string | undefined; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.exitCode = EXIT_FOR[code];
    this.command = options.command;
  }
}
