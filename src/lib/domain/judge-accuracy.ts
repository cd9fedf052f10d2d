import { rateInterval, type RateInterval, upperBoundWithoutSuccess } from "./attack-rate";

// How far a measurement's judge can be trusted (docs/PRODUCT.md#measured-ai-findings). A success is
// whatever the judge (a detector, a grader, an LLM with a rubric) says; a judge that misses some
// successes makes a clean run look cleaner than it is. A validation compares the judge's labels with
// a person's on a sample, and the measured rate is then corrected for what the judge gets wrong.

/** A validation's counts: the judge's label against the person's, item by item. */
export type JudgeConfusion = { truePositives: number; falseNegatives: number; falsePositives: number; trueNegatives: number };

export type Proportion = RateInterval & { value: number };

export type JudgeAccuracy = {
  items: number;
  /** Successes (by the person) the judge also called successes. */
  sensitivity: Proportion;
  /** Failures (by the person) the judge also called failures. */
  specificity: Proportion;
  /** Cohen's κ: the agreement beyond what chance gives, from −1 to 1. */
  kappa: number;
  /** Whether the judge does better than chance (sensitivity + specificity above 1): only then can a rate be corrected. */
  usable: boolean;
};

function proportion(hits: number, of: number): Proportion {
  return { value: hits / of, ...rateInterval(hits, of) };
}

/**
 * Sensitivity and specificity with their 95% intervals (the interval a finding's rate shows: Wilson,
 * Clopper–Pearson at 0 and n) and Cohen's κ. Needs at least one success and one failure by the person.
 */
export function judgeAccuracy(c: JudgeConfusion): JudgeAccuracy {
  const positives = c.truePositives + c.falseNegatives;
  const negatives = c.trueNegatives + c.falsePositives;
  if (positives < 1 || negatives < 1) throw new RangeError("a validation needs at least one success and one failure by the person");
  const items = positives + negatives;
  const sensitivity = proportion(c.truePositives, positives);
  const specificity = proportion(c.trueNegatives, negatives);
  const agreed = (c.truePositives + c.trueNegatives) / items;
  const judgedPositive = (c.truePositives + c.falsePositives) / items;
  const byChance = judgedPositive * (positives / items) + (1 - judgedPositive) * (negatives / items);
  const kappa = byChance === 1 ? 1 : (agreed - byChance) / (1 - byChance);
  return { items, sensitivity, specificity, kappa, usable: sensitivity.value + specificity.value > 1 };
}

/**
 * Rogan and Gladen's correction (1978): the true rate from the observed one, (p + Sp − 1) / (Se + Sp − 1),
 * held to [0, 1] (sampling can put the observed rate below the judge's false-alarm rate).
 */
export function roganGladen(observed: number, sensitivity: number, specificity: number): number {
  const youden = sensitivity + specificity - 1;
  if (youden <= 0) throw new RangeError("the judge must do better than chance: sensitivity + specificity above 1");
  return Math.min(1, Math.max(0, (observed + specificity - 1) / youden));
}

export type CorrectedRate = RateInterval & { estimate: number };

/** Draws of the seeded bootstrap: enough for a stable 2.5th and 97.5th percentile, cheap enough to draw on a page. */
export const BOOTSTRAP_DRAWS = 4000;
const BOOTSTRAP_SEED = 0x5eed_2026;

/**
 * The rate corrected for the judge, with its 95% interval (docs/PRODUCT.md#measured-ai-findings):
 * the Rogan–Gladen estimate, its interval propagated from all three samples (the run's and the
 * validation's two) by a seeded parametric bootstrap: 4,000 draws of each proportion from its
 * Jeffreys beta distribution, each draw corrected, the 2.5th and 97.5th percentiles kept. The seed
 * is fixed, so the same counts always give the same interval.
 *
 * With no success observed the upper bound is the run's one-sided bound divided by the judge's
 * lowest plausible sensitivity: a false alarm could only have added successes, so the specificity
 * cannot lower it, and this is the bound Verified Fixed is held to.
 */
