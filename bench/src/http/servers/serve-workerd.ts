import { Miniflare } from 'miniflare';
import { bundleWorker } from '../../bundle/bundle-worker.js';
import { BENCH_BARE_WORKER, BENCH_CORE_WORKER } from '../../bundle/worker-sources.js';

/**
 * Starts a Worker on workerd through Miniflare, bundled as a deploy would bundle it. Requests go
 * straight to workerd's own socket; this Node process only started it.
 */
export async function serveWorkerd(app: 'web-handler' | 'web-bare'): Promise<number> {
  const { code } = await bundleWorker(app === 'web-handler' ? BENCH_CORE_WORKER : BENCH_BARE_WORKER);
  const miniflare = new Miniflare({ modules: true, script: code, compatibilityDate: '2025-01-01', host: '127.0.0.1', port: 0 });
  const url = await miniflare.ready;
  process.once('SIGTERM', () => void miniflare.dispose().then(() => process.exit(0)));
  return Number(url.port);
}
