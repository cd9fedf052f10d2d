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
