import "server-only";
import type { JobDefinition } from "@/server/core/jobs/job";
import { flagOverdueSchedules } from "./reruns/schedules";

/** Scheduled re-runs past their due time (the job keeps its name from when the findings slice held it). */
export const measurementJobs: JobDefinition[] = [
  { name: "findings.rerun-overdue", cron: "*/15 * * * *", run: (db) => flagOverdueSchedules(db) },
];
