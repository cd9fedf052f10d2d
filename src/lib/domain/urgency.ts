import type { Tone } from "./tone";

/** A booking's urgency, lowest first; medium is the default. */
export const URGENCIES = ["low", "medium", "high"] as const;
export type Urgency = (typeof URGENCIES)[number];
export const DEFAULT_URGENCY: Urgency = "medium";

/** What the booking form offers and the admin reads. */
export const URGENCY_LABELS: Record<Urgency, string> = {
  low: "Low - Flexible timeline",
  medium: "Medium - Within 1 month",
  high: "High - ASAP",
};

/** The admin dashboard's priority badge. */
export const URGENCY_TONES: Record<Urgency, Tone> = {
  low: "slate",
  medium: "amber",
  high: "red",
};

/** Most urgent first: the order of the admin's pending bookings. */
export const URGENCIES_MOST_URGENT_FIRST: readonly Urgency[] = [...URGENCIES].reverse();
