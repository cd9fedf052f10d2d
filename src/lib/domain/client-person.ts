import { badgeList } from "./badge-list";

/** A person's role in their client company (docs/PRODUCT.md#portal-team): the database CHECK, labels and colours. */
export const {
  values: CLIENT_PERSON_ROLES,
  labels: CLIENT_PERSON_ROLE_LABELS,
  tones: CLIENT_PERSON_ROLE_TONES,
} = badgeList({
  owner: "indigo",
  member: "slate",
});
export type ClientPersonRole = (typeof CLIENT_PERSON_ROLES)[number];

/** Invited (no password set yet), active, or deactivated (removed: cannot sign in, name kept on what they did). */
export const {
  values: CLIENT_PERSON_STATUSES,
  labels: CLIENT_PERSON_STATUS_LABELS,
  tones: CLIENT_PERSON_STATUS_TONES,
} = badgeList({
  invited: "amber",
  active: "emerald",
  deactivated: "slate",
});
export type ClientPersonStatus = (typeof CLIENT_PERSON_STATUSES)[number];
