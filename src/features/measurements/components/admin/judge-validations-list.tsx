import { percent } from "@/lib/domain/finding-measurement";
import { formatDate } from "@/lib/format";
import type { JudgeValidationRow } from "@/features/measurements/server";

// The firm's judge validations, newest first (docs/PRODUCT.md#measured-ai-findings): each judge's
// sensitivity and specificity with their 95% intervals, and Cohen's κ.

const judgeName = (v: JudgeValidationRow) =>
  [v.judgeName, v.judgeVersion, v.judgeModel && `model ${v.judgeModel}`, v.judgeRubricVersion && `rubric ${v.judgeRubricVersion}`]
    .filter(Boolean)
    .join(" · ");

export function JudgeValidationsList({ rows }: { rows: JudgeValidationRow[] }) {
  if (rows.length === 0)
    return <p className="text-sm text-muted">No judge validated yet: every measured rate is as its judge called it.</p>;
  return (
    <ul className="space-y-3" aria-label="Judge validations">
      {rows.map((v) => {
        const { sensitivity: se, specificity: sp } = v.accuracy;
        return (
          <li key={v.id} className="rounded-lg border border-slate-800 p-3 text-sm" data-testid="judge-validation">
            <p className="break-words font-medium">{judgeName(v)}</p>
            <p>
              Sensitivity {percent(se.value)} ({percent(se.low)} to {percent(se.high)}) · specificity {percent(sp.value)} ({percent(sp.low)}{" "}
              to {percent(sp.high)}) · κ {v.accuracy.kappa.toFixed(2)}
            </p>
            <p className="text-muted">
              {v.accuracy.items.toLocaleString("en-US")} labelled items ({v.counts.truePositives} caught, {v.counts.falseNegatives} missed,{" "}
              {v.counts.falsePositives} false alarms, {v.counts.trueNegatives} passed) · {v.recordedByName}, {formatDate(v.validatedAt)}
              {v.accuracy.usable ? "" : " · no better than chance: not used to correct rates"}
            </p>
            {v.note ? <p className="break-words text-muted">{v.note}</p> : null}
          </li>
        );
      })}
    </ul>
  );
}
