import type { Tone } from "./tone";

/** A service booking's status: the database CHECK, labels and colours come from here. */
export const BOOKING_STATUSES = ["pending", "approved", "in_progress", "completed", "declined"] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

export const BOOKING_STATUS_LABELS: Record<BookingStatus, string> = {
  pending: "Pending",
  approved: "Approved",
  in_progress: "In Progress",
  completed: "Completed",
  declined: "Declined",
};

export const BOOKING_STATUS_TONES: Record<BookingStatus, Tone> = {
  pending: "amber",
  approved: "sky",
  in_progress: "cyan",
  completed: "emerald",
  declined: "slate",
};

/** Bookings the portal overview counts as active projects. */
export const ACTIVE_BOOKING_STATUSES = ["approved", "in_progress"] as const satisfies readonly BookingStatus[];

/** Bookings the portal counts and lists as upcoming meetings (from their start date on). */
export const MEETING_BOOKING_STATUSES = ["approved"] as const satisfies readonly BookingStatus[];
