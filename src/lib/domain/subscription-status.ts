import type { Tone } from "./tone";

/** A client subscription's status: the database CHECK, the zod enum, labels and colours. */
export const SUBSCRIPTION_STATUSES = ["active", "paused", "past_due", "cancelled"] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const SUBSCRIPTION_STATUS_LABELS: Record<SubscriptionStatus, string> = {
  active: "Active",
  paused: "Paused",
  past_due: "Past Due",
  cancelled: "Cancelled",
};

export const SUBSCRIPTION_STATUS_TONES: Record<SubscriptionStatus, Tone> = {
  active: "emerald",
  paused: "amber",
  past_due: "red",
  cancelled: "slate",
};
