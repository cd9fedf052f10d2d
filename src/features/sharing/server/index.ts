import "server-only";
// The sharing module's public face: what other slices and the screens use (README.md). The slice's own
// actions and tests reach its files directly.

export { MEMBERS_MAY_NOT_SHARE, memberShares, SHARE_NOT_FOUND } from "./access";
export { type ShareableItem } from "./item-kinds";
export { acceptShareNda, downloadSharedItem, ITEM_NOT_FOUND, listSharedItems } from "./recipient";
export {
  closeShareSession,
  LINK_INVALID,
  LINK_REQUESTED,
  NOT_SIGNED_IN,
  openShareSession,
  requestShareLink,
  requireShareRecipient,
  SHARE_SESSION_COOKIE,
  shareCookieOf,
  shareRecipientOf,
  shareSessionCookie,
} from "./recipient-session";
export {
  type FirmSharedDeliverable,
  listShareableForActor,
  listShareRoom,
  listSharingForAdmin,
  type ShareRoomEvent,
  type ShareRoomShare,
} from "./room";
export { formatCopyCode, parseCopyCode } from "./secrets";
export { revokeShare } from "./shares";
export { type VerifiedCopy, verifyShareCopy } from "./verify";
export { sharedPageCount, viewSharedPage } from "./view";
export { seedDemoShares } from "./demo-shares";
