/** The median of a non-empty list (the mean of the middle two for an even count). */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('median of an empty list');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * The median absolute deviation as a share of the median: the noise figure printed beside a median,
 * robust to the odd GC pause that a standard deviation would let dominate.
 */
export function relativeSpread(values: readonly number[]): number {
  const centre = median(values);
  return centre === 0 ? 0 : median(values.map((value) => Math.abs(value - centre))) / centre;
}

/** `12,345` for counts and rates. */
export function formatCount(value: number): string {
  return Math.round(value).toLocaleString('en-US');
}

/** Three significant figures, e.g. `1.23`, `45.6`, `789`, `1,235`. */
export function formatFigure(value: number): string {
  if (Math.abs(value) >= 1000) return formatCount(value);
  return value.toPrecision(3);
}

/** `±1.2%` from a relative spread. */
export function formatSpread(spread: number): string {
  return `±${(spread * 100).toFixed(1)}%`;
}
