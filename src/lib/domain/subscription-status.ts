import { badgeList } from "./badge-list";

/** A client subscription's status: the database CHECK, the zod enum, labels and colours. */
export const {
  values: SUBSCRIPTION_STATUSES,
  labels: SUBSCRIPTION_STATUS_LABELS,
  tones: SUBSCRIPTION_STATUS_TONES,
} = badgeList({
  active: "emerald",
  paused: "amber",
  past_due: "red",
  cancelled: "slate",
});
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
