import "server-only";
import { FINDING_SEVERITIES, type FindingSeverity } from "@/lib/domain/finding";
import { ageInDays, type FindingHistory, isOpenAt } from "./history";

// Aging of the findings open now (docs/PRODUCT.md#analytics): days since publishing, in buckets,
// per severity. SLA-breached findings are open and so in their bucket.

export const AGING_BUCKETS = [
  { key: "0-30", label: "0–30 days", upTo: 30 },
  { key: "31-90", label: "31–90 days", upTo: 90 },
  { key: "91-180", label: "91–180 days", upTo: 180 },
  { key: "181-365", label: "181–365 days", upTo: 365 },
  { key: "365+", label: "Over 365 days", upTo: Infinity },
] as const;

export type AgingRow = { bucket: string; label: string; total: number } & Record<FindingSeverity, number>;

export function agingBuckets(histories: readonly FindingHistory[], now: Date): AgingRow[] {
  const rows: AgingRow[] = AGING_BUCKETS.map((b) => ({
    bucket: b.key,
    label: b.label,
    total: 0,
    ...(Object.fromEntries(FINDING_SEVERITIES.map((s) => [s, 0])) as Record<FindingSeverity, number>),
  }));
  for (const h of histories) {
    if (!isOpenAt(h, now)) continue;
    const age = ageInDays(h, now);
    const index = AGING_BUCKETS.findIndex((b) => age <= b.upTo);
    const row = rows[index]!;
    row.total++;
    row[h.severity]++;
  }
  return rows;
}
