import "server-only";
// The authorizations module's public face: everything outside src/features/authorizations/server imports from here (README.md).

export {
  AUTHORIZATION_NOT_FOUND,
  type AdminProjectAuthorization,
  type AuthorizationSignature,
  type AuthorizationState,
  type AuthorizationVersion,
  getAdminProjectAuthorization,
  getPortalProjectAuthorization,
  saveAuthorizationDraft,
  sendAuthorization,
  signAuthorization,
} from "./authorizations";
export { type AuthorizationToCountersign, authorizationsToCountersignCount, listAuthorizationsToCountersign } from "./awaiting-countersign";
export { countersignAuthorization } from "./countersign";
export { canonicalDocumentText, documentHashOf } from "./document";
export { assertTestingAuthorized, latestAuthorizationIdOf, type SignedWindow, signedWindowOf, testingBlocker } from "./gate";
export { openSealedAuthorization, sealAuthorization } from "./sealed-pdf";
export { authorizationTimelineSql, awaitingSignatureSql, projectHasAuthorizationsSql } from "./project-records";
export { sealedAuthorizationKeys } from "./sealed-pdf";
