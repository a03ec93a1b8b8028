export { runCli } from './run-cli.js';
export { processIo, type CliIo } from './io.js';
export { COMMANDS } from './commands/registry.js';
export type { Command, CommandContext, OptionSpec } from './command.js';
export { EXIT_CODES, type ExitCode } from './exit-codes.js';
export { CliError, type CliErrorCode } from './cli-error.js';
export { VERSION } from './version.js';
