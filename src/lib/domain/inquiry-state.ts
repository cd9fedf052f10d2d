import type { Tone } from "./tone";

/** Where a contact inquiry stands in the admin inbox (derived from read_at and archived_at). */
export const INQUIRY_STATES = ["new", "read", "archived"] as const;
export type InquiryState = (typeof INQUIRY_STATES)[number];

export const INQUIRY_STATE_LABELS: Record<InquiryState, string> = { new: "New", read: "Read", archived: "Archived" };
export const INQUIRY_STATE_TONES: Record<InquiryState, Tone> = { new: "cyan", read: "slate", archived: "slate" };

export function inquiryStateOf(row: { readAt: unknown; archivedAt: unknown }): InquiryState {
  return row.archivedAt ? "archived" : row.readAt ? "read" : "new";
}
