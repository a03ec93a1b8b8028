import { parseCommandArgs, timeoutFlag } from './args/parse-command-args.js';
import { CliError } from './cli-error.js';
import type { Command } from './command.js';
import { COMMANDS } from './commands/registry.js';
import { EXIT_CODES } from './exit-codes.js';
import type { CliIo } from './io.js';
import { commandHelp, programHelp } from './output/format-help.js';
import { reportError } from './output/report-error.js';
import { VERSION } from './version.js';

/**
 * Runs `social-webhooks` with the given arguments (without `node` and the script) and answers the
 * exit code; it never throws and never calls `process.exit`, so it can run in-process.
 *
 * @param args E.g. `['create', '--endpoint', url, '--event', 'follow.created']`.
 * @param io Where to write and what environment to read; `processIo()` for the real process.
 * @param commands The commands to offer (default: all of them).
 * @example process.exitCode = await runCli(process.argv.slice(2), processIo());
 */
export async function runCli(args: readonly string[], io: CliIo, commands: readonly Command[] = COMMANDS): Promise<number> {
  const [first, ...rest] = args;
  const json = args.includes('--json');
  if (first === undefined || first === '--help' || first === '-h') {
    (first === undefined ? io.stderr : io.stdout)(programHelp(commands));
    return first === undefined ? EXIT_CODES.usage : EXIT_CODES.ok;
  }
  if (first === '--version' || first === '-v') {
    io.stdout(`${VERSION}\n`);
    return EXIT_CODES.ok;
  }
  if (first === 'help') return help(rest[0], io, commands);
  const command = commands.find((candidate) => candidate.name === first);
  try {
    if (command === undefined) {
      const known = commands.map((candidate) => candidate.name).join(', ');
      throw new CliError('usage_error', `unknown command ${JSON.stringify(first)}; the commands are ${known}`);
    }
    const { values, positionals } = parseCommandArgs(command, rest);
    if (values.help === true) {
      io.stdout(commandHelp(command));
      return EXIT_CODES.ok;
    }
    return await command.run({ values, positionals, io, json: values.json === true, timeoutMs: timeoutFlag(values, command.name) });
  } catch (error) {
    return reportError(error, io, json);
  }
}

function help(name: string | undefined, io: CliIo, commands: readonly Command[]): number {
  const command = commands.find((candidate) => candidate.name === name);
  if (name !== undefined && command === undefined)
    return reportError(new CliError('usage_error', `unknown command ${JSON.stringify(name)}`), io, false);
  io.stdout(command === undefined ? programHelp(commands) : commandHelp(command));
  return EXIT_CODES.ok;
}
