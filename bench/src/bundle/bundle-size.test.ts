import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { bundleWorker } from './bundle-worker.js';
import { CORE_WORKER, HONO_WORKER, NEYNAR_WORKER } from './worker-sources.js';

// The packages as a user installs them: the test command builds them before it runs the tests.
const BUILT = ['core', 'hono'].every((name) =>
  existsSync(fileURLToPath(new URL(`../../../packages/${name}/dist/index.js`, import.meta.url))),
);

// A size budget is deterministic (unlike a timing), so it belongs in the test command: the Worker
// that mounts the core's handler must stay small enough for the edge, where the bundle is uploaded
// under a size limit and parsed on every cold start. Bundled from the sources, and from the built
// packages when they are there: a build can keep what the sources let a bundler drop (a top-level
// call in a chunk shared with code the Worker uses, unless marked pure).
describe('the edge bundle', () => {
  const workers = [
    { ...CORE_WORKER, header: 'x-airstack-webhook' },
    { ...HONO_WORKER, header: 'x-airstack-webhook' },
    { ...NEYNAR_WORKER, header: 'x-neynar-signature' },
  ];
  type Worker = (typeof workers)[number];
  async function expectWithinBudget({ source, budget, header }: Worker, fromSource: boolean) {
    const bundle = await bundleWorker(source, { fromSource });
    expect(bundle.code).toContain(header);
    expect(bundle.gzipBytes).toBeLessThanOrEqual(budget!);
  }
  it.each(workers)('$label stays within its gzipped budget, bundled from the sources', (worker) => expectWithinBudget(worker, true));
  it.skipIf(!BUILT).each(workers)('$label stays within its gzipped budget, bundled from the built packages', (worker) =>
    expectWithinBudget(worker, false),
  );
});
