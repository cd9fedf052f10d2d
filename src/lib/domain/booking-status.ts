import { badgeList } from "./badge-list";

/** A service booking's status: the database CHECK, labels and colours come from here. */
export const {
  values: BOOKING_STATUSES,
  labels: BOOKING_STATUS_LABELS,
  tones: BOOKING_STATUS_TONES,
} = badgeList({
  pending: "amber",
  approved: "sky",
  in_progress: "cyan",
  completed: "emerald",
  declined: "slate",
});
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** Bookings the portal overview counts as active projects. */
export const ACTIVE_BOOKING_STATUSES = ["approved", "in_progress"] as const satisfies readonly BookingStatus[];

/** Bookings the portal counts and lists as upcoming meetings (from their start date on). */
export const MEETING_BOOKING_STATUSES = ["approved"] as const satisfies readonly BookingStatus[];
