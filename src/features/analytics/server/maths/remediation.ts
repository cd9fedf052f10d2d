import "server-only";
import { FINDING_SEVERITIES, type FindingSeverity } from "@/lib/domain/finding";
import { daysToRemediate, type FindingHistory, monthOf } from "./history";
import { type Spread, spreadOf } from "./percentiles";

// Time to remediate (docs/PRODUCT.md#analytics): opening to the firm's Verified Fixed, in days,
// over the fixes made in the period. Accepted, won't fix and withdrawn findings are never here.

export type SeveritySpread = Spread & { severity: FindingSeverity };
export type MonthSpread = Spread & { month: string };

/** The findings fixed inside [from, to) with their days to remediate. */
function fixesIn(histories: readonly FindingHistory[], from: Date, to: Date) {
  const fixes: { h: FindingHistory; days: number }[] = [];
  for (const h of histories) {
    const days = daysToRemediate(h);
    if (days !== null && h.verifiedFixedAt! >= from && h.verifiedFixedAt! < to) fixes.push({ h, days });
  }
  return fixes;
}

export function remediationBySeverity(histories: readonly FindingHistory[], from: Date, to: Date): SeveritySpread[] {
  const fixes = fixesIn(histories, from, to);
  return FINDING_SEVERITIES.map((severity) => ({
    severity,
    ...spreadOf(fixes.filter((f) => f.h.severity === severity).map((f) => f.days)),
  }));
}

export function remediationByMonth(histories: readonly FindingHistory[], months: readonly string[], from: Date, to: Date): MonthSpread[] {
  const fixes = fixesIn(histories, from, to);
  return months.map((month) => ({ month, ...spreadOf(fixes.filter((f) => monthOf(f.h.verifiedFixedAt!) === month).map((f) => f.days)) }));
}

/** Every fix of the period together. */
export function remediationOverall(histories: readonly FindingHistory[], from: Date, to: Date): Spread {
  return spreadOf(fixesIn(histories, from, to).map((f) => f.days));
}
