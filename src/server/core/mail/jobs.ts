import "server-only";
import type { JobDefinition } from "../jobs/job";
import { mailSendJob, requeuePendingMail } from "./outbox";

/**
 * One job per message (sent with it), and a sweep every ten minutes and at start giving a job to
 * any pending message without one (stored by a script, or before an upgrade).
 */
export const mailJobs: JobDefinition[] = [
  mailSendJob,
  { name: "mail.requeue", cron: "*/10 * * * *", runAtStart: true, run: requeuePendingMail },
];
