import { badgeList } from "./badge-list";

/** A client subscription's status: the database CHECK, the zod enum, labels and colours. */
export const { values: SUBSCRIPTION_STATUSES, labels: SUBSCRIPTION_STATUS_LABELS, tones: SUBSCRIPTION_STATUS_TONES } = badgeList({
  active: { label: "Active", tone: "emerald" },
  paused: { label: "Paused", tone: "amber" },
  past_due: { label: "Past Due", tone: "red" },
  cancelled: { label: "Cancelled", tone: "slate" },
});
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

