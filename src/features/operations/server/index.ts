import "server-only";
// The operations module's public face: everything outside src/features/operations/server imports from here (README.md).

export { listFailedMails, retryFailedMail } from "./admin-outbox";
export { assertDevMailEnabled, devMailHtml, isDevMailEnabled, listDevMail } from "./dev-mail";
export { checkDatabaseHealth } from "./health";
export {
  DEAD_JOB_GONE,
  type DeadJob,
  discardDeadJob,
  getJobOverview,
  plainError,
  type QueueSummary,
  readQueueBacklog,
  retryDeadJob,
} from "./job-monitor";
export { type MonitorActor, requireMonitoringToken } from "./monitoring";
export { getMailStatus, type MailStatus, sendTestMail, type TestMailResult } from "./mail-settings";
export { startServerTasks } from "./startup";
export { claimTaskRun } from "./task-claims";
export { operationsJobs } from "./jobs";
