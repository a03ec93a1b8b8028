import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { WORKERD_MODULE, WORKERD_SOCKET, workerdConfig } from './workerd-config.js';

/** The date the benchmark's Workers declare, as a deployed Worker's wrangler.toml would. */
export const BENCH_COMPATIBILITY_DATE = '2025-01-01';

export interface WorkerdOptions {
  /** The Worker: one bundled ES module, its `export default { fetch }` the app. */
  readonly code: string;
  /** Default {@link BENCH_COMPATIBILITY_DATE}. */
  readonly compatibilityDate?: string;
  /** The Worker's compatibility flags. Default none. */
  readonly compatibilityFlags?: readonly string[];
  /** How long workerd may take to listen. Default 30 s. */
  readonly timeoutMs?: number;
}

/** A workerd process serving one Worker on a loopback port. */
export interface WorkerdProcess {
  readonly port: number;
  /** Settles with workerd's exit code (or signal name) once it has exited, however it came to. */
  readonly exited: Promise<number | string | null>;
  /** Sends SIGTERM, resolves once workerd has exited, and removes its config folder. */
  stop(): Promise<number | string | null>;
}

/**
 * The `workerd` binary that Miniflare depends on (the `workerd` npm package's default export is the
 * path of its platform's binary), so the version is the one Miniflare and the conformance tests run.
 */
export function workerdBinary(): string {
  const fromBench = createRequire(import.meta.url);
  const fromMiniflare = createRequire(fromBench.resolve('miniflare'));
  return (fromMiniflare('workerd') as { default: string }).default;
}

/**
 * Serves `code` with the workerd binary directly, from a generated config (see `workerdConfig`):
 * requests reach workerd's own socket on 127.0.0.1, with nothing in front. Resolves once workerd
 * reports the port it listens on (through `--control-fd`); rejects with workerd's own stderr when
 * it exits first or does not listen in time.
 */
export function startWorkerd(options: WorkerdOptions): Promise<WorkerdProcess> {
  const folder = mkdtempSync(join(tmpdir(), 'social-webhooks-workerd-'));
  writeFileSync(join(folder, WORKERD_MODULE), options.code);
  const config = join(folder, 'config.capnp');
  writeFileSync(
    config,
    workerdConfig({
      compatibilityDate: options.compatibilityDate ?? BENCH_COMPATIBILITY_DATE,
      address: '127.0.0.1:0',
      compatibilityFlags: options.compatibilityFlags ?? [],
    }),
  );
  const binary = workerdBinary();
  // fd 3 is the control pipe: workerd writes one JSON line per socket once it listens.
  const child = spawn(binary, ['serve', config, '--control-fd=3'], { stdio: ['ignore', 'inherit', 'pipe', 'pipe'] });
  const stderrTail: string[] = [];
  createInterface({ input: child.stderr! }).on('line', (line) => {
    process.stderr.write(`${line}\n`);
    stderrTail.push(line);
    if (stderrTail.length > 20) stderrTail.shift();
  });
  const removeFolder = () => rmSync(folder, { recursive: true, force: true });
  const exited = new Promise<number | string | null>((resolve) => {
    child.once('close', (code, signal) => {
      removeFolder();
      resolve(code ?? signal);
    });
    child.once('error', () => resolve(null));
  });
  const timeoutMs = options.timeoutMs ?? 30_000;
  return new Promise((resolve, reject) => {
    let listening = false;
    const fail = (why: string) => {
      if (listening) return;
      clearTimeout(timer);
      child.kill('SIGKILL');
      const said = stderrTail.length === 0 ? '' : `; it said:\n${stderrTail.join('\n')}`;
      reject(
        new Error(
          `workerd (${binary}) ${why}${said}\nCheck that \`pnpm install\` ran (workerd comes with miniflare, a devDependency of bench) and that the Worker bundles.`,
        ),
      );
    };
    const timer = setTimeout(() => fail(`did not listen within ${timeoutMs} ms`), timeoutMs);
    child.once('error', (error) => fail(`could not start: ${error.message}`));
    void exited.then((code) => fail(`exited with ${code} before it listened`));
    createInterface({ input: child.stdio[3] as Readable }).on('line', (line) => {
      const message = parseControlMessage(line);
      if (listening || message?.event !== 'listen' || message.socket !== WORKERD_SOCKET) return;
      listening = true;
      clearTimeout(timer);
      resolve({
        port: message.port,
        exited,
        stop: () => {
          child.kill('SIGTERM');
          return exited;
        },
      });
    });
  });
}

interface ControlMessage {
  readonly event?: string;
  readonly socket?: string;
  readonly port: number;
}

// workerd's control messages: `{"event":"listen","socket":"http","port":45001}`, one per line.
function parseControlMessage(line: string): ControlMessage | undefined {
  try {
    const message = JSON.parse(line) as ControlMessage;
    return typeof message.port === 'number' ? message : undefined;
  } catch {
    // Not a message this launcher knows; workerd may add others.
    return undefined;
  }
}
