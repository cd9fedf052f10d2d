import { badgeList } from "./badge-list";

/**
 * A booking's urgency, lowest first; medium is the default. The labels are what the booking form
 * offers and the admin reads; the tones colour the admin dashboard's priority badge.
 */
export const {
  values: URGENCIES,
  labels: URGENCY_LABELS,
  tones: URGENCY_TONES,
} = badgeList(
  { low: "slate", medium: "amber", high: "red" },
  { low: "Low - Flexible timeline", medium: "Medium - Within 1 month", high: "High - ASAP" },
);
export type Urgency = (typeof URGENCIES)[number];
/** The level alone, as the admin's priority badges show it. */
export const URGENCY_LEVEL_LABELS: Record<Urgency, string> = { low: "Low", medium: "Medium", high: "High" };
export const DEFAULT_URGENCY: Urgency = "medium";

/** Most urgent first: the order of the admin's pending bookings. */
export const URGENCIES_MOST_URGENT_FIRST: readonly Urgency[] = [...URGENCIES].reverse();
