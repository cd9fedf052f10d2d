// What a person reads when a passkey ceremony fails (docs/PRODUCT.md#passkeys): the browser's
// WebAuthn errors and our server's refusals in plain words. Pure, for the login pages and the
// passkeys card alike.

export type PasskeyCeremony = "sign-in" | "register";

export const PASSKEY_MESSAGES = {
  unsupported: "This browser does not support passkeys. Sign in with your password.",
  unsupportedRegister: "This browser does not support passkeys. Try another browser or device.",
  cancelled: "The passkey request was cancelled or timed out. Try again.",
  unknownPasskey: "This passkey is not registered for an account here. Sign in with your password, then add it in your account settings.",
  alreadyRegistered: "This passkey is already registered for your account.",
  wrongSite: "This passkey cannot be used on this address.",
  signInAgain: "For your security, sign in again before adding a passkey.",
  expired: "The passkey request expired. Try again.",
  tooMany: "Too many attempts. Please wait a minute and try again.",
  failed: "Signing in with the passkey did not work. Try again, or sign in with your password.",
  registerFailed: "The passkey could not be added. Try again.",
  userVerificationRequired:
    "This passkey did not verify you (no PIN, fingerprint or face check). Use a passkey that asks for one, or sign in with your password.",
  needsConfirmation:
    "This passkey is on hold since your two-factor sign-in was reset. Sign in with your password, then confirm or remove it in your account settings.",
} as const;

type ErrorLike = { name?: unknown; code?: unknown; status?: unknown; message?: unknown };

/**
 * The message for a failed ceremony, or null when nothing should be shown: a request aborted on
 * purpose (a newer ceremony replaced the autofill one).
 */
export function passkeyErrorMessage(error: unknown, ceremony: PasskeyCeremony): string | null {
  const e = (typeof error === "object" && error !== null ? error : {}) as ErrorLike;
  const name = typeof e.name === "string" ? e.name : "";
  const code = typeof e.code === "string" ? e.code : "";
  if (code === "ERROR_CEREMONY_ABORTED" || name === "AbortError") return null;
  if (name === "NotAllowedError") return PASSKEY_MESSAGES.cancelled;
  if (code === "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED" || name === "InvalidStateError" || code === "PREVIOUSLY_REGISTERED")
    return PASSKEY_MESSAGES.alreadyRegistered;
  if (name === "SecurityError") return PASSKEY_MESSAGES.wrongSite;
  if (code === "PASSKEY_NOT_FOUND") return PASSKEY_MESSAGES.unknownPasskey;
  if (code === "SESSION_NOT_FRESH") return PASSKEY_MESSAGES.signInAgain;
  if (code === "CHALLENGE_NOT_FOUND") return PASSKEY_MESSAGES.expired;
  if (code === "USER_VERIFICATION_REQUIRED") return PASSKEY_MESSAGES.userVerificationRequired;
  if (code === "PASSKEY_NEEDS_CONFIRMATION") return PASSKEY_MESSAGES.needsConfirmation;
  // The server's own words: the company is inactive, the person was removed, or the company
  // requires its identity provider.
  if ((code === "CLIENT_ACCOUNT_INACTIVE" || code === "SSO_REQUIRED") && typeof e.message === "string" && e.message) return e.message;
  if (e.status === 429) return PASSKEY_MESSAGES.tooMany;
  if (name === "NotSupportedError" || code === "WEBAUTHN_UNSUPPORTED")
    return ceremony === "sign-in" ? PASSKEY_MESSAGES.unsupported : PASSKEY_MESSAGES.unsupportedRegister;
  return ceremony === "sign-in" ? PASSKEY_MESSAGES.failed : PASSKEY_MESSAGES.registerFailed;
}
