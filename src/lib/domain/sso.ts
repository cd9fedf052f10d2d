// Single sign-on per client company (docs/PRODUCT.md#single-sign-on): the shapes both sides share.

/** off: passwords only; allowed: password or the company's IdP; required: the IdP only (owners keep their password). */
export const SSO_MODES = ["off", "allowed", "required"] as const;
export type SsoMode = (typeof SSO_MODES)[number];

export const SSO_PROTOCOLS = ["oidc", "saml"] as const;
export type SsoProtocol = (typeof SSO_PROTOCOLS)[number];

/** The DNS name whose TXT record proves a domain: `_sentinel-verify.<domain>`. */
export const SSO_VERIFY_LABEL = "_sentinel-verify";
export const ssoVerifyRecordName = (domain: string) => `${SSO_VERIFY_LABEL}.${domain}`;
/** The TXT record's value carries the token after this prefix, so other TXT records on the name are told apart. */
export const ssoVerifyRecordValue = (token: string) => `sentinel-verify=${token}`;

/** How long an SSO session lasts at most, unless the company sets otherwise. */
export const DEFAULT_SSO_SESSION_HOURS = 12;
export const MAX_SSO_SESSION_HOURS = 24 * 7;

/** How the login form treats an address: its own password, or the company's identity provider. */
/** Never the company's name: anyone may type an address, and which company owns a domain is its own business. */
export type SsoRoute = { kind: "password" } | { kind: "sso"; required: boolean };

/** Why a sign-in through the identity provider was refused, in words the login page shows. */
export const SSO_SIGN_IN_ERRORS: Record<string, string> = {
  sso_domain_not_verified: "Your company's identity provider cannot sign in addresses of this domain.",
  sso_off: "Single sign-on is not switched on for your company.",
  sso_not_invited: "Your company has not added you to the portal yet. Ask an owner to invite you.",
  sso_not_of_company: "This address belongs to an account that cannot sign in through this identity provider.",
  sso_identity_mismatch: "Your account is linked to another identity at your company's identity provider.",
  sso_deactivated: "Your access to the portal has been removed. Ask an owner of your company.",
  sso_invalid_nonce: "The sign-in could not be confirmed. Please try again.",
  sso_test_as_yourself: "The test sign-in must be made as yourself at the identity provider.",
  invalid_state: "The sign-in took too long or was opened in another browser. Please try again.",
  sso_weak_signature:
    "Your company's identity provider signs with an algorithm too weak to trust (SHA-1). Ask its administrators to sign with SHA-256.",
};
export const SSO_SIGN_IN_FALLBACK_ERROR = "Single sign-on failed. Please try again, or ask an owner of your company.";

/** A password sign-in refused because the company requires its identity provider (owners excepted). */
export const SSO_REQUIRED_MESSAGE = "Your company signs you in through its identity provider: use Continue with single sign-on.";

/** What a fresh sign-in at the identity provider for a step-up brought back (`?error=` on the page it left). */
export const SSO_STEP_UP_VERDICTS: Record<string, string> = {
  sso_step_up_passed: "Confirmed at your identity provider: for the next 5 minutes you can do what asked for it.",
  sso_step_up_other_person: "You signed in at your identity provider as someone else. Sign in as yourself to confirm it is you.",
  sso_step_up_not_fresh: "Your identity provider did not ask you to sign in again, so it could not confirm it is you. Try again.",
};
/** The step-up's return address carries this mark, so the page shows its verdict (not an owner's test's). */
export const SSO_STEP_UP_MARK = { name: "sso", value: "step-up" } as const;
export const isSsoStepUpReturn = (search: URLSearchParams) => search.get(SSO_STEP_UP_MARK.name) === SSO_STEP_UP_MARK.value;
