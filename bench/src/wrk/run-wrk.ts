import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { assertLoopback } from '../support/assert-loopback.js';
import { parseWrkOutput, type WrkFigures } from './parse-wrk-output.js';

export interface WrkOptions {
  /** Must be loopback: the benchmark never loads another machine. */
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Uint8Array;
  readonly connections: number;
  readonly seconds: number;
  /** The CPU wrk runs on (through `taskset`), or undefined to leave it to the scheduler. */
  readonly cpu?: number | undefined;
}

/**
 * Throws a message that says how to install wrk when it is not on the PATH. Only the HTTP section
 * needs it; `.ci/run` runs no benchmark, so CI never does.
 */
export function assertWrkInstalled(): void {
  const probe = spawnSync('wrk', ['--version'], { stdio: 'ignore' });
  if (probe.error !== undefined) {
    throw new Error(
      'The HTTP section drives the servers with wrk, which is not on the PATH. Install it with ' +
        '`sudo apt-get install wrk` (Debian, Ubuntu) or `brew install wrk` (macOS), or run the other sections: ' +
        '`pnpm bench receive size header bundle`.',
    );
  }
}

/**
 * Runs wrk once: one thread (a C event loop, far faster than any server measured here; BENCHMARKS.md
 * shows its ceiling) POSTing the same body with the same headers on `connections` keep-alive
 * connections for `seconds`. The body and headers go through a Lua script, wrk's way to send a POST.
 */
export async function runWrk(options: WrkOptions): Promise<WrkFigures> {
  assertLoopback(options.url);
  const { script, folder } = writeScript(options.headers, options.body);
  try {
    return await drive(options, script);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

async function drive(options: WrkOptions, script: string): Promise<WrkFigures> {
  // A generous timeout: on a loaded machine a request may wait, and is counted rather than dropped.
  const wrk = [
    'wrk',
    '-t1',
    `-c${options.connections}`,
    `-d${options.seconds}s`,
    '--timeout',
    '10s',
    '--latency',
    '-s',
    script,
    options.url,
  ];
  const [command, ...args] = options.cpu === undefined ? wrk : ['taskset', '-c', String(options.cpu), ...wrk];
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn(command!, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let text = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
    child.once('error', reject);
    child.once('close', (code) => (code === 0 ? resolve(text) : reject(new Error(`wrk exited with code ${code}:\n${text}`))));
  });
  return parseWrkOutput(output);
}

// The body goes in a file the script reads, so no byte of it needs escaping for Lua. Both live in a
// folder of their own, removed once wrk has run.
function writeScript(headers: Readonly<Record<string, string>>, body: Uint8Array): { script: string; folder: string } {
  const folder = mkdtempSync(join(tmpdir(), 'social-webhooks-wrk-'));
  const bodyPath = join(folder, 'body.json');
  const script = join(folder, 'post.lua');
  writeFileSync(bodyPath, body);
  const lines = [
    'wrk.method = "POST"',
    `local file = assert(io.open(${JSON.stringify(bodyPath)}, "rb"))`,
    'wrk.body = file:read("*a")',
    'file:close()',
    ...Object.entries(headers).map(([name, value]) => `wrk.headers[${JSON.stringify(name)}] = ${JSON.stringify(value)}`),
  ];
  writeFileSync(script, `${lines.join('\n')}\n`);
  return { script, folder };
}
