import "server-only";
// The identity module's public face: everything outside src/features/identity/server imports from here (README.md).

export { getAuth } from "./auth";
export { endSessionsOf } from "./client-membership";
export { listOwnSessions, revokeOtherOwnSessions, revokeOwnSession } from "./sessions/account-sessions";
export { openAdminListPage, type PageSearchParams } from "./sessions/admin-list-page";
export { accountAction, adminAction, clientAction, clientReadAction, withAdmin, withClient, withClientRead } from "./sessions/route-guards";
export {
  currentSessionId,
  getPortalAccess,
  getSession,
  hasStaleSessionCookie,
  requireAdminPage,
  sessionDemoExempt,
} from "./sessions/session";
export { clearCredentialsForInvitation, createCredentialUser, findUserByEmail } from "./users";
export { VIEW_AS_COOKIE, viewAsCookieOptions, viewAsOf } from "./view-as/view-as";
export { limitSsoLookups, ssoRouteFor, startSsoSignIn, startSsoStepUp, startSsoTest } from "./sso/start";
export { pruneExpiredIdentityRows } from "./expired-rows";
export { adminUserIds, deleteProviderAccounts, deleteUsers, userFacts, userNameSql, userRoleSql } from "./user-refs";
// The account's flows on identity's tables (the screens stay in src/features/account).
export { listOwnPasskeys, removeOwnPasskey, renameOwnPasskey, type AccountPasskey } from "./passkeys/account-passkeys";
export { getAccountSecurity, type AccountSecurity } from "./second-factor/account-security";
export { endViewAsClient, startViewAsClient } from "./view-as/admin-view-as";
export { confirmFreshSecondFactor, confirmSignatureFactor } from "./second-factor/fresh-second-factor";
export { isServedAuthEndpoint } from "./http-endpoints";
export { confirmPasskey } from "./passkeys/confirmation";
export { finishPasskeySignIn } from "./passkeys/sign-in";
export { changeOwnPassword } from "./password/change";
export {
  createInvitationLink,
  invitedUserOf,
  requestPasswordReset,
  resetLinkState,
  resetPasswordWithToken,
  withdrawInvitationLinks,
} from "./password/reset";
export { signInToArea, verifySignInCode } from "./sign-in/sign-in";
export { stripTokens } from "./strip-tokens";
export { confirmTwoFactorEnrolment, disableTwoFactor, regenerateBackupCodes, startTwoFactorEnrolment } from "./second-factor/two-factor";
export { updateOwnName } from "./profile/own-name";
export { confirmEmailChange, emailChangeState, requestEmailChange } from "./profile/email-change";
// The ports clients and sso fill for identity's guards and sign-in (ports.ts), and the reset the admin's client row asks for.
export { type ClientsPort, type IdentityPorts, provideIdentityPorts, type SsoPort } from "./ports";
export { resetUserTwoFactor } from "./second-factor/two-factor-reset";
export { usersForAudit } from "./audit-port";
