import { badgeList } from "./badge-list";

/** A client subscription's status: the database CHECK, the zod enum, labels and colours. */
export const {
  values: SUBSCRIPTION_STATUSES,
  labels: SUBSCRIPTION_STATUS_LABELS,
  tones: SUBSCRIPTION_STATUS_TONES,
} = badgeList({
  // Asked for in the portal, waiting for Square's confirmation or an admin's decision.
  pending: "sky",
  active: "emerald",
  paused: "amber",
  past_due: "red",
  cancelled: "slate",
  // A pending request an admin turned down (with the reason the client sees).
  declined: "slate",
});
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
