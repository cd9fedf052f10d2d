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
