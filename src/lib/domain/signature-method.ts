// How a signer of a testing authorization proved it was them at the moment of signing
// (docs/PRODUCT.md#engagement-authorization): an authenticator app's code or a passkey given with the
// signature, the password (a person with neither), or a fresh sign-in at the company's identity
// provider made for it. "second_factor" is what signatures made before the factor was named record.

export const SIGNATURE_METHODS = ["authenticator_app", "passkey", "password", "identity_provider", "second_factor"] as const;
export type SignatureMethod = (typeof SIGNATURE_METHODS)[number];

export const SIGNATURE_METHOD_LABELS: Record<SignatureMethod, string> = {
  authenticator_app: "Code from an authenticator app, given when signing",
  passkey: "Passkey, used when signing",
  second_factor: "Fresh second factor",
  password: "Password, given when signing",
  identity_provider: "Fresh sign-in at the company's identity provider",
};
