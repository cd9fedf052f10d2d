import "server-only";
import { FINDING_SEVERITIES, type FindingSeverity } from "@/lib/domain/finding";
import { dueEnd, type FindingHistory, isAccepted, isCounted, isRemediated } from "./history";

// SLA met per severity (docs/PRODUCT.md#analytics). The SLA is the finding's due date: the
// publishing day plus the engagement's days for its severity (7, 30, 90 and 180 by default; set per
// engagement; Informational has none). Met: Verified Fixed by the firm on or before the due day.
// Breached: fixed after it, or still unresolved past it (and then still open and counted).
// Pending: not fixed and not yet due, outside the percentage. Accepted, won't fix and withdrawn
// findings are neither met nor breached: they were never remediated.

export type SlaOutcome = "met" | "breached" | "pending" | "none";
export type SeveritySla = {
  severity: FindingSeverity;
  met: number;
  breached: number;
  /** Of the breached, those still open now. */
  breachedOpen: number;
  pending: number;
  /** Met as a share of met + breached, in percent to one decimal; null when nothing is decided. */
  metPercent: number | null;
};

export function slaOutcome(h: FindingHistory, now: Date): SlaOutcome {
  if (!isCounted(h) || isAccepted(h) || h.dueOn === null) return "none";
  const due = dueEnd(h.dueOn);
  if (isRemediated(h)) return h.verifiedFixedAt! <= due ? "met" : "breached";
  return now > due ? "breached" : "pending";
}

export function slaBySeverity(histories: readonly FindingHistory[], now: Date): SeveritySla[] {
  return FINDING_SEVERITIES.filter((s) => s !== "informational").map((severity) => {
    const row = { severity, met: 0, breached: 0, breachedOpen: 0, pending: 0 };
    for (const h of histories) {
      if (h.severity !== severity) continue;
      const outcome = slaOutcome(h, now);
      if (outcome === "met") row.met++;
      else if (outcome === "pending") row.pending++;
      else if (outcome === "breached") {
        row.breached++;
        if (!isRemediated(h)) row.breachedOpen++;
      }
    }
    const decided = row.met + row.breached;
    return { ...row, metPercent: decided === 0 ? null : Math.round((row.met / decided) * 1000) / 10 };
  });
}
