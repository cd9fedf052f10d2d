import { badgeList } from "./badge-list";

// Retainer hours (docs/PRODUCT.md#retainer-hours): the lists behind the database CHECKs, the zod
// enums and the labels.

/** An overage request: billable time logged once the month's budget was used up, waiting for an owner. */
export const {
  values: OVERAGE_REQUEST_STATUSES,
  labels: OVERAGE_REQUEST_STATUS_LABELS,
  tones: OVERAGE_REQUEST_STATUS_TONES,
} = badgeList({
  pending: "amber",
  approved: "emerald",
  declined: "slate",
});
export type OverageRequestStatus = (typeof OVERAGE_REQUEST_STATUSES)[number];

/** Time is logged in quarter hours, stored as minutes. */
export const QUARTER_HOUR_MINUTES = 15;

/** The thresholds a new retainer mails its owners at, in percent of the month's budget. */
export const DEFAULT_RETAINER_THRESHOLDS = [80, 100] as const;

const dollars = (cents: number) =>
  (cents / 100).toLocaleString("en-US", { style: "currency", currency: "USD", minimumFractionDigits: cents % 100 === 0 ? 0 : 2 });

/**
 * What an overage request costs, said before an owner approves it: "3 h × $275 = $825, billed with
 * October". The month is the one its time was logged in: closing that month bills it at the
 * overage rate (docs/PRODUCT.md#retainer-hours).
 */
export function overagePrice({ minutes, rateCents, workDate }: { minutes: number; rateCents: number; workDate: string }): string {
  const amountCents = Math.round((minutes * rateCents) / 60);
  const month = new Date(`${workDate.slice(0, 7)}-01T00:00:00Z`).toLocaleDateString("en-US", { month: "long", timeZone: "UTC" });
  return `${Number((minutes / 60).toFixed(2))} h × ${dollars(rateCents)} = ${dollars(amountCents)}, billed with ${month}`;
}
