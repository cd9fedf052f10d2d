import type { Tone } from "./tone";

/** A project's status: the database CHECK, the zod enum and every label and colour come from here. */
export const PROJECT_STATUSES = ["open", "in_progress", "on_hold", "completed", "frozen", "cancelled"] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

export const PROJECT_STATUS_LABELS: Record<ProjectStatus, string> = {
  open: "Open",
  in_progress: "In Progress",
  on_hold: "On Hold",
  completed: "Completed",
  frozen: "Frozen",
  cancelled: "Cancelled",
};

export const PROJECT_STATUS_TONES: Record<ProjectStatus, Tone> = {
  open: "sky",
  in_progress: "cyan",
  on_hold: "amber",
  completed: "emerald",
  frozen: "indigo",
  cancelled: "slate",
};

/** Projects the dashboard counts as active work. */
export const ACTIVE_PROJECT_STATUSES = ["in_progress", "on_hold"] as const satisfies readonly ProjectStatus[];

/** Working order of the admin list: active work first, closed last (not alphabetical). */
export const PROJECT_STATUS_WORK_ORDER = [
  "in_progress",
  "on_hold",
  "open",
  "frozen",
  "completed",
  "cancelled",
] as const satisfies readonly ProjectStatus[];
