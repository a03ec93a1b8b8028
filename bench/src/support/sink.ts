let sunk: unknown;

/**
 * Keeps a value observable so the JIT cannot drop the work that produced it; the benchmark's no-op
 * handlers and baselines all end here.
 */
export function sink(value: unknown): void {
  sunk = value;
}

/** Read once at the end so `sunk` is not dead either. */
export function sunkValue(): unknown {
  return sunk;
}