export function correctedRate(run: { successes: number; trials: number }, validation: JudgeConfusion): CorrectedRate {
  const accuracy = judgeAccuracy(validation);
  if (!accuracy.usable) throw new RangeError("the judge must do better than chance: sensitivity + specificity above 1");
  const observed = run.successes / run.trials;
  const estimate = roganGladen(observed, accuracy.sensitivity.value, accuracy.specificity.value);
  if (run.successes === 0) return { estimate, low: 0, high: correctedUpperWithoutSuccess(run.trials, accuracy) };
  const random = mulberry32(BOOTSTRAP_SEED);
  const draws: number[] = [];
  for (let i = 0; i < BOOTSTRAP_DRAWS; i += 1) {
    const p = jeffreysDraw(random, run.successes, run.trials);
    const se = jeffreysDraw(random, validation.truePositives, validation.truePositives + validation.falseNegatives);
    const sp = jeffreysDraw(random, validation.trueNegatives, validation.trueNegatives + validation.falsePositives);
    // A draw where the judge does no better than chance bounds nothing: it counts as the worst, 1.
    draws.push(se + sp > 1 ? roganGladen(p, se, sp) : 1);
  }
  draws.sort((a, b) => a - b);
  const low = draws[Math.floor(0.025 * (BOOTSTRAP_DRAWS - 1))]!;
  const high = draws[Math.ceil(0.975 * (BOOTSTRAP_DRAWS - 1))]!;
  // Percentiles of clipped draws can sit just beside the estimate: the interval always holds it.
  return { estimate, low: Math.min(low, estimate), high: Math.max(high, estimate) };
}

/** No success in n trials, through a judge: the one-sided 95% bound over the sensitivity's lower bound, at most 1. */
export function correctedUpperWithoutSuccess(trials: number, accuracy: Pick<JudgeAccuracy, "sensitivity">): number {
  const floor = accuracy.sensitivity.low;
  return floor <= 0 ? 1 : Math.min(1, upperBoundWithoutSuccess(trials) / floor);
}

/**
 * Trials with no success that bring the corrected upper bound under the threshold: the least n with
 * (1 − 0.05^(1/n)) / Se_low < threshold. Null when no number of trials can (the judge misses too much).
 */
export function trialsToBoundUnder(threshold: number, accuracy: Pick<JudgeAccuracy, "sensitivity">): number | null {
  const target = threshold * accuracy.sensitivity.low;
  if (!(target > 0 && target < 1)) return null;
  return Math.floor(Math.log(0.05) / Math.log(1 - target)) + 1;
}

/** A small, fast, seeded generator (mulberry32): the bootstrap must give the same interval every time. */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A draw of a proportion from Jeffreys' beta distribution, Beta(k + ½, n − k + ½). */
function jeffreysDraw(random: () => number, hits: number, of: number): number {
  const x = gammaDraw(random, hits + 0.5);
  const y = gammaDraw(random, of - hits + 0.5);
  return x / (x + y);
}

/** Marsaglia and Tsang's gamma draw; a shape below 1 is boosted by one and scaled back (u^(1/shape)). */
function gammaDraw(random: () => number, shape: number): number {
  if (shape < 1) return gammaDraw(random, shape + 1) * Math.pow(uniform(random), 1 / shape);
  const d = shape - 1 / 3;
  const c = 1 / Math.sqrt(9 * d);
  for (;;) {
    let x: number;
    let v: number;
    do {
      x = normalDraw(random);
      v = 1 + c * x;
    } while (v <= 0);
    v = v * v * v;
    const u = uniform(random);
    if (u < 1 - 0.0331 * x ** 4 || Math.log(u) < 0.5 * x * x + d * (1 - v + Math.log(v))) return d * v;
  }
}

const uniform = (random: () => number) => {
  const u = random();
  return u === 0 ? Number.MIN_VALUE : u;
};

function normalDraw(random: () => number): number {
  return Math.sqrt(-2 * Math.log(uniform(random))) * Math.cos(2 * Math.PI * random());
}
