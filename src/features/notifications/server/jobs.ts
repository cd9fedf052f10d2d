import "server-only";
import type { JobDefinition } from "@/server/core/jobs/job";
import { runNotificationTasks } from "./scheduled";

/** Overdue reminders and the daily mails (each decides itself whether it is due). */
export const notificationJobs: JobDefinition[] = [{ name: "notifications.scheduled", cron: "*/10 * * * *", run: runNotificationTasks }];
