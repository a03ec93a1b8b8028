import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

// Runs the `social-webhooks` bin as a child process, from its TypeScript source (tsx, with the
// `source` condition so workspace packages resolve to their sources): no build needed, so it works
// in `pnpm test:unit` on a fresh clone.

const bin = fileURLToPath(new URL('../src/bin.ts', import.meta.url));
const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

export interface BinResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

export interface RunOptions {
  /** Environment variables, on top of a clean one (no WEBHOOKS_* from the test's environment). */
  readonly env?: Readonly<Record<string, string>>;
  readonly cwd?: string;
  /** Run this script instead of the source bin (the built `dist/bin.js`). */
  readonly script?: string;
}

export function runBin(args: readonly string[], options: RunOptions = {}): Promise<BinResult> {
  const base: Record<string, string> = {};
  for (const name of ['PATH', 'HOME', 'TMPDIR', 'SYSTEMROOT', 'NODE_OPTIONS']) {
    const value = process.env[name];
    if (value !== undefined) base[name] = value;
  }
  const nodeArgs = options.script === undefined ? ['--conditions=source', '--import', tsx, bin] : [options.script];
  const child = spawn(process.execPath, [...nodeArgs, ...args], {
    cwd: options.cwd ?? process.cwd(),
    env: { ...base, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
