import "server-only";
import type { JobDefinition } from "@/server/core/jobs/job";
import { runFindingTasks } from "./finding-tasks";
import { flagOverdueSchedules } from "./reruns/schedules";

/** Risk acceptances ending or ended; scheduled re-runs past their due time. */
export const findingJobs: JobDefinition[] = [
  { name: "findings.tasks", cron: "*/10 * * * *", run: runFindingTasks },
  { name: "findings.rerun-overdue", cron: "*/15 * * * *", run: (db) => flagOverdueSchedules(db) },
];
