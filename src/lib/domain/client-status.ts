import { badgeList } from "./badge-list";

/** A client's status: the database CHECK, labels and colours. */
export const {
  values: CLIENT_STATUSES,
  labels: CLIENT_STATUS_LABELS,
  tones: CLIENT_STATUS_TONES,
} = badgeList({
  active: "emerald",
  inactive: "slate",
});
export type ClientStatus = (typeof CLIENT_STATUSES)[number];

/**
 * What the admin shows of a company: an active company none of whose people has accepted an
 * invitation yet reads "Invited". Derived from its people on every read, never stored.
 */
export const {
  values: CLIENT_SHOWN_STATUSES,
  labels: CLIENT_SHOWN_STATUS_LABELS,
  tones: CLIENT_SHOWN_STATUS_TONES,
} = badgeList({
  active: "emerald",
  inactive: "slate",
  invited: "amber",
});
export type ClientShownStatus = (typeof CLIENT_SHOWN_STATUSES)[number];
