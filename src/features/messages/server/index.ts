import "server-only";
// The messages module's public face: everything outside src/features/messages/server imports from here (README.md).

export { threadRoute } from "./message-thread-route";
export { receiveMessageUpload } from "./message-upload";
export {
  adminUnreadThreadsCount,
  countAdminUnreadThreads,
  countClientUnreadMessages,
  listAdminThreads,
  listClientThreads,
  unreadMessagesOf,
  type ThreadMessage,
  type ThreadPage,
  type ThreadSummary,
} from "./messages-read";
export {
  assertMessageQuota,
  assertNewThreadTarget,
  createAdminThread,
  createClientThread,
  getAttachmentDownload,
  setThreadStatus,
  spendMessageQuota,
} from "./messages-write";
export { findAttachmentFile } from "./attachment-file";
export { messageTimelineSql, projectHasThreadsSql } from "./project-records";
export { attachmentStoredKeys } from "./attachment-file";
