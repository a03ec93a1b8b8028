import { describe, expect, it } from 'vitest';
import { bundleWorker } from './bundle-worker.js';
import { CORE_WORKER, HONO_WORKER, NEYNAR_WORKER } from './worker-sources.js';

// A size budget is deterministic (unlike a timing), so it belongs in the test command: the Worker
// that mounts the core's handler must stay small enough for the edge, where the bundle is uploaded
// under a size limit and parsed on every cold start.
describe('the edge bundle', () => {
  it.each([
    { ...CORE_WORKER, header: 'x-airstack-webhook' },
    { ...HONO_WORKER, header: 'x-airstack-webhook' },
    { ...NEYNAR_WORKER, header: 'x-neynar-signature' },
  ])('$label stays within its gzipped budget', async ({ source, budget, header }) => {
    const bundle = await bundleWorker(source, { fromSource: true });
    expect(bundle.code).toContain(header);
    expect(bundle.gzipBytes).toBeLessThanOrEqual(budget!);
  });
});
