import "server-only";

// Mean and percentiles of durations (docs/PRODUCT.md#analytics). Percentiles are nearest-rank: the
// p-th percentile is the smallest value with at least p% of the values at or below it, always one
// of the values themselves (no interpolation, so "p95 = 41 days" names a real finding's time).

export type Spread = { count: number; mean: number | null; p50: number | null; p95: number | null };

/** The nearest-rank percentile of values sorted ascending; null when there are none. */
export function nearestRank(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1]!;
}

/** One decimal: days read as "12.5". */
export const oneDecimal = (n: number) => Math.round(n * 10) / 10;

export function spreadOf(values: readonly number[]): Spread {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return { count: 0, mean: null, p50: null, p95: null };
  const mean = sorted.reduce((sum, v) => sum + v, 0) / sorted.length;
  return {
    count: sorted.length,
    mean: oneDecimal(mean),
    p50: oneDecimal(nearestRank(sorted, 50)!),
    p95: oneDecimal(nearestRank(sorted, 95)!),
  };
}
