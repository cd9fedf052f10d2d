import "server-only";
// The identity module's public face: everything outside src/features/identity/server imports from here (README.md).

export { getAuth } from "./auth";
export { endSessionsOf } from "./client-membership";
export { FRESH_CODE_PROMPT, FRESH_IDP_PROMPT, FRESH_PASSKEY_PROMPT, FRESH_PASSWORD_PROMPT } from "./second-factor/fresh-factor-state";
export { recordSecondFactor } from "./second-factor/second-factor";
export { totpStepOf } from "./second-factor/totp-replay";
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
export { AUTH_LIMITS } from "./sign-in/brute-force";
export { clearCredentialsForInvitation, createCredentialUser, findUserByEmail } from "./users";
export { issueViewAsCookie, VIEW_AS_COOKIE, viewAsCookieOptions, viewAsOf } from "./view-as/view-as";
export { limitSsoLookups, SSO_STEP_UP_UNAVAILABLE, ssoRouteFor, startSsoSignIn, startSsoStepUp, startSsoTest } from "./sso/start";
export { pruneExpiredIdentityRows } from "./expired-rows";
export { adminUserIds, deleteProviderAccounts, deleteUsers, userEmailSql, userFacts, userNameSql, userRoleSql } from "./user-refs";
// The account's flows on identity's tables (the screens stay in src/features/account).
export { listOwnPasskeys, removeOwnPasskey, renameOwnPasskey, type AccountPasskey } from "./passkeys/account-passkeys";
export { getAccountSecurity, type AccountSecurity } from "./second-factor/account-security";
export { endViewAsClient, startViewAsClient } from "./view-as/admin-view-as";
export { confirmFreshSecondFactor, confirmSignatureFactor, FRESH_PASSKEY_WRONG } from "./second-factor/fresh-second-factor";
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
export { confirmEmailChange, EMAIL_CHANGE_MESSAGES, emailChangeState, requestEmailChange } from "./profile/email-change";
// The ports clients and sso fill for identity's guards and sign-in (ports.ts), and the reset the admin's client row asks for.
export { type ClientsPort, type IdentityPorts, provideIdentityPorts, type SsoCompanyFacts, type SsoPort } from "./ports";
export { resetUserTwoFactor } from "./second-factor/two-factor-reset";
export { usersForAudit } from "./audit-port";
