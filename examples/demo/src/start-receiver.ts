import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

/** An example receiver of the repository, run as a user runs it: `pnpm --filter <example> start`. */
export interface RunningReceiver {
  readonly url: string;
  /** Lines the receiver printed, one per handled event after its start-up line. */
  readonly lines: string[];
  stop(): Promise<void>;
}

/** A port that was free a moment ago: the endpoint must be known before the webhook is created. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Starts `examples/<example>` on `port` with `env` (its secret, its hub), and resolves once it
 * prints that it is listening.
 */
export async function startReceiver(example: string, port: number, env: Record<string, string>): Promise<RunningReceiver> {
  const child: ChildProcess = spawn('pnpm', ['--silent', '--filter', example, 'start'], {
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so stopping it stops pnpm, tsx and the server alike.
    detached: true,
  });
  const lines: string[] = [];
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    let buffered = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const parts = buffered.split('\n');
      buffered = parts.pop()!;
      for (const line of parts) {
        if (line.includes('listening on')) resolve();
        else if (line.trim() !== '') lines.push(line.trim());
      }
    });
    child.once('exit', (code) => reject(new Error(`the receiver exited with ${code}: ${stderr}`)));
  });
  return {
    url: `http://127.0.0.1:${port}/webhook`,
    lines,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        process.kill(-child.pid!, 'SIGTERM');
      }),
  };
}
