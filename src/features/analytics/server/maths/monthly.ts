import "server-only";
import { type FindingHistory, isAccepted, isCounted, isRemediated, monthIndexer } from "./history";

// Open vs closed per month (docs/PRODUCT.md#analytics): opened (published) in the month, remediated
// (the firm's Verified Fixed) in the month, accepted (risk accepted or won't fix) in the month, and
// open at the month's end, SLA-breached ones included.

export type MonthFlow = { month: string; opened: number; fixed: number; accepted: number; openAtEnd: number };

/**
 * One pass over the histories. Open at a month's end (isOpenAt just before the next month starts)
 * is published by then and not closed by then, closed being the firm's Verified Fixed or the
 * decision to accept: so it is the findings published up to the month less those also closed up
 * to it, two running sums over the months (a closing before publishing counts at publishing).
 */
export function flowByMonth(histories: readonly FindingHistory[], months: readonly string[]): MonthFlow[] {
  const indexOf = monthIndexer(months);
  const zeros = () => months.map(() => 0);
  const [opened, fixed, accepted] = [zeros(), zeros(), zeros()];
  // Slot 0: before the first month; slot i + 1: month i. Later than the last month is not counted.
  const published = [0, ...zeros()];
  const closed = [0, ...zeros()];
  for (const h of histories) {
    if (!isCounted(h)) continue;
    const p = indexOf(h.publishedAt);
    if (p >= 0 && p < months.length) opened[p]!++;
    if (p < months.length) published[p + 1]!++;
    const closedAt = isRemediated(h) ? h.verifiedFixedAt! : isAccepted(h) ? h.statusSince : null;
    if (!closedAt) continue;
    const c = indexOf(closedAt);
    if (c >= 0 && c < months.length) (isRemediated(h) ? fixed : accepted)[c]!++;
    const last = Math.max(p, c);
    if (last < months.length) closed[last + 1]!++;
  }
  let publishedSoFar = published[0]!;
  let closedSoFar = closed[0]!;
  return months.map((month, i) => {
    publishedSoFar += published[i + 1]!;
    closedSoFar += closed[i + 1]!;
    return { month, opened: opened[i]!, fixed: fixed[i]!, accepted: accepted[i]!, openAtEnd: publishedSoFar - closedSoFar };
  });
}
