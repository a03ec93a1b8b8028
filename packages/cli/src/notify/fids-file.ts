import { open } from 'node:fs/promises';
import { resolve } from 'node:path';
import { CliError } from '../cli-error.js';

const COMMAND = 'notify';

/** A file of FIDs that can be read again: each `for await` opens it anew and streams it a line at a time. */
export interface FidsFile extends AsyncIterable<number> {
  readonly path: string;
  /**
   * Reads the whole file once, holding nothing but a count, so that a bad line stops the command
   * before anything is sent.
   * @returns how many FIDs it lists.
   * @throws {CliError} `usage_error` naming the line, or saying why the file cannot be read.
   */
  check(): Promise<number>;
}

/**
 * The FIDs of `--fids-file`, one per line, as a database export writes them: blank lines and lines
 * starting with `#` are skipped, as is a first line `fid` (a column's header); in a CSV line, the
 * first field is the FID. Relative paths are read from `cwd`.
 */
export function fidsFile(path: string, cwd: string): FidsFile {
  const full = resolve(cwd, path);
  async function* fids(): AsyncGenerator<number> {
    for await (const { fid } of lines(full, path)) yield fid;
  }
  return {
    path,
    [Symbol.asyncIterator]: fids,
    async check() {
      const each = lines(full, path);
      let count = 0;
      while (!(await each.next()).done) count += 1;
      return count;
    },
  };
}

async function* lines(full: string, path: string): AsyncGenerator<{ fid: number; line: number }> {
  const file = await open(full).catch((error: NodeJS.ErrnoException) => {
    throw new CliError('usage_error', `--fids-file cannot read ${JSON.stringify(path)}: ${error.code ?? error.message}`, {
      command: COMMAND,
      cause: error,
    });
  });
  try {
    let line = 0;
    for await (const text of file.readLines()) {
      line += 1;
      const value = text.split(',')[0]!.trim();
      if (value === '' || value.startsWith('#') || (line === 1 && value.toLowerCase() === 'fid')) continue;
      const fid = Number(value);
      if (!/^\d+$/.test(value) || !Number.isSafeInteger(fid) || fid < 1) {
        throw new CliError(
          'usage_error',
          `--fids-file ${path} line ${line}: ${JSON.stringify(value.slice(0, 40))} is not a FID (one whole number of 1 or more per line; # starts a comment)`,
          { command: COMMAND },
        );
      }
      yield { fid, line };
    }
  } finally {
    await file.close().catch(() => undefined);
  }
}
