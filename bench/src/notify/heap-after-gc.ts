/**
 * The V8 heap in use right after a full collection, in bytes: what the process holds, without the
 * garbage and the headroom that its resident memory also counts. The child processes that measure it
 * are started with `--expose-gc`; without it the figure is undefined.
 */
export function heapAfterGc(): number | undefined {
  const collect = (globalThis as { gc?: () => void }).gc;
  if (collect === undefined) return undefined;
  collect();
  return process.memoryUsage().heapUsed;
}
