import "server-only";
// The account module's public face: everything outside src/features/account/server imports from here (README.md).

export { listOwnPasskeys, removeOwnPasskey, renameOwnPasskey, type AccountPasskey } from "./passkeys/account-passkeys";
export { getAccountSecurity, type AccountSecurity } from "./second-factor/account-security";
export { resetClientTwoFactor, setClientTwoFactorRequirement } from "./second-factor/admin-client-security";
export { endViewAsClient, startViewAsClient } from "./view-as/admin-view-as";
export {
  confirmFreshSecondFactor,
  confirmSignatureFactor,
  FRESH_CODE_PROMPT,
  FRESH_CODE_WRONG,
  FRESH_IDP_PROMPT,
  FRESH_PASSKEY_PROMPT,
  FRESH_PASSKEY_WRONG,
  FRESH_PASSWORD_PROMPT,
} from "./second-factor/fresh-second-factor";
export { isServedAuthEndpoint } from "./http-endpoints";
export { confirmPasskey } from "./passkeys/confirmation";
export { finishPasskeySignIn } from "./passkeys/sign-in";
export { changeOwnPassword } from "./password/change";
export {
  createInvitationLink,
  invitedUserOf,
  requestPasswordReset,
  resetLinkState,
  type ResetLinkState,
  resetPasswordWithToken,
  withdrawInvitationLinks,
} from "./password/reset";
export { signInToArea, verifySignInCode } from "./sign-in/sign-in";
export { stripTokens } from "./strip-tokens";
export { confirmTwoFactorEnrolment, disableTwoFactor, regenerateBackupCodes, startTwoFactorEnrolment } from "./second-factor/two-factor";
export { updateOwnName } from "./profile/own-name";
export { confirmEmailChange, EMAIL_CHANGE_MESSAGES, emailChangeState, requestEmailChange } from "./profile/email-change";
