import "server-only";
import { FINDING_SEVERITIES, type FindingSeverity } from "@/lib/domain/finding";
import { daysToRemediate, type FindingHistory, monthIndexer } from "./history";
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

/** The fixes' days grouped by a key, each group in the order of the fixes (spreadOf sorts). */
function daysBy<K>(fixes: readonly { h: FindingHistory; days: number }[], keyOf: (h: FindingHistory) => K): Map<K, number[]> {
  const groups = new Map<K, number[]>();
  for (const f of fixes) {
    const key = keyOf(f.h);
    const days = groups.get(key);
    if (days) days.push(f.days);
    else groups.set(key, [f.days]);
  }
  return groups;
}

export function remediationBySeverity(histories: readonly FindingHistory[], from: Date, to: Date): SeveritySpread[] {
  const bySeverity = daysBy(fixesIn(histories, from, to), (h) => h.severity);
  return FINDING_SEVERITIES.map((severity) => ({ severity, ...spreadOf(bySeverity.get(severity) ?? []) }));
}

export function remediationByMonth(histories: readonly FindingHistory[], months: readonly string[], from: Date, to: Date): MonthSpread[] {
  const indexOf = monthIndexer(months);
  const byMonth = daysBy(fixesIn(histories, from, to), (h) => indexOf(h.verifiedFixedAt!));
  return months.map((month, i) => ({ month, ...spreadOf(byMonth.get(i) ?? []) }));
}

/** Every fix of the period together. */
export function remediationOverall(histories: readonly FindingHistory[], from: Date, to: Date): Spread {
  return spreadOf(fixesIn(histories, from, to).map((f) => f.days));
}
