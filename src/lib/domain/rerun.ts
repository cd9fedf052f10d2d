// Scheduled re-runs of an engagement target's reproducers and how a run compares with the one
// before it on the same model version (docs/PRODUCT.md#measured-ai-findings). Pure: shared by the
// server, the pages and the tests.
import { compareRates, type Counts, type RateComparison } from "./rate-difference";

export const RERUN_CADENCES = ["weekly", "monthly", "model_version"] as const;
export type RerunCadence = (typeof RERUN_CADENCES)[number];
export const RERUN_CADENCE_LABELS: Record<RerunCadence, string> = {
  weekly: "Weekly",
  monthly: "Monthly",
  model_version: "On each model version you record",
};

/** Where a run came from: the client's CI through the company API, or a file the firm imported. */
export const RERUN_SOURCES = ["ci", "import"] as const;
export type RerunSource = (typeof RERUN_SOURCES)[number];

/** How long after a recorded model version its run is due (a schedule "on each model version"). */
export const MODEL_VERSION_RUN_GRACE_DAYS = 7;

/**
 * The next due time of a calendar schedule after `from` (a run's arrival or the schedule's
 * setting): a week later, or the same day of the next month (the month's last day when shorter).
 * A schedule on model versions has no calendar: null until a version is recorded.
 */
export function nextDueAt(cadence: RerunCadence, from: Date): Date | null {
  if (cadence === "weekly") return new Date(from.getTime() + 7 * 86_400_000);
  if (cadence === "monthly") {
    const next = new Date(from);
    const day = next.getUTCDate();
    next.setUTCDate(1);
    next.setUTCMonth(next.getUTCMonth() + 1);
    const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
    next.setUTCDate(Math.min(day, lastDay));
    return next;
  }
  return null;
}

export const RUN_CHANGES = ["new", "still_present", "reduced", "no_significant_change", "regressed", "not_seen"] as const;
export type RunChange = (typeof RUN_CHANGES)[number];
export const RUN_CHANGE_LABELS: Record<RunChange, string> = {
  new: "New",
  still_present: "Still present",
  reduced: "Reduced",
  no_significant_change: "No significant change",
  regressed: "Regressed",
  not_seen: "Not seen",
};

export type RunComparison = { change: RunChange; difference: RateComparison | null };

/**
 * A finding's counts in a run against the run before it on the same version. Absent from this run
 * while measured in the previous one: "not seen" (it says nothing of a fix, so it never closes a
 * finding). Only in this run: "new". In both: Newcombe's 95% interval of the difference decides
 * Reduced (wholly below 0) and Regressed (wholly above 0, or successes after a run with none);
 * otherwise Still present while the attack still lands, or No significant change when it does not.
 */
export function compareRun(current: Counts | null, previous: Counts | null): RunComparison | null {
  if (!current && !previous) return null;
  if (!current) return { change: "not_seen", difference: null };
  if (!previous) return { change: "new", difference: null };
  const difference = compareRates(current, previous);
  if (difference.change === "reduced") return { change: "reduced", difference };
  if (difference.change === "increased" || (previous.successes === 0 && current.successes > 0)) return { change: "regressed", difference };
  return { change: current.successes > 0 ? "still_present" : "no_significant_change", difference };
}
