import { wilsonInterval } from "./attack-rate";

// Whether one measured rate differs from another (docs/PRODUCT.md#measured-ai-findings): 4 successes
// in 50 after 5 in 50 is a lower point rate, but the runs cannot tell the two apart. A change is
// called only when the 95% interval of the difference leaves 0.

/** The two-sided 95% normal quantile, and the one-sided 80% one (the power the screen plans for). */
const Z95 = 1.959963984540054;
const Z_POWER_80 = 0.8416212335729143;

export type Counts = { successes: number; trials: number };
export type DifferenceInterval = { difference: number; low: number; high: number };

/**
 * The 95% interval of p₁ − p₂ by Newcombe's hybrid score method (Newcombe 1998, method 10): each
 * rate's Wilson interval, their distances to the estimates combined in quadrature. Good coverage
 * for small n and for rates near 0, where the normal (Wald) difference interval fails.
 */
export function newcombeDifference(first: Counts, second: Counts): DifferenceInterval {
  const p1 = first.successes / first.trials;
  const p2 = second.successes / second.trials;
  const a = wilsonInterval(first.successes, first.trials);
  const b = wilsonInterval(second.successes, second.trials);
  const difference = p1 - p2;
  return {
    difference,
    low: difference - Math.sqrt((p1 - a.low) ** 2 + (b.high - p2) ** 2),
    high: difference + Math.sqrt((a.high - p1) ** 2 + (p2 - b.low) ** 2),
  };
}

/** A later run against the one before it: lower, higher, or not told apart by the trials. */
export const RATE_CHANGES = ["reduced", "increased", "no_significant_change"] as const;
export type RateChange = (typeof RATE_CHANGES)[number];
export const RATE_CHANGE_LABELS: Record<RateChange, string> = {
  reduced: "Reduced",
  increased: "Increased",
  no_significant_change: "No significant change",
};

export type RateComparison = DifferenceInterval & { change: RateChange };

/**
 * The later run's rate minus the earlier one's, and what it shows: Reduced only when the whole
 * interval is below 0, Increased only when it is above, else No significant change.
 */
export function compareRates(later: Counts, earlier: Counts): RateComparison {
  const interval = newcombeDifference(later, earlier);
  const change: RateChange = interval.high < 0 ? "reduced" : interval.low > 0 ? "increased" : "no_significant_change";
  return { ...interval, change };
}

/**
 * Trials each run needs for a two-sided 5% test of two proportions to show a change from p₁ to
 * p₂ with the given power, 80% by default (the normal approximation without continuity
 * correction, as R's power.prop.test): n = (z₀.₉₇₅·√(2p̄q̄) + z_power·√(p₁q₁ + p₂q₂))² / (p₁ − p₂)².
 * Not rounded: `trialsToShowChange` rounds it up.
 */
export function trialsForChange(p1: number, p2: number, power = 0.8): number {
  if (!(p1 >= 0 && p1 <= 1 && p2 >= 0 && p2 <= 1)) throw new RangeError("rates must be from 0 to 1");
  if (!(power > 0.5 && power < 1)) throw new RangeError("power must be between 0.5 and 1");
  if (p1 === p2) return Infinity;
  const zPower = power === 0.8 ? Z_POWER_80 : normalQuantile(power);
  const mean = (p1 + p2) / 2;
  const root = Z95 * Math.sqrt(2 * mean * (1 - mean)) + zPower * Math.sqrt(p1 * (1 - p1) + p2 * (1 - p2));
  return (root / (p1 - p2)) ** 2;
}

/** Whole trials per run to show the change; null when the rates are equal (no n shows a change that is not there). */
export function trialsToShowChange(p1: number, p2: number, power = 0.8): number | null {
  const n = trialsForChange(p1, p2, power);
  return Number.isFinite(n) ? Math.ceil(n - 1e-9) : null;
}

/** The power a two-sided 5% test has with n trials per run to show p₁ against p₂ (the same approximation). */
export function powerToShowChange(p1: number, p2: number, trials: number): number {
  const mean = (p1 + p2) / 2;
  const spread = Math.sqrt(p1 * (1 - p1) + p2 * (1 - p2));
  if (spread === 0) return p1 === p2 ? 0 : 1;
  return normalCdf((Math.sqrt(trials) * Math.abs(p1 - p2) - Z95 * Math.sqrt(2 * mean * (1 - mean))) / spread);
}

/** The standard normal distribution function (Abramowitz–Stegun 7.1.26 on erf, error below 1.5e-7). */
function normalCdf(x: number): number {
  const t = 1 / (1 + (0.3275911 * Math.abs(x)) / Math.SQRT2);
  const poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const erf = 1 - poly * Math.exp(-(x * x) / 2);
  return x >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

/** The standard normal quantile (Acklam's rational approximation, relative error below 1.2e-9). */
export function normalQuantile(p: number): number {
  if (!(p > 0 && p < 1)) throw new RangeError("p must be between 0 and 1");
  const a = [-3.969683028665376e1, 2.209460984245205e2, -2.759285104469687e2, 1.38357751867269e2, -3.066479806614716e1, 2.506628277459239];
  const b = [-5.447609879822406e1, 1.615858368580409e2, -1.556989798598866e2, 6.680131188771972e1, -1.328068155288572e1];
  const c = [-7.784894002430293e-3, -3.223964580411365e-1, -2.400758277161838, -2.549732539343734, 4.374664141464968, 2.938163982698783];
  const d = [7.784695709041462e-3, 3.224671290700398e-1, 2.445134137142996, 3.754408661907416];
  const tail = (q: number) =>
    (((((c[0]! * q + c[1]!) * q + c[2]!) * q + c[3]!) * q + c[4]!) * q + c[5]!) / ((((d[0]! * q + d[1]!) * q + d[2]!) * q + d[3]!) * q + 1);
  if (p < 0.02425) return tail(Math.sqrt(-2 * Math.log(p)));
  if (p > 1 - 0.02425) return -tail(Math.sqrt(-2 * Math.log(1 - p)));
  const q = p - 0.5;
  const r = q * q;
  return (
    ((((((a[0]! * r + a[1]!) * r + a[2]!) * r + a[3]!) * r + a[4]!) * r + a[5]!) * q) /
    (((((b[0]! * r + b[1]!) * r + b[2]!) * r + b[3]!) * r + b[4]!) * r + 1)
  );
}
