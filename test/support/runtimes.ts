import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { Miniflare } from 'miniflare';
import { startChildServer } from './child-server.js';

/** A conformance server (runtimes/conformance-app.ts) running on one runtime. */
export interface RunningServer {
  readonly baseUrl: string;
  stop(): Promise<void>;
}

export interface Runtime {
  readonly name: string;
  start(): Promise<RunningServer>;
}

const require = createRequire(import.meta.url);
const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const TSX = here('../../node_modules/.bin/tsx');

/**
 * The binary an npm package installed (bun and deno ship theirs through a postinstall script). A
 * loud error, never a skip, when it is missing.
 */
export function npmBinary(pkg: 'bun' | 'deno'): string {
  const path = join(dirname(require.resolve(`${pkg}/package.json`)), pkg === 'bun' ? 'bin/bun.exe' : 'deno');
  if (!existsSync(path)) {
    throw new Error(
      `The ${pkg} binary is missing at ${path}. It comes from the ${pkg} npm package's postinstall script: ` +
        `check that "${pkg}" is listed under onlyBuiltDependencies in pnpm-workspace.yaml, then run pnpm install again.`,
    );
  }
  return path;
}

/**
 * `deno run`'s arguments for a TypeScript file of this workspace: its packages' `source` export
 * condition, extension-less relative imports, no lockfile, and the permissions of a server on
 * loopback (the network on the hosts of `allowNet`, 127.0.0.1 by default; reading files; the
 * environment: only the variables in `allowEnv` when it is given, every one by default). A
 * quickstart that listens on every interface, as the README's do, needs `0.0.0.0` too.
 */
export function denoRunArgs(
  file: string,
  { allowEnv, allowNet = ['127.0.0.1'] }: { allowEnv?: readonly string[]; allowNet?: readonly string[] } = {},
): string[] {
  const env = allowEnv === undefined ? '--allow-env' : `--allow-env=${allowEnv.join(',')}`;
  return ['run', '--conditions=source', '--sloppy-imports', '--no-lock', `--allow-net=${allowNet.join(',')}`, '--allow-read', env, file];
}

function childRuntime(name: string, command: () => string, args: readonly string[]): Runtime {
  return {
    name,
    async start() {
      const server = await startChildServer(command(), args, { cwd: here('../..') });
      return { baseUrl: `http://127.0.0.1:${server.port}`, stop: server.stop };
    },
  };
}

/** The Worker bundled as one ES module: browser platform, so `node:` imports cannot resolve. */
export async function bundleWorker(entry: string): Promise<string> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    conditions: ['source'],
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}

const workerd: Runtime = {
  name: 'workerd (Miniflare)',
  async start() {
    const script = await bundleWorker(here('../runtimes/worker.ts'));
    const miniflare = new Miniflare({ modules: true, script, compatibilityDate: '2025-01-01' });
    const url = await miniflare.ready;
    return { baseUrl: url.origin, stop: () => miniflare.dispose() };
  },
};

/** Every runtime the core claims; add one here and it runs every conformance row. */
export const runtimes: Runtime[] = [
  childRuntime('Node', () => TSX, ['--conditions=source', here('../runtimes/node-server.ts')]),
  childRuntime('Bun', () => npmBinary('bun'), ['--conditions=source', here('../runtimes/bun-server.ts')]),
  childRuntime('Deno', () => npmBinary('deno'), denoRunArgs(here('../runtimes/deno-server.ts'))),
  workerd,
];
