import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { bundleWorker } from '../../bundle/bundle-worker.js';
import { BENCH_BARE_WORKER, BENCH_CORE_WORKER, contractWorker } from '../../bundle/worker-sources.js';
import { BENCH_NEYNAR_BARE_WORKER, BENCH_NEYNAR_WORKER } from './neynar-workers.js';
import type { RUNTIME_APPS } from './server-names.js';
import { startWorkerd } from './workerd-process.js';

type WorkerdApp = (typeof RUNTIME_APPS)['workerd'][number];

const WORKERS = {
  'web-handler': BENCH_CORE_WORKER,
  'web-bare': BENCH_BARE_WORKER,
  'neynar-web-handler': BENCH_NEYNAR_WORKER,
  'neynar-web-bare': BENCH_NEYNAR_BARE_WORKER,
} as const;

/**
 * Starts a Worker on the workerd binary itself, bundled as a deploy would bundle it, from a
 * generated config: wrk talks to workerd's own socket, with no Miniflare entry worker or proxy in
 * front. This Node process only bundles and starts it; workerd, its child, inherits its CPU pinning,
 * and the bench counts the CPU time of both.
 */
export async function serveWorkerd(app: WorkerdApp): Promise<number> {
  const { code } = await bundleWorker(app === 'web-contract' ? contractWorker(contractRouteFile()) : WORKERS[app]);
  const workerd = await startWorkerd({ code });
  let stopping = false;
  process.once('SIGTERM', () => {
    stopping = true;
    void workerd.stop().then(() => process.exit(0));
  });
  void workerd.exited.then((code) => {
    if (stopping) return;
    console.error(`workerd exited on its own (${code}) while serving; its output above says why.`);
    process.exit(1);
  });
  return workerd.port;
}

/** The contract route's source file, bundled as it is: from `dist` (the bench) or from `src`. */
function contractRouteFile(): string {
  const candidates = ['../src/http/apps/contract-route.ts', '../apps/contract-route.ts'].map((path) =>
    fileURLToPath(new URL(path, import.meta.url)),
  );
  const found = candidates.find((path) => existsSync(path));
  if (found === undefined) throw new Error(`The contract route's source is in none of ${candidates.join(', ')}.`);
  return found;
}
