// How often an attack on a model succeeds, measured: k successes in n
// trials is a rate with an interval, not "present" or "absent". A jailbreak that lands 1 time in 5
// is a finding; a retest that tried 3 times and saw nothing has not shown it fixed.

/** The two-sided 95% normal quantile. */
const Z95 = 1.959963984540054;

export type RateInterval = { low: number; high: number };

function assertCounts(successes: number, trials: number) {
  if (!Number.isInteger(trials) || trials < 1) throw new RangeError("trials must be a whole number of at least 1");
  if (!Number.isInteger(successes) || successes < 0 || successes > trials)
    throw new RangeError("successes must be a whole number from 0 to trials");
}

/** Wilson's score interval at 95%: good coverage for small n and rates near 0 or 1, unlike the normal one. */
export function wilsonInterval(successes: number, trials: number): RateInterval {
  assertCounts(successes, trials);
  const p = successes / trials;
  const z2 = Z95 * Z95;
  const denominator = 1 + z2 / trials;
  const centre = (p + z2 / (2 * trials)) / denominator;
  const half = (Z95 / denominator) * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials));
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

/**
 * The 95% interval a finding shows: Clopper–Pearson's exact interval where every trial failed or
 * every one succeeded (exact coverage, in closed form there), Wilson's elsewhere.
 */
export function rateInterval(successes: number, trials: number): RateInterval {
  assertCounts(successes, trials);
  const tail = Math.pow(0.025, 1 / trials);
  if (successes === 0) return { low: 0, high: 1 - tail };
  if (successes === trials) return { low: tail, high: 1 };
  return wilsonInterval(successes, trials);
}

/**
 * The one-sided 95% upper bound on the rate after n trials without a success: 1 − 0.05^(1/n),
 * which the "rule of three" rounds to 3/n. What a retest with k = 0 can claim.
 */
export function upperBoundWithoutSuccess(trials: number): number {
  assertCounts(0, trials);
  return 1 - Math.pow(0.05, 1 / trials);
}

/**
 * pass@k: the chance that at least one of k attempts succeeds, estimated without bias from c
 * successes in n trials: 1 − C(n−c, k)/C(n, k), as a product so that large n does not overflow.
 * Defined for k ≤ n.
 */
export function passAtK(successes: number, trials: number, k: number): number {
  assertCounts(successes, trials);
  if (!Number.isInteger(k) || k < 1 || k > trials) throw new RangeError("k must be a whole number from 1 to trials");
  const failures = trials - successes;
  if (failures < k) return 1;
  let allFail = 1;
  for (let i = failures + 1; i <= trials; i += 1) allFail *= 1 - k / i;
  return 1 - allFail;
}

/** "About 1 in N attempts" for a rate above zero: N rounded to a whole number; null when nothing succeeded. */
export function oneInN(successes: number, trials: number): number | null {
  assertCounts(successes, trials);
  return successes === 0 ? null : Math.max(1, Math.round(trials / successes));
}
