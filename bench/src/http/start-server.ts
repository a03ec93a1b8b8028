import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startChildServer, type ChildServer } from '../support/child-server.js';
import type { ServerSpec } from './servers/server-names.js';

const require = createRequire(import.meta.url);
const SERVE = fileURLToPath(new URL('./serve.js', import.meta.url));
const BENCH_DIR = fileURLToPath(new URL('..', import.meta.url));

// bun and deno ship their binaries in npm packages (devDependencies here), fetched by postinstall.
function binary(pkg: 'bun' | 'deno'): string {
  return join(dirname(require.resolve(`${pkg}/package.json`)), pkg === 'bun' ? 'bin/bun.exe' : 'deno');
}

/**
 * Starts one server under test in its own process, on `cpu` when given, from the built
 * `dist/serve.js` (so it runs the packages' `dist`, as a user's app would), with `env` added to
 * this process's environment (the Mini App servers' signer key).
 */
export function startServer(spec: ServerSpec, cpu: number | undefined, env: Readonly<Record<string, string>> = {}): Promise<ChildServer> {
  const common = { args: [spec.runtime, spec.app], ready: /^listening (\d+)$/, cwd: BENCH_DIR, cpu, env: { ...process.env, ...env } };
  if (spec.runtime === 'bun') return startChildServer(SERVE, { ...common, executable: binary('bun'), nodeArgs: [] });
  if (spec.runtime === 'deno') {
    return startChildServer(SERVE, {
      ...common,
      executable: binary('deno'),
      nodeArgs: ['run', '--allow-net=127.0.0.1', '--allow-read', '--allow-env', '--allow-sys'],
    });
  }
  // Node, and workerd (whose binary a Node process bundles the Worker for and starts): plain `node`, without this process's flags.
  return startChildServer(SERVE, { ...common, nodeArgs: [] });
}
