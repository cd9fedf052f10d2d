import "server-only";
import type { JobDefinition } from "@/server/core/jobs/job";
import { runNotificationTasks, type TaskClaim } from "./scheduled";

/**
 * Overdue reminders and the daily mails (each decides itself whether it is due, the daily ones
 * through `claim`: the operations module's `claimTaskRun`, handed in by src/background-jobs.ts).
 */
export const notificationJobs = (claim: TaskClaim): JobDefinition[] => [
  { name: "notifications.scheduled", cron: "*/10 * * * *", run: (db) => runNotificationTasks(db, claim) },
];
