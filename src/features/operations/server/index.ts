import "server-only";
// The operations module's public face: everything outside src/features/operations/server imports from here (README.md).

export { listFailedMails, retryFailedMail } from "./admin-outbox";
export { assertDevMailEnabled, devMailHtml, isDevMailEnabled, listDevMail } from "./dev-mail";
export { checkDatabaseHealth } from "./health";
export { getMailStatus, type MailStatus, sendTestMail, type TestMailResult } from "./mail-settings";
export { startServerTasks } from "./startup";
export { operationsJobs } from "./jobs";
