import { badgeList } from "./badge-list";

/** A message thread's status: the database CHECK, labels and colours come from here. */
export const {
  values: THREAD_STATUSES,
  labels: THREAD_STATUS_LABELS,
  tones: THREAD_STATUS_TONES,
} = badgeList({
  open: "sky",
  closed: "slate",
});
export type ThreadStatus = (typeof THREAD_STATUSES)[number];

/** Who wrote a message: a client's user or someone of the team. */
export const MESSAGE_AUTHOR_ROLES = ["client", "admin"] as const;
export type MessageAuthorRole = (typeof MESSAGE_AUTHOR_ROLES)[number];
