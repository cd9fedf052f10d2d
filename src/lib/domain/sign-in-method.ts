// How a person last signed in (docs/PRODUCT.md#portal-team): with the password (and its code step,
// if any), a passkey, or through the company's identity provider. Shown to the owners on Team.

export const SIGN_IN_METHODS = ["password", "passkey", "sso"] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];

export const SIGN_IN_METHOD_LABELS: Record<SignInMethod, string> = {
  password: "password",
  passkey: "passkey",
  sso: "single sign-on",
};
