import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

export interface BundleOptions {
  /** Resolve workspace packages to their TypeScript sources (`source` condition) instead of their `dist`. */
  readonly fromSource?: boolean;
}

export interface Bundle {
  readonly code: string;
  readonly bytes: number;
  readonly gzipBytes: number;
}

// Imports in the sources resolve from this file's folder up, so from the bench package's
// node_modules (it depends on every package bundled), whether this runs from src or from dist.
const RESOLVE_DIR = fileURLToPath(new URL('.', import.meta.url));

/**
 * Bundles a Worker's entry source as Workers, Vercel's and Next.js's edge runtimes and Deno Deploy
 * bundle it: esbuild, one minified ES module, the `worker` and `browser` export conditions, no Node
 * built-ins. Sizes are of the minified output and of its gzip (level 9, what upload limits count).
 */
export async function bundleWorker(source: string, options: BundleOptions = {}): Promise<Bundle> {
  const result = await build({
    stdin: { contents: source, resolveDir: RESOLVE_DIR, sourcefile: 'worker.js', loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    conditions: options.fromSource === true ? ['source', 'worker', 'browser'] : ['worker', 'browser'],
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]!.text;
  return { code, bytes: Buffer.byteLength(code), gzipBytes: gzipSync(code, { level: 9 }).byteLength };
}
