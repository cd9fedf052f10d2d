import type { Tone } from "./tone";

/** A message thread's status: the database CHECK, labels and colours come from here. */
export const THREAD_STATUSES = ["open", "closed"] as const;
export type ThreadStatus = (typeof THREAD_STATUSES)[number];

export const THREAD_STATUS_LABELS: Record<ThreadStatus, string> = {
  open: "Open",
  closed: "Closed",
};

export const THREAD_STATUS_TONES: Record<ThreadStatus, Tone> = {
  open: "sky",
  closed: "slate",
};

/** Who wrote a message: a client's user or someone of the team. */
export const MESSAGE_AUTHOR_ROLES = ["client", "admin"] as const;
export type MessageAuthorRole = (typeof MESSAGE_AUTHOR_ROLES)[number];
