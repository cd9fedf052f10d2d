// The browser's half of the passkey ceremonies (src/features/account/README.md, "Passkeys"): options from
// better-auth's passkey endpoints, the authenticator through @simplewebauthn/browser, the answer
// back to the endpoint, which verifies it against APP_URL's origin and relying party.
import { apiFetch } from "@/lib/api-client";

// The library is loaded by the ceremony that needs it, not with the cards and forms that offer one.
const webAuthn = () => import("@simplewebauthn/browser");
type WebAuthn = Awaited<ReturnType<typeof webAuthn>>;
type RegisterOptions = Parameters<WebAuthn["startRegistration"]>[0]["optionsJSON"];
type AuthenticateOptions = Parameters<WebAuthn["startAuthentication"]>[0]["optionsJSON"];

const BASE = "/api/auth/passkey";

export class WebAuthnUnsupportedError extends Error {
  readonly code = "WEBAUTHN_UNSUPPORTED";
}

/** Registers a new passkey for the signed-in user under `name`. */
export async function registerPasskey(name: string): Promise<void> {
  const { browserSupportsWebAuthn, startRegistration } = await webAuthn();
  if (!browserSupportsWebAuthn()) throw new WebAuthnUnsupportedError();
  const optionsJSON = await apiFetch<RegisterOptions>(`${BASE}/generate-register-options?name=${encodeURIComponent(name)}`);
  const response = await startRegistration({ optionsJSON });
  await apiFetch(`${BASE}/verify-registration`, { method: "POST", json: { response, name } });
}

/**
 * A passkey's answer to a challenge for the signed-in person (the server lists only their
 * passkeys), for a route that verifies it as a fresh second factor rather than signing in.
 */
export async function passkeyAnswer(): ReturnType<WebAuthn["startAuthentication"]> {
  const { browserSupportsWebAuthn, startAuthentication } = await webAuthn();
  if (!browserSupportsWebAuthn()) throw new WebAuthnUnsupportedError();
  const optionsJSON = await apiFetch<AuthenticateOptions>(`${BASE}/generate-authenticate-options`);
  return startAuthentication({ optionsJSON });
}

/**
 * Signs in with a passkey; the endpoint sets the session cookie. With `autofill` the request waits
 * for the person to pick a passkey from the email field's suggestions (conditional mediation).
 * False when nothing was signed in: no autofill in this browser, or `stillWanted` said a newer
 * ceremony took over.
 */
export async function signInWithPasskey({
  autofill = false,
  stillWanted = () => true,
}: { autofill?: boolean; stillWanted?: () => boolean } = {}): Promise<boolean> {
  const { browserSupportsWebAuthn, browserSupportsWebAuthnAutofill, startAuthentication } = await webAuthn();
  if (!browserSupportsWebAuthn()) {
    if (autofill) return false;
    throw new WebAuthnUnsupportedError();
  }
  if (autofill && !(await browserSupportsWebAuthnAutofill())) return false;
  const optionsJSON = await apiFetch<AuthenticateOptions>(`${BASE}/generate-authenticate-options`);
  if (!stillWanted()) return false;
  const response = await startAuthentication({ optionsJSON, useBrowserAutofill: autofill });
  // A newer ceremony replaced this one (and the challenge cookie with it): its answer would fail.
  if (!stillWanted()) return false;
  await apiFetch(`${BASE}/verify-authentication`, { method: "POST", json: { response } });
  return true;
}
