/** The median of `values` (the mean of the middle two for an even count); NaN when empty. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const upper = sorted[middle] ?? Number.NaN;
  return sorted.length % 2 === 1 ? upper : ((sorted[middle - 1] ?? upper) + upper) / 2;
}

/** The arithmetic mean; NaN when empty. */
export function mean(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}

/** `value(last) / value(first)` over `rows` (smallest size first); NaN when there are none. */
export function lastOverFirst<T>(rows: readonly T[], value: (row: T) => number): number {
  const first = rows[0];
  const last = rows[rows.length - 1];
  return first === undefined || last === undefined ? Number.NaN : value(last) / value(first);
}

/**
 * How many times the time grows for ×4 the size, from the time and size ratios of two runs (time
 * taken as a power of size), so that runs of other sizes are judged the same way.
 */
export function timeRatioPerFourfold(timeRatio: number, sizeRatio: number): number {
  return timeRatio ** (Math.log(4) / Math.log(sizeRatio));
}
