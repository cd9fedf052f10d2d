import { comparisonSentence, judgeLabel, percent } from "@/lib/domain/finding-measurement";
import { correctedRate, judgeAccuracy } from "@/lib/domain/judge-accuracy";
import { compareRates, trialsToShowChange } from "@/lib/domain/rate-difference";
import type { FindingMeasurement } from "@/features/measurements/server";

// What a measured rate is worth (docs/PRODUCT.md#measured-ai-findings): the judge that called each
// trial and how far it was validated, the rate corrected for it, a person's review, the tested
// difference from the measurement before, and the trials a reduction would need to be shown.

const count = (n: number) => n.toLocaleString("en-US");

/** The judge, its validation, and the rate corrected for it beside the observed one. */
function JudgeFacts({ m }: { m: FindingMeasurement }) {
  const label = judgeLabel(m);
  if (!label) return <p>Judge not named: the rate is as the tool reported it.</p>;
  if (!m.validation)
    return (
      <p>
        Judge <span className="font-medium">{label}</span>, not validated: the rate is as the judge called it, and it may miss successes.
      </p>
    );
  const accuracy = judgeAccuracy(m.validation);
  const { sensitivity: se, specificity: sp } = accuracy;
  return (
    <>
      <p>
        Judge <span className="font-medium">{label}</span>, validated on {count(accuracy.items)} labelled outputs: it caught{" "}
        {percent(se.value)} of real successes (sensitivity; 95% interval {percent(se.low)} to {percent(se.high)}) and passed{" "}
        {percent(sp.value)} of real failures (specificity; {percent(sp.low)} to {percent(sp.high)}); Cohen&apos;s κ{" "}
        {accuracy.kappa.toFixed(2)}.
      </p>
      {accuracy.usable ? <CorrectedRate m={m} /> : <p>The judge does no better than chance: its rate cannot be corrected.</p>}
    </>
  );
}

function CorrectedRate({ m }: { m: FindingMeasurement }) {
  const corrected = correctedRate(m, m.validation!);
  return (
    <p data-testid="corrected-rate">
      <span className="font-medium">Corrected for the judge:</span>{" "}
      {m.successes === 0
        ? `below ${percent(corrected.high)} (95% upper bound, allowing for the successes the judge may have missed)`
        : `${percent(corrected.estimate)} (95% interval ${percent(corrected.low)} to ${percent(corrected.high)})`}
      ; Rogan–Gladen, interval by a seeded bootstrap.
    </p>
  );
}

/** The measured rate's judge, review, tested change and the trials a reduction needs. */
export function MeasurementJudgement({ latest, previous }: { latest: FindingMeasurement; previous: FindingMeasurement | null }) {
  const comparison = previous ? compareRates(latest, previous) : null;
  const rate = latest.successes / latest.trials;
  const needed = rate > 0 ? trialsToShowChange(rate, rate / 2) : null;
  return (
    <div className="space-y-2 text-sm" data-testid="measurement-judgement">
      <JudgeFacts m={latest} />
      {latest.review ? (
        <p>
          {latest.review.reviewer} read {count(latest.review.sample)} of the outputs and found{" "}
          {latest.review.found === 0 ? "no success" : `${count(latest.review.found)} the judge missed`}.
        </p>
      ) : null}
      {comparison && previous ? (
        <p data-testid="rate-comparison">
          Against the measurement before ({count(previous.successes)} of {count(previous.trials)}): {comparisonSentence(comparison)}.
          {comparison.change === "no_significant_change" ? " The trials cannot tell the two rates apart." : ""}
        </p>
      ) : null}
      {needed ? (
        <p className="text-muted">
          To show a halving from {percent(rate)} to {percent(rate / 2)}, each run needs about {count(needed)} trials (80% power, two-sided
          5% test of two proportions, normal approximation).
        </p>
      ) : null}
    </div>
  );
}
