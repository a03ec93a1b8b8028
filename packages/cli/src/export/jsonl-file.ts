import { open, unlink, type FileHandle } from 'node:fs/promises';

/** A file of JSON Lines being written, a line at a time. */
export interface JsonlFile {
  /** Appends one line (`value` as JSON); resolves once the operating system has it. */
  write(values: readonly unknown[]): Promise<void>;
  /** Flushes and closes it. */
  close(): Promise<void>;
  /** Closes and removes it: a half-written export is not left behind. */
  discard(): Promise<void>;
}

/**
 * Creates `path` for writing, readable and writable by its owner only (mode 0600): a file of
 * notification tokens holds secrets (whoever has a token can notify its user). An existing file is
 * never overwritten (`wx`), so its mode cannot be an older, wider one either.
 * @throws the `open` error (`EEXIST` when the file is there).
 */
export async function createJsonlFile(path: string): Promise<JsonlFile> {
  const file: FileHandle = await open(path, 'wx', 0o600);
  // The process's umask may narrow the mode, never widen it; chmod makes it exactly 0600.
  await file.chmod(0o600);
  return {
    async write(values) {
      if (values.length > 0) await file.write(values.map((value) => `${JSON.stringify(value)}\n`).join(''));
    },
    close: () => file.close(),
    async discard() {
      await file.close().catch(() => undefined);
      await unlink(path).catch(() => undefined);
    },
  };
}
