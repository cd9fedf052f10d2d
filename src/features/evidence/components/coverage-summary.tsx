import { Card } from "@/components/ui/card";
// From the modules themselves, not the validation index: its zod schemas would ship with the
// portal's project view (about 40 KB gzipped) to show a sentence and some labels.
import { CONTROL_FAMILY_LABELS } from "@/features/evidence/validation/catalogue";
import { coverageSentence, type FamilyCoverage, type CoverageCounts } from "@/features/evidence/validation/coverage-summary";

/**
 * An engagement's coverage by control family (docs/PRODUCT.md#evidence-packs): the overall sentence
 * ("41 of 46 cases run, 37 held, 4 failed, 5 not applicable"), then each family's, each control
 * folded under it. The admin's engagement page and the portal's project view show the same.
 */
export function CoverageSummary({
  plan,
  counts,
  families,
}: {
  plan: { name: string; version: number; atlasRelease: string };
  counts: CoverageCounts;
  families: FamilyCoverage[];
}) {
  return (
    <Card className="flex flex-col gap-3" data-testid="coverage-summary">
      <div>
        <h2 className="text-lg font-semibold">Coverage</h2>
        <p className="text-xs text-muted">
          {plan.name}, version {plan.version} · {plan.atlasRelease}
        </p>
      </div>
      <p className="font-medium" data-testid="coverage-sentence">
        {coverageSentence(counts)}
      </p>
      <ul className="space-y-2 text-sm">
        {families.map((family) => (
          <li key={family.family}>
            <details>
              <summary className="cursor-pointer">
                <span className="font-medium">{CONTROL_FAMILY_LABELS[family.family]}</span>
                <span className="text-muted">: {coverageSentence(family.counts)}</span>
              </summary>
              <ul className="mt-1 space-y-1 pl-4 text-xs">
                {family.controls.map((control) => (
                  <li key={control.id} className="flex flex-wrap justify-between gap-x-4">
                    <span className="min-w-0 break-words">{control.label}</span>
                    <span className="text-muted">
                      {control.counts.held} held · {control.counts.failed} failed · {control.counts.not_applicable} N/A ·{" "}
                      {control.counts.blocked > 0 ? `${control.counts.blocked} blocked · ` : ""}
                      {control.counts.not_started} not started
                    </span>
                  </li>
                ))}
              </ul>
            </details>
          </li>
        ))}
      </ul>
    </Card>
  );
}
