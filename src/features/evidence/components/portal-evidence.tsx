import type { Coverage, PackRow } from "@/features/evidence/server";
import { Card } from "@/components/ui/card";
import { CoverageSummary } from "./coverage-summary";
import { PackList } from "./pack-list";

/**
 * An engagement's coverage and evidence packs in the portal (docs/PRODUCT.md#evidence-packs). The
 * pack's PDF downloads from the report vault ("Evidence pack"), behind the fresh proof every report
 * asks for; its public page is where an auditor checks it.
 */
export function PortalEvidence({ coverage, packs }: { coverage: Coverage | null; packs: PackRow[] }) {
  return (
    <>
      {coverage ? <CoverageSummary plan={coverage.plan} counts={coverage.counts} families={coverage.families} /> : null}
      <Card className="flex flex-col gap-3">
        <h2 className="text-lg font-semibold">Evidence pack</h2>
        <PackList packs={packs} />
        <p className="text-xs text-muted">
          The pack&apos;s PDF downloads from the report vault as &quot;Evidence pack&quot;; hand its public address to your auditor to check
          it.
        </p>
      </Card>
    </>
  );
}
