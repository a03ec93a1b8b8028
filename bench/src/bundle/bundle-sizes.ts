import { formatCount, formatFigure } from '../support/stats.js';
import type { Table } from '../support/table.js';
import { bundleWorker } from './bundle-worker.js';
import { importTimeMs } from './import-time.js';
import {
  CORE_WORKER,
  HAND_WRITTEN_WORKER,
  HONO_HAND_WRITTEN_WORKER,
  HONO_WORKER,
  NEYNAR_WORKER,
  OCTOKIT_WORKER,
} from './worker-sources.js';

/**
 * Section `bundle`: each Worker bundled as an edge platform bundles it (esbuild, minified, ESM,
 * `worker`/`browser` conditions, against the packages' `dist`), its gzipped size against its budget
 * and its import time in Node, beside the hand-written route and octokit's middleware.
 */
export async function bundleSizes(): Promise<{ table: Table; met: boolean }> {
  const rows: string[][] = [];
  let met = true;
  for (const worker of [HAND_WRITTEN_WORKER, OCTOKIT_WORKER, CORE_WORKER, NEYNAR_WORKER, HONO_WORKER, HONO_HAND_WRITTEN_WORKER]) {
    const bundle = await bundleWorker(worker.source);
    const within = worker.budget === undefined || bundle.gzipBytes <= worker.budget;
    met &&= within;
    rows.push([
      worker.label,
      formatCount(bundle.bytes),
      formatCount(bundle.gzipBytes),
      worker.budget === undefined ? '-' : `${formatCount(worker.budget)} ${within ? 'met' : 'MISSED'}`,
      formatFigure(importTimeMs(bundle.code)),
    ]);
  }
  return {
    table: {
      title:
        'A minimal Worker bundled with esbuild (minified, ESM, worker/browser conditions): sizes, and import time in Node (median of 7 fresh processes)',
      columns: ['bundle', 'bytes minified', 'bytes gzipped', 'budget (gzipped)', 'import ms'],
      rows,
    },
    met,
  };
}
