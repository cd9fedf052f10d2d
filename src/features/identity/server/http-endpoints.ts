import "server-only";

// better-auth serves dozens of endpoints under /api/auth (two-factor, password, session lists...).
// Each sensitive operation of this product goes through its own server action instead, with the
// password and code checks, per-user limits, audit and mail that the raw endpoints lack
// (README.md, "HTTP surface"). So the HTTP route serves only what the browser itself
// calls: everything else answers 404, as if it did not exist.
const SERVED = new Set([
  "GET /get-session",
  "POST /sign-out",
  // The login forms' policy applies here through better-auth's hooks (sign-in/brute-force.ts,
  // sign-in/policy.ts), as in their actions: the limits, an admin's browser-session cookie, the admin log.
  "POST /sign-in/email",
  // The passkey ceremonies (src/features/identity/components/passkey-ceremony.ts).
  "GET /passkey/generate-register-options",
  "POST /passkey/verify-registration",
  "GET /passkey/generate-authenticate-options",
  "POST /passkey/verify-authentication",
  // What a company's SAML provider may read of us (entity ID, ACS URL): docs/PRODUCT.md#single-sign-on.
  "GET /sso/saml2/sp/metadata",
]);

/**
 * A company's identity provider sends the person back here (docs/PRODUCT.md#single-sign-on): an
 * OpenID Connect provider by a redirect, a SAML provider by a form posted to the ACS.
 */
const SERVED_PATTERNS = [/^GET \/sso\/callback\/company-[0-9a-f-]{36}$/, /^POST \/sso\/saml2\/sp\/acs\/company-[0-9a-f-]{36}$/];

export const AUTH_BASE_PATH = "/api/auth";

/** Whether the HTTP route serves this better-auth endpoint. */
export function isServedAuthEndpoint(method: string, pathname: string): boolean {
  if (!pathname.startsWith(`${AUTH_BASE_PATH}/`)) return false;
  // better-auth's router ignores a trailing slash: so does the list.
  const path = pathname.slice(AUTH_BASE_PATH.length).replace(/\/+$/, "");
  return (
    SERVED.has(`${method.toUpperCase()} ${path}`) || SERVED_PATTERNS.some((pattern) => pattern.test(`${method.toUpperCase()} ${path}`))
  );
}
