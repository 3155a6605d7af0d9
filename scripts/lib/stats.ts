/**
 * The statistics of the benchmark scripts: the median of repeated measurements, and how far it can
 * be trusted (a distribution-free interval, so no assumption about how a machine's noise is shaped).
 */

/** The median (the mean of the two middle values for an even count). */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error("median of no values");
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** P(X <= k) for X ~ Binomial(n, 1/2). */
function binomialHalfCdf(n: number, k: number): number {
  let term = 0.5 ** n; // P(X = 0)
  let sum = 0;
  for (let i = 0; i <= k; i++) {
    sum += term;
    term = (term * (n - i)) / (i + 1);
  }
  return sum;
}

export interface MedianInterval {
  low: number;
  high: number;
  /** The probability that the interval holds the true median: at least the confidence asked for, unless too few values could give it. */
  coverage: number;
}

/**
 * An interval that holds the median of the distribution the values were drawn from with at least
 * `confidence` probability: the k-th smallest and k-th largest values, for the largest k that still
 * gives that coverage (the order-statistic interval; each value independent, any distribution). With
 * too few values for that coverage (fewer than 6 at 95%), the lowest and highest values, with the
 * coverage they do give.
 */
export function medianInterval(values: readonly number[], confidence = 0.95): MedianInterval {
  const n = values.length;
  if (n === 0) throw new Error("median interval of no values");
  if (!(confidence > 0 && confidence < 1)) throw new Error(`confidence must be in (0, 1), got ${confidence}`);
  const sorted = [...values].sort((a, b) => a - b);
  // Coverage of [x(k), x(n+1-k)] is 1 - 2 P(X <= k-1); it falls as k grows.
  let k = 1;
  while (k + 1 <= Math.floor((n + 1) / 2) && 1 - 2 * binomialHalfCdf(n, k) >= confidence) k++;
  return {
    low: sorted[k - 1] as number,
    high: sorted[n - k] as number,
    coverage: 1 - 2 * binomialHalfCdf(n, k - 1),
  };
}
