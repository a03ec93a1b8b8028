import type { CliIo } from './io.js';

/** One flag of a command. */
export interface OptionSpec {
  readonly type: 'string' | 'boolean';
  readonly short?: string;
  /** Shown in `--help` after the flag, e.g. `URL`, `JSON|@file`. */
  readonly valueName?: string;
  readonly description: string;
}

/** The flags and positionals `parseArgs` found, and the common flags resolved. */
export interface CommandContext {
  readonly values: Readonly<Record<string, string | boolean | undefined>>;
  readonly positionals: readonly string[];
  readonly io: CliIo;
  /** `--json`: print one JSON document for scripts. */
  readonly json: boolean;
  /** `--timeout`, in milliseconds, or `undefined` for the default. */
  readonly timeoutMs: number | undefined;
}

/**
 * A command of `social-webhooks`. Each lives in its own file under `commands/` and is listed once
 * in `commands/registry.ts`; parsing, `--help`, `--json` and errors are handled around it.
 */
export interface Command {
  readonly name: string;
  /** One line for the command list. */
  readonly summary: string;
  /** The usage line after `social-webhooks `, e.g. `delete ID`. */
  readonly usage: string;
  readonly options: Readonly<Record<string, OptionSpec>>;
  /** Names of the positional arguments, in order (all required). */
  readonly positionals: readonly string[];
  /** Names of optional positional arguments, after the required ones. */
  readonly optionalPositionals?: readonly string[];
  /** Whether the command calls the management API (adds `--api-key` and `--base-url`). */
  readonly usesApi: boolean;
  /**
   * Whether it calls the local emulator only (its `/_emulator/…` routes, or Neynar's API as the
   * emulator serves it): `--base-url` then has no default, and its help says so.
   */
  readonly emulatorOnly?: boolean;
  readonly examples: readonly string[];
  /** What its exit codes mean, one line each (`  1   …`), when the common table says too little; `--help` shows them instead. */
  readonly exitCodes?: readonly string[];
  /** Runs the command; answers the exit code. Throws `CliError` or `ApiError` to fail. */
  run(context: CommandContext): Promise<number>;
}
