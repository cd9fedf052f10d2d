import { describe, expect, it } from "vitest";
import { PASSKEY_MESSAGES, passkeyErrorMessage } from "@/lib/passkey-errors";

const domError = (name: string) => Object.assign(new Error("browser said no"), { name });

describe("passkeyErrorMessage", () => {
  it("says a cancelled or timed-out ceremony in words", () => {
    expect(passkeyErrorMessage(domError("NotAllowedError"), "sign-in")).toBe(PASSKEY_MESSAGES.cancelled);
    expect(passkeyErrorMessage(domError("NotAllowedError"), "register")).toBe(PASSKEY_MESSAGES.cancelled);
  });

  it("stays quiet for a request aborted on purpose (a newer ceremony replaced it)", () => {
    expect(passkeyErrorMessage(domError("AbortError"), "sign-in")).toBeNull();
    expect(passkeyErrorMessage({ name: "AbortError", code: "ERROR_CEREMONY_ABORTED" }, "sign-in")).toBeNull();
  });

  it("tells an unsupported browser apart for each ceremony", () => {
    expect(passkeyErrorMessage({ code: "WEBAUTHN_UNSUPPORTED" }, "sign-in")).toBe(PASSKEY_MESSAGES.unsupported);
    expect(passkeyErrorMessage({ code: "WEBAUTHN_UNSUPPORTED" }, "register")).toBe(PASSKEY_MESSAGES.unsupportedRegister);
  });

  it("maps the server's refusals by their code", () => {
    expect(passkeyErrorMessage({ status: 401, code: "PASSKEY_NOT_FOUND" }, "sign-in")).toBe(PASSKEY_MESSAGES.unknownPasskey);
    expect(passkeyErrorMessage({ status: 403, code: "SESSION_NOT_FRESH" }, "register")).toBe(PASSKEY_MESSAGES.signInAgain);
    expect(passkeyErrorMessage({ status: 400, code: "CHALLENGE_NOT_FOUND" }, "sign-in")).toBe(PASSKEY_MESSAGES.expired);
    expect(passkeyErrorMessage({ status: 429, code: "unknown" }, "sign-in")).toBe(PASSKEY_MESSAGES.tooMany);
    const inactive = "This client account is inactive. Please contact us to reactivate it.";
    expect(passkeyErrorMessage({ status: 403, code: "CLIENT_ACCOUNT_INACTIVE", message: inactive }, "sign-in")).toBe(inactive);
    expect(passkeyErrorMessage(domError("InvalidStateError"), "register")).toBe(PASSKEY_MESSAGES.alreadyRegistered);
    expect(passkeyErrorMessage({ status: 400, code: "USER_VERIFICATION_REQUIRED" }, "sign-in")).toBe(
      PASSKEY_MESSAGES.userVerificationRequired,
    );
    expect(passkeyErrorMessage({ status: 400, code: "USER_VERIFICATION_REQUIRED" }, "register")).toBe(
      PASSKEY_MESSAGES.userVerificationRequired,
    );
    expect(passkeyErrorMessage({ status: 400, code: "PASSKEY_NEEDS_CONFIRMATION" }, "sign-in")).toBe(PASSKEY_MESSAGES.needsConfirmation);
  });

  it("falls back to a general message per ceremony for anything else", () => {
    expect(passkeyErrorMessage(new TypeError("Failed to fetch"), "sign-in")).toBe(PASSKEY_MESSAGES.failed);
    expect(passkeyErrorMessage("weird", "register")).toBe(PASSKEY_MESSAGES.registerFailed);
  });
});
