import { spawn } from 'node:child_process';

/** How to start an example's server: by default `pnpm start` in the example's folder. */
export interface ExampleServerOptions {
  /** The example's folder, e.g. `new URL('..', import.meta.url)` from its test/. */
  readonly cwd: URL;
  /** What the example reads as its secret (WEBHOOK_SECRET): a plain value or a JSON map. */
  readonly secret: string;
  /** The variable the example reads its secret from. Default `WEBHOOK_SECRET`. */
  readonly secretVariable?: string;
  /** The program to run instead of `pnpm`, e.g. the Bun or Deno binary. */
  readonly command?: string;
  /** Its arguments. Default `['start']`. */
  readonly args?: readonly string[];
  /** Names the program in the error when it exits before it listens. Default `server`. */
  readonly name?: string;
}

/** A started example, while `use` runs. */
export interface ExampleServer {
  /** The port it printed (it is started with PORT=0). */
  readonly port: string;
  /** What it printed so far, stdout and stderr together. */
  readonly output: string;
  /** POSTs a delivery (from `buildDelivery`) to its `/webhook`. */
  post(delivery: { readonly headers: Readonly<Record<string, string>>; readonly body: string }): Promise<Response>;
}

/**
 * Starts an example's server with PORT=0 and its secret variable (WEBHOOK_SECRET) set, waits until it prints the
 * `localhost:<port>/webhook` it listens on, hands it to `use`, then stops it with SIGTERM. `pnpm
 * start` runs in its own process group, stopped as a group, so the server under pnpm and tsx stops
 * with it; a program run directly is stopped alone. Rejects with what it printed if it exits first.
 */
export async function withExampleServer(options: ExampleServerOptions, use: (server: ExampleServer) => Promise<void>): Promise<void> {
  const { cwd, secret, secretVariable = 'WEBHOOK_SECRET', command = 'pnpm', args = ['start'], name = 'server' } = options;
  const group = command === 'pnpm';
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, PORT: '0', [secretVariable]: secret },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: group,
  });
  let output = '';
  try {
    const port = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = /localhost:(\d+)\/webhook/.exec(output);
        if (match) resolve(match[1]!);
      });
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.once('exit', (code) => reject(new Error(`${name} exited with ${code}: ${output}`)));
    });
    await use({
      port,
      get output() {
        return output;
      },
      post: ({ headers, body }) => fetch(`http://127.0.0.1:${port}/webhook`, { method: 'POST', headers, body }),
    });
  } finally {
    if (group) process.kill(-child.pid!, 'SIGTERM');
    else child.kill('SIGTERM');
  }
}
