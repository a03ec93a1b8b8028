import { describe, expect, it } from 'vitest';
import { bundleWorker } from '../../bundle/bundle-worker.js';
import { BENCH_SECRET, HEADER, sampleBody } from '../../support/payloads.js';
import { ABLATION_WORKERS } from './workerd-ablation-workers.js';
import { startWorkerd } from './workerd-process.js';

// Each Worker of the ablation is generated from pieces; one that refuses good deliveries (a
// compare buffer too short for the secret did) would measure a 401 path and call it the receiver.
const body = new TextDecoder().decode(sampleBody('follow.created'));

async function status(port: number, header: string): Promise<number> {
  const response = await fetch(`http://127.0.0.1:${port}/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [HEADER]: header },
    body,
  });
  await response.arrayBuffer();
  return response.status;
}

describe('the workerd ablation Workers', () => {
  it.each(ABLATION_WORKERS.map((worker) => [worker.name, worker] as const))(
    '%s answers 200, and 401 when it checks the header',
    async (_name, worker) => {
      const workerd = await startWorkerd({ code: (await bundleWorker(worker.source, { fromSource: true })).code });
      try {
        expect(await status(workerd.port, BENCH_SECRET)).toBe(200);
        if (worker.checksHeader) {
          expect(await status(workerd.port, `${BENCH_SECRET}x`)).toBe(401);
          expect(await status(workerd.port, BENCH_SECRET.slice(0, -1))).toBe(401);
        }
      } finally {
        await workerd.stop();
      }
    },
  );
});
