import { spawn } from 'node:child_process';

/** Runs `pnpm start` in `cwd` with WEBHOOK_SECRET set and PORT=0, hands `use` the port it printed, then stops it. */
export async function startServer(cwd: URL, secret: string, use: (port: string) => Promise<void>): Promise<void> {
  const child = spawn('pnpm', ['start'], {
    cwd,
    env: { ...process.env, PORT: '0', WEBHOOK_SECRET: secret },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so the server under pnpm and tsx stops with it.
    detached: true,
  });
  try {
    const port = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const match = /localhost:(\d+)\/webhook/.exec(out);
        if (match) resolve(match[1]!);
      });
      child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
      child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${out}`)));
    });
    await use(port);
  } finally {
    process.kill(-child.pid!, 'SIGTERM');
  }
}
