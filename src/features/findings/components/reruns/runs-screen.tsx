import { Card } from "@/components/ui/card";
import type { RunComparisonPage } from "@/features/findings/server/reruns/compare";
import type { RerunSchedule, RunSummary } from "@/features/measurements/server";
import { RerunScheduleForm } from "@/features/measurements/components/reruns/rerun-schedule-form";
import { RunComparisonTable, RunsList, SchedulesList } from "./run-comparison";

/**
 * An engagement's scheduled re-runs (docs/PRODUCT.md#measured-ai-findings), the portal's page and
 * the firm's alike: the schedules (with the form for who may set them), the runs, and the chosen
 * run (the newest by default) compared with the previous one on its version.
 */
export function RunsScreen({
  projectId,
  side,
  canSchedule,
  schedules,
  runs,
  comparison,
  hrefOf,
}: {
  projectId: string;
  side: "admin" | "portal";
  canSchedule: boolean;
  schedules: RerunSchedule[];
  runs: RunSummary[];
  comparison: RunComparisonPage | null;
  hrefOf: (run: RunSummary) => string;
}) {
  return (
    <div className="space-y-6">
      {comparison ? <RunComparisonTable page={comparison} /> : null}
      <Card className="space-y-3">
        <h2 className="font-semibold">Runs</h2>
        <RunsList runs={runs} hrefOf={hrefOf} selected={comparison?.run.id ?? null} />
      </Card>
      <Card className="space-y-3">
        <h2 className="font-semibold">Schedules</h2>
        <SchedulesList schedules={schedules} />
        {canSchedule ? (
          <RerunScheduleForm projectId={projectId} side={side} modelId={runs[0]?.modelId ?? schedules[0]?.modelId ?? ""} />
        ) : null}
      </Card>
    </div>
  );
}
