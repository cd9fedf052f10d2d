import "server-only";
// The notifications module's public face: everything outside src/features/notifications/server imports from here (README.md).

export { newInvoiceEvent, notifyDocumentShared, notifyInvoicePaid, notifyProjectStatus } from "./client-events";
export { appLink, clientRecipients, notifyAdmins, notifyClient, notifyClientOwners, notifyClientsBulk, notifyUsers } from "./notify";
export {
  getNotificationPreferences,
  saveNotificationPreferences,
  type NotificationPreferences,
  type RecipientSettings,
} from "./preferences";
export { runNotificationTasks, type TaskClaim } from "./scheduled";
export { describeUnsubscribeLink, unsubscribeWithToken } from "./unsubscribe";
export { notificationJobs } from "./jobs";
