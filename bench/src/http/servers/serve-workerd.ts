import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { bundleWorker } from '../../bundle/bundle-worker.js';
import { BENCH_BARE_WORKER, BENCH_CORE_WORKER, contractWorker } from '../../bundle/worker-sources.js';
import { benchAppKey } from '../apps/miniapp-lookup.js';
import { BENCH_HONO_NAIVE_WORKER, BENCH_HONO_WORKER, BENCH_NEYNAR_HONO_NAIVE_WORKER, BENCH_NEYNAR_HONO_WORKER } from './hono-workers.js';
import { MINIAPP_BARE_WORKER, miniAppHandlerWorker, miniAppReferenceWorker } from './miniapp-workers.js';
import { BENCH_NEYNAR_BARE_WORKER, BENCH_NEYNAR_WORKER } from './neynar-workers.js';
import type { RUNTIME_APPS } from './server-names.js';
import { startWorkerd } from './workerd-process.js';

type WorkerdApp = (typeof RUNTIME_APPS)['workerd'][number];

/** A Worker's source, and the compatibility flags its deploy would set. */
interface Worker {
  readonly source: string;
  readonly flags?: readonly string[];
}

const miniAppFiles = () => ({ lookup: appSourceFile('miniapp-lookup.ts'), reference: appSourceFile('miniapp-reference.ts') });

const WORKERS: Record<WorkerdApp, () => Worker> = {
  'web-handler': () => ({ source: BENCH_CORE_WORKER }),
  'web-bare': () => ({ source: BENCH_BARE_WORKER }),
  'web-contract': () => ({ source: contractWorker(appSourceFile('contract-route.ts')) }),
  'hono-adapter': () => ({ source: BENCH_HONO_WORKER }),
  'hono-naive': () => ({ source: BENCH_HONO_NAIVE_WORKER }),
  'neynar-web-handler': () => ({ source: BENCH_NEYNAR_WORKER }),
  'neynar-web-bare': () => ({ source: BENCH_NEYNAR_BARE_WORKER }),
  'neynar-hono-adapter': () => ({ source: BENCH_NEYNAR_HONO_WORKER }),
  'neynar-hono-naive': () => ({ source: BENCH_NEYNAR_HONO_NAIVE_WORKER }),
  'miniapp-web-handler': () => ({ source: miniAppHandlerWorker(benchAppKey(), miniAppFiles()) }),
  // The reference reads Node's `Buffer`: its deploy needs nodejs_compat, which the others do without.
  'miniapp-web-reference': () => ({ source: miniAppReferenceWorker(benchAppKey(), miniAppFiles()), flags: ['nodejs_compat'] }),
  'miniapp-web-bare': () => ({ source: MINIAPP_BARE_WORKER }),
};

/**
 * Starts a Worker on the workerd binary itself, bundled as a deploy would bundle it, from a
 * generated config: wrk talks to workerd's own socket, with no Miniflare entry worker or proxy in
 * front. This Node process only bundles and starts it; workerd, its child, inherits its CPU pinning,
 * and the bench counts the CPU time of both.
 */
export async function serveWorkerd(app: WorkerdApp): Promise<number> {
  const worker = WORKERS[app]();
  const { code } = await bundleWorker(worker.source);
  const workerd = await startWorkerd({ code, compatibilityFlags: worker.flags ?? [] });
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

/** An app module's source file, bundled as it is: from `dist` (the bench) or from `src`. */
export function appSourceFile(name: string): string {
  const candidates = [`../src/http/apps/${name}`, `../apps/${name}`].map((path) => fileURLToPath(new URL(path, import.meta.url)));
  const found = candidates.find((path) => existsSync(path));
  if (found === undefined) throw new Error(`The app module's source is in none of ${candidates.join(', ')}.`);
  return found;
}
