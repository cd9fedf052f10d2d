import Link from "next/link";
import { Card } from "@/components/ui/card";
import { StatusBadge } from "@/components/ui/status-badge";
import { clusteredWilson } from "@/lib/domain/clustered-rate";
import { FINDING_STATUS_LABELS } from "@/lib/domain/finding";
import { modelLabel, percent, rateSentence } from "@/lib/domain/finding-measurement";
import { RERUN_CADENCE_LABELS, RUN_CHANGE_LABELS, type RunChange } from "@/lib/domain/rerun";
import { formatDate } from "@/lib/format";
import type { Tone } from "@/lib/domain/tone";
import type { RunComparisonPage } from "@/features/findings/server/reruns/compare";
import type { RerunSchedule, RunCounts, RunSummary } from "@/features/measurements/server";

// The run-to-run comparison (docs/PRODUCT.md#measured-ai-findings), the same for the portal and the
// firm: each finding with both rates and the tested difference; "not seen" closes nothing.

const TONES: Record<RunChange, Tone> = {
  new: "red",
  still_present: "amber",
  reduced: "emerald",
  no_significant_change: "slate",
  regressed: "red",
  not_seen: "sky",
};

/** A difference of rates in percentage points, signed: "−2.0%", "+0.5%". */
const signed = (share: number) => `${share < 0 ? "−" : "+"}${percent(Math.abs(share))}`;

const runLabel = (run: RunSummary) =>
  `${modelLabel({ provider: run.provider, modelId: run.modelId, modelVersion: run.modelVersion })}, ${formatDate(run.recordedAt)} (${run.source === "ci" ? "your CI" : "the firm's import"}, ${run.recordedByName})`;

function Rate({ counts }: { counts: RunCounts | null }) {
  if (!counts) return <span className="text-muted">Not in this run</span>;
  const turns =
    counts.turnsUsed !== null
      ? ` · conversations of ${(counts.turnsUsed / counts.trials).toFixed(1)} turns on average${counts.turnBudget ? ` (budget ${counts.turnBudget})` : ""}`
      : "";
  // Conversations sharing seed prompts: Wilson's interval on the clustered trials' worth.
  const clustered =
    counts.effectiveTrials !== null && counts.seedPrompts !== null
      ? clusteredWilson(counts.successes / counts.trials, counts.effectiveTrials)
      : null;
  return (
    <span>
      {rateSentence(counts.successes, counts.trials)}
      {turns}
      {clustered
        ? ` · clustered by ${counts.seedPrompts} seed prompts: 95% interval ${percent(clustered.low)} to ${percent(clustered.high)}`
        : ""}
    </span>
  );
}

export function RunComparisonTable({ page }: { page: RunComparisonPage }) {
  const headingId = `run-${page.run.id}`;
  return (
    <Card className="space-y-3" aria-labelledby={headingId}>
      <h2 id={headingId} className="font-semibold">
        Run of {runLabel(page.run)}
      </h2>
      <p className="text-sm text-muted">
        {page.previous
          ? `Compared with the previous run on the same version: ${runLabel(page.previous)}.`
          : "The first run on this version: nothing to compare with yet."}{" "}
        A finding not seen in a run stays as it is: only a measured retest closes it.
      </p>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm" data-testid="run-comparison">
          <thead>
            <tr className="border-b border-border">
              <th scope="col" className="py-2 pr-3">
                Finding
              </th>
              <th scope="col" className="py-2 pr-3">
                Previous run
              </th>
              <th scope="col" className="py-2 pr-3">
                This run
              </th>
              <th scope="col" className="py-2 pr-3">
                Difference (95% interval)
              </th>
              <th scope="col" className="py-2">
                Change
              </th>
            </tr>
          </thead>
          <tbody>
            {page.rows.map((row) => (
              <tr key={row.findingId} className="border-b border-border align-top">
                <th scope="row" className="py-2 pr-3 font-medium">
                  {row.title}
                  <span className="block text-xs font-normal text-muted">{FINDING_STATUS_LABELS[row.status]}</span>
                </th>
                <td className="py-2 pr-3">
                  <Rate counts={row.previous} />
                </td>
                <td className="py-2 pr-3">
                  <Rate counts={row.current} />
                </td>
                <td className="py-2 pr-3">
                  {row.difference
                    ? `${signed(row.difference.difference)} (${signed(row.difference.low)} to ${signed(row.difference.high)})`
                    : "—"}
                </td>
                <td className="py-2">
                  <StatusBadge value={row.change} label={RUN_CHANGE_LABELS[row.change]} tone={TONES[row.change]} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}

/** The engagement's runs, newest first, each a link to its comparison. */
export function RunsList({ runs, hrefOf, selected }: { runs: RunSummary[]; hrefOf: (run: RunSummary) => string; selected: string | null }) {
  if (runs.length === 0)
    return (
      <p className="text-sm text-muted">No run yet. Your CI posts one to the company API (POST /api/v1/projects/&#123;id&#125;/runs).</p>
    );
  return (
    <ul className="space-y-1 text-sm">
      {runs.map((run) => (
        <li key={run.id}>
          <Link href={hrefOf(run)} className="text-accent underline" aria-current={run.id === selected ? "page" : undefined}>
            {runLabel(run)}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The engagement's schedules: cadence, next due time, and an overdue run flagged. */
export function SchedulesList({ schedules }: { schedules: RerunSchedule[] }) {
  if (schedules.length === 0) return <p className="text-sm text-muted">No schedule yet.</p>;
  return (
    <ul className="space-y-2 text-sm" data-testid="rerun-schedules">
      {schedules.map((s) => (
        <li key={s.id}>
          <span className="font-medium">{modelLabel({ provider: s.provider, modelId: s.modelId, modelVersion: null })}</span>:{" "}
          {RERUN_CADENCE_LABELS[s.cadence]}
          {s.dueAt ? `, next run due ${formatDate(s.dueAt)}` : ", no run due until a new version is recorded"} (set by {s.setByName}).
          {s.overdueAt ? (
            <span role="status" className="ml-2">
              <StatusBadge value="overdue" label="Overdue: the scheduled run did not arrive" tone="red" />
            </span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
