import { spawn, type ChildProcess } from 'node:child_process';

/** A server in a child process that this test started, with what it printed. */
export interface ChildServer {
  readonly port: number;
  /** Every stdout line so far. */
  readonly lines: string[];
  readonly child: ChildProcess;
  /** SIGTERM to the child's own process id; waits for it to exit. */
  stop(): Promise<void>;
}

/**
 * Spawns `command args` and waits for it to print `LISTENING <port>` (or `ready` to match it). Fails
 * with what the child printed if it exits first or takes longer than `timeoutMs`.
 */
export function startChildServer(
  command: string,
  args: readonly string[],
  options: { env?: NodeJS.ProcessEnv; cwd?: string; timeoutMs?: number; ready?: RegExp } = {},
): Promise<ChildServer> {
  const ready = options.ready ?? /LISTENING (\d+)/;
  const child = spawn(command, args, { cwd: options.cwd, env: { ...process.env, ...options.env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  let output = '';
  let partial = '';
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`${command} did not start within ${options.timeoutMs ?? 30_000} ms:\n${output}`));
    }, options.timeoutMs ?? 30_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      const text = partial + chunk.toString();
      output += chunk.toString();
      const parts = text.split('\n');
      partial = parts.pop()!;
      for (const line of parts) {
        lines.push(line);
        const match = ready.exec(line);
        if (match) {
          clearTimeout(timer);
          resolve({ port: Number(match[1]), lines, child, stop });
        }
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${command} exited (${String(code ?? signal)}) before it was ready:\n${output}`));
    });
  });
}
