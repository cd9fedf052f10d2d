import "server-only";
import { type FindingHistory, isAccepted, isCounted, isOpenAt, isRemediated, monthEnd, monthOf } from "./history";

// Open vs closed per month (docs/PRODUCT.md#analytics): opened (published) in the month, remediated
// (the firm's Verified Fixed) in the month, accepted (risk accepted or won't fix) in the month, and
// open at the month's end, SLA-breached ones included.

export type MonthFlow = { month: string; opened: number; fixed: number; accepted: number; openAtEnd: number };

export function flowByMonth(histories: readonly FindingHistory[], months: readonly string[]): MonthFlow[] {
  const counted = histories.filter(isCounted);
  return months.map((month) => {
    const end = monthEnd(month);
    let opened = 0;
    let fixed = 0;
    let accepted = 0;
    let openAtEnd = 0;
    for (const h of counted) {
      if (monthOf(h.publishedAt) === month) opened++;
      if (isRemediated(h) && monthOf(h.verifiedFixedAt!) === month) fixed++;
      if (isAccepted(h) && monthOf(h.statusSince) === month) accepted++;
      // Open at the end: an instant just before the next month starts.
      if (isOpenAt(h, new Date(end.getTime() - 1))) openAtEnd++;
    }
    return { month, opened, fixed, accepted, openAtEnd };
  });
}
