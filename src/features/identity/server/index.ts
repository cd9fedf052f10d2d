import "server-only";
// The identity module's public face: what other slices and the screens use (README.md). Its own actions
// (the account screens' sign-in, security and view-as actions among them) and tests reach its files directly.

export { getAuth } from "./auth";
export { endSessionsOf } from "./client-membership";

export { openAdminListPage, type PageSearchParams } from "./sessions/admin-list-page";
export { adminAction, clientAction, clientReadAction, withAdmin, withClient, withClientRead } from "./sessions/route-guards";
export { getPortalAccess, getSession, hasStaleSessionCookie, requireAdminPage, sessionDemoExempt } from "./sessions/session";
export { clearCredentialsForInvitation, createCredentialUser, findUserByEmail } from "./users";

export { limitSsoLookups, ssoRouteFor, startSsoTest } from "./sso/start";

export { pruneExpiredIdentityRows } from "./expired-rows";
export { adminUserIds, deleteProviderAccounts, deleteUsers, userEmailSql, userFacts, userNameSql, userRoleSql } from "./user-refs";
// For the account screens (src/features/account): a passkey row, and the Security section's state.
export { type AccountPasskey } from "./passkeys/account-passkeys";
export { getAccountSecurity, type AccountSecurity } from "./second-factor/account-security";

export { confirmFreshSecondFactor, confirmSignatureFactor } from "./second-factor/fresh-second-factor";
export { isServedAuthEndpoint } from "./http-endpoints";

export { createInvitationLink, invitedUserOf, resetLinkState, withdrawInvitationLinks } from "./password/reset";

export { stripTokens } from "./strip-tokens";

export { emailChangeState } from "./profile/email-change";
// The ports clients and sso fill for identity's guards and sign-in (ports.ts), and the reset the admin's client row asks for.
export { type ClientsPort, type IdentityPorts, provideIdentityPorts, type SsoPort } from "./ports";
export { resetUserTwoFactor } from "./second-factor/two-factor-reset";
export { usersForAudit } from "./audit-port";
