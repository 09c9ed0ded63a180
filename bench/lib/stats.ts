// The few statistics the benchmarks print: medians and percentiles of their samples, means, and
// ratios to a baseline measured in the same run.

/** The middle value; of an even count, the mean of the two middle ones. NaN when there is none. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * The value below which a share `q` (0 to 1) of the samples lie: the nearest rank, no
 * interpolation (p99 of a hundred samples is the 99th smallest). 0 when there is none.
 */
export function percentile(values: readonly number[], q: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

export function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

export function mean(values: readonly number[]): number {
  return values.length === 0 ? NaN : sum(values) / values.length;
}

/** `a / b` as printed: "0.87x" (two decimals unless told). */
export function ratio(a: number, b: number, digits = 2): string {
  return `${(a / b).toFixed(digits)}x`;
}
