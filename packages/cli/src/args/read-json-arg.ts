import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { CliError } from '../cli-error.js';

/**
 * Reads a JSON argument: the JSON itself, or `@path` for a file (relative to `cwd`). The result
 * is only parsed here; what it must be is checked by whoever uses it.
 * @throws {CliError} `invalid_input` for an unreadable file or invalid JSON, naming the flag.
 */
export async function readJsonArg(flag: string, text: string, cwd: string, command: string): Promise<unknown> {
  let source = text;
  let origin = `--${flag}`;
  if (text.startsWith('@')) {
    const path = resolve(cwd, text.slice(1));
    origin = `--${flag} ${text}`;
    try {
      source = await readFile(path, 'utf8');
    } catch (error) {
      const reason = error instanceof Error && 'code' in error ? String(error.code) : 'unreadable';
      throw new CliError('invalid_input', `${origin}: cannot read ${path} (${reason})`, { command, cause: error });
    }
  }
  try {
    return JSON.parse(source) as unknown;
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    const hint = text.startsWith('@') ? '' : ' (quote the JSON for your shell, or pass @file)';
    throw new CliError('invalid_input', `${origin}: not valid JSON: ${detail}${hint}`, { command, cause: error });
  }
}
