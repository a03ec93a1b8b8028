import { parseArgs, type ParseArgsConfig } from 'node:util';
import { CliError } from '../cli-error.js';
import type { Command, OptionSpec } from '../command.js';
import { API_OPTIONS, COMMON_OPTIONS, EMULATOR_API_OPTIONS } from './common-options.js';

/** What a command's arguments parse to. */
export interface ParsedArgs {
  readonly values: Readonly<Record<string, string | boolean | undefined>>;
  readonly positionals: readonly string[];
}

/** Every flag a command takes: its own, the common ones, and the API ones if it calls the API. */
export function optionsOf(command: Command): Readonly<Record<string, OptionSpec>> {
  const api = command.emulatorOnly === true ? EMULATOR_API_OPTIONS : command.usesApi ? API_OPTIONS : {};
  return { ...command.options, ...api, ...COMMON_OPTIONS };
}

/**
 * Parses a command's arguments with `node:util` `parseArgs` (strict: an unknown flag is an error).
 * Positionals are checked unless `--help` is asked for.
 * @throws {CliError} `usage_error`, saying what is wrong.
 */
export function parseCommandArgs(command: Command, args: readonly string[]): ParsedArgs {
  const options: NonNullable<ParseArgsConfig['options']> = {};
  for (const [name, spec] of Object.entries(optionsOf(command))) {
    options[name] = spec.short === undefined ? { type: spec.type } : { type: spec.type, short: spec.short };
  }
  let parsed: { values: Record<string, string | boolean | (string | boolean)[] | undefined>; positionals: string[] };
  try {
    parsed = parseArgs({ args: [...args], options, allowPositionals: true, strict: true });
  } catch (error) {
    // parseArgs throws a TypeError whose message names the flag (ERR_PARSE_ARGS_*).
    const message = error instanceof Error ? error.message : String(error);
    throw new CliError('usage_error', message.replace(/\. To specify a positional argument.*$/s, '.'), {
      command: command.name,
      cause: error,
    });
  }
  const values: Record<string, string | boolean | undefined> = {};
  for (const [name, value] of Object.entries(parsed.values)) values[name] = Array.isArray(value) ? value[value.length - 1] : value;
  if (values.help !== true) {
    if (parsed.positionals.length < command.positionals.length) {
      throw new CliError('usage_error', `missing ${command.positionals.slice(parsed.positionals.length).join(', ')}`, {
        command: command.name,
      });
    }
    const most = command.positionals.length + (command.optionalPositionals?.length ?? 0);
    if (parsed.positionals.length > most) {
      throw new CliError('usage_error', `unexpected argument ${JSON.stringify(parsed.positionals[most])}`, { command: command.name });
    }
  }
  return { values, positionals: parsed.positionals };
}

/** A string flag's value; a `CliError` when it is required and missing or empty. */
export function stringFlag(values: ParsedArgs['values'], name: string, command: string, required: true): string;
export function stringFlag(values: ParsedArgs['values'], name: string, command: string, required?: false): string | undefined;
export function stringFlag(values: ParsedArgs['values'], name: string, command: string, required = false): string | undefined {
  const value = values[name];
  if (typeof value === 'string' && value !== '') return value;
  if (value === '') throw new CliError('usage_error', `--${name} needs a value`, { command });
  if (required) throw new CliError('usage_error', `missing --${name}`, { command });
  return undefined;
}

/** `--timeout MS` as a number of milliseconds. */
export function timeoutFlag(values: ParsedArgs['values'], command: string): number | undefined {
  const text = stringFlag(values, 'timeout', command);
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!Number.isInteger(value) || value <= 0)
    throw new CliError('usage_error', `--timeout expects a positive whole number of milliseconds, got ${JSON.stringify(text)}`, {
      command,
    });
  return value;
}
