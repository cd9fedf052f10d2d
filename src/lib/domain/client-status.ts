import type { Tone } from "./tone";

/** A client's status: the database CHECK, labels and colours. */
export const CLIENT_STATUSES = ["active", "inactive"] as const;
export type ClientStatus = (typeof CLIENT_STATUSES)[number];

export const CLIENT_STATUS_LABELS: Record<ClientStatus, string> = { active: "Active", inactive: "Inactive" };
export const CLIENT_STATUS_TONES: Record<ClientStatus, Tone> = { active: "emerald", inactive: "slate" };
