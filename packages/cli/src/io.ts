/** What a command may touch of the outside world; `runCli` gets it, so it can run in-process too. */
export interface CliIo {
  /** Writes to standard output (text as given, newlines included). */
  readonly stdout: (text: string) => void;
  /** Writes to standard error. */
  readonly stderr: (text: string) => void;
  /** The environment: `WEBHOOKS_API_KEY`, `WEBHOOKS_BASE_URL`, `WEBHOOK_SECRET`. */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** The directory `@file` arguments are relative to. */
  readonly cwd: string;
  /** Whether standard error is a terminal, where a progress bar may redraw itself (default: not). */
  readonly stderrIsTTY?: boolean;
}

/** The real process's streams, environment and directory. */
export function processIo(): CliIo {
  return {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    env: process.env,
    cwd: process.cwd(),
    stderrIsTTY: process.stderr.isTTY === true,
  };
}
