// The sign-in texts and password lengths without the schemas: a form's component shows them from
// the first paint, while the schemas (and zod) load when the form is first checked (useZodForm).

/** better-auth refuses longer passwords; bounding them here turns that into a field message. */
export const PASSWORD_MAX = 128;
export const SIGN_IN_PASSWORD_MIN = 6;
export const RESET_PASSWORD_MIN = 8;

/** Texts that both sides show (docs/PRODUCT.md, the Sign-in and two-factor sections). */
export const AUTH_MESSAGES = {
  loginFailed: "Login failed. Please try again.",
  invalidClientCredentials: "Invalid email or password",
  invalidAdminCredentials: "Invalid admin credentials",
  clientWrongRole: "Access denied. Please use the admin portal.",
  adminWrongRole: "Access denied. Admins only.",
  signInRateLimited: "Too many sign-in attempts. Please wait a few minutes and try again.",
  resetRequestRateLimited: "Too many reset requests. Please wait a few minutes and try again.",
  resetRateLimited: "Too many attempts. Please wait a few minutes and try again.",
  resetEmailFailed: "Failed to send reset email",
  invalidResetLink: "Invalid or expired reset link. Please request a new password reset.",
  resetFailed: "Failed to reset password",
  invitationWithdrawn: "This invitation was withdrawn. Ask whoever invited you to invite you again.",
  // The code step of a sign-in, and turning two-factor sign-in on and off.
  wrongCode: "That code is not right. Check your authenticator app and try again.",
  codeUsed: "That code was used already. Wait for the next code in your authenticator app.",
  wrongBackupCode: "That backup code is not right, or it has been used already.",
  pendingExpired: "Your sign-in has expired. Please sign in again.",
  tooManyCodes: "Too many wrong codes. Please sign in again.",
  locked: "Too many wrong codes for this account. Please wait 15 minutes and try again.",
  wrongPassword: "That password is not right.",
  alreadyEnabled: "Two-factor sign-in is already on.",
  notStarted: "Start again: enter your password to set up two-factor sign-in.",
  notEnabled: "Two-factor sign-in is not on.",
} as const;
