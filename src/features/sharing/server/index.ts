import "server-only";
// The sharing module's public face: everything outside src/features/sharing/server imports from here (README.md).

export { assertMayShare, MEMBERS_MAY_NOT_SHARE, memberShares, SHARE_NOT_FOUND } from "./access";
export { ITEM_RESOLVERS, type ItemResolver, type ItemState, type ResolvedItem, type ShareableItem } from "./item-kinds";
export {
  acceptShareNda,
  downloadSharedItem,
  ITEM_NOT_FOUND,
  ITEM_WITHDRAWN,
  listSharedItems,
  NDA_FIRST,
  type RequestFrom,
  type SharedItem,
  shareStampLine,
  VIEW_ONLY,
} from "./recipient";
export {
  closeShareSession,
  LINK_INVALID,
  LINK_REQUEST_RULES,
  LINK_REQUESTED,
  NOT_SIGNED_IN,
  openShareSession,
  requestShareLink,
  requireShareRecipient,
  SHARE_SESSION_COOKIE,
  shareCookieOf,
  shareRecipientOf,
  shareSessionCookie,
  type ShareRecipientSession,
} from "./recipient-session";
export {
  countOpenShares,
  type FirmSharedDeliverable,
  listShareableForActor,
  listShareRoom,
  listSharingForAdmin,
  setSharingForbidden,
  SHARE_EVENTS_SHOWN,
  SHARE_ROOM_PAGE,
  type ShareRoomEvent,
  type ShareRoomRecipient,
  type ShareRoomShare,
} from "./room";
export { listShareActivity, SHARE_ACTIVITY_PAGE } from "./room-activity";
export { formatCopyCode, parseCopyCode } from "./secrets";
export {
  createShare,
  extendShare,
  ITEM_NOT_SHAREABLE,
  RECIPIENT_NOT_FOUND,
  resendShareLink,
  revokeShare,
  revokeShareRecipient,
  setMembersMayShare,
  SHARE_ENDED,
  SHARING_FORBIDDEN,
} from "./shares";
export { type CopyState, type VerifiedCopy, verifyShareCopy } from "./verify";
export { PAGE_NOT_FOUND, sharedPageCount, viewSharedPage } from "./view";
export { DEMO_SHARE_AUDITOR, seedDemoShares } from "./demo-shares";
