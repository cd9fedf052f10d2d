// How a signer of a testing authorization proved it was them at the moment of signing
// (docs/PRODUCT.md#engagement-authorization): a fresh second factor of ours, the password (a person
// with neither an app nor a passkey), or a fresh sign-in at the company's identity provider.

export const SIGNATURE_METHODS = ["second_factor", "password", "identity_provider"] as const;
export type SignatureMethod = (typeof SIGNATURE_METHODS)[number];

export const SIGNATURE_METHOD_LABELS: Record<SignatureMethod, string> = {
  second_factor: "Fresh second factor",
  password: "Password",
  identity_provider: "Fresh sign-in at the company's identity provider",
};
