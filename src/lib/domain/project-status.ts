import { badgeList } from "./badge-list";

/** A project's status: the database CHECK, the zod enum and every label and colour come from here. */
export const {
  values: PROJECT_STATUSES,
  labels: PROJECT_STATUS_LABELS,
  tones: PROJECT_STATUS_TONES,
} = badgeList({
  open: "sky",
  in_progress: "cyan",
  on_hold: "amber",
  completed: "emerald",
  frozen: "indigo",
  cancelled: "slate",
});
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

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
