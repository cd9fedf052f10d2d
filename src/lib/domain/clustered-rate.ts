// Per-conversation rates when several conversations start from the same seed prompt (docs/PRODUCT.md#measured-ai-findings).
// Conversations from one seed are alike: counting them as independent trials makes the interval too
// narrow. The design effect (how much the clustering inflates the variance) is estimated with the
// cluster-robust (ratio-estimator) variance, and Wilson's interval taken on the effective trials.
import type { RateInterval } from "./attack-rate";

const Z95 = 1.959963984540054;

export type ClusterCounts = { successes: number; trials: number };

/**
 * The trials' worth once clustered: n / deff, where deff is the cluster-robust variance of the rate
 * p = Σk/Σn, (C/(C−1))·Σ(kᵢ − p·nᵢ)²/(Σn)², over the binomial one, p(1−p)/Σn; held at least 1 (a
 * clustering that seems to help is taken as none) and at most n. With one cluster, or no success
 * or every one, the spread cannot be estimated and the trials count as they are.
 */
export function effectiveTrials(clusters: readonly ClusterCounts[]): number {
  const trials = clusters.reduce((sum, c) => sum + c.trials, 0);
  const successes = clusters.reduce((sum, c) => sum + c.successes, 0);
  if (trials === 0) throw new RangeError("at least one trial is needed");
  const p = successes / trials;
  const count = clusters.length;
  if (count < 2 || p === 0 || p === 1) return trials;
  const squares = clusters.reduce((sum, c) => sum + (c.successes - p * c.trials) ** 2, 0);
  const robust = ((count / (count - 1)) * squares) / (trials * trials);
  const binomial = (p * (1 - p)) / trials;
  const designEffect = Math.max(1, robust / binomial);
  return Math.min(trials, Math.max(1, trials / designEffect));
}

/** Wilson's 95% score interval of the rate p on n effective trials (n need not be whole). */
export function clusteredWilson(rate: number, effective: number): RateInterval {
  if (!(effective >= 1) || rate < 0 || rate > 1) throw new RangeError("a rate in [0, 1] on at least one effective trial");
  const z2 = Z95 * Z95;
  const denominator = 1 + z2 / effective;
  const centre = (rate + z2 / (2 * effective)) / denominator;
  const half = (Z95 / denominator) * Math.sqrt((rate * (1 - rate)) / effective + z2 / (4 * effective * effective));
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}
