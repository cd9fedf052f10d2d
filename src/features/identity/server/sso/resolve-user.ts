import "server-only";
import type { SSOUserResolution, SSOUserResolutionInput } from "@better-auth/sso";
import type { SsoCompanyFacts } from "../ports";
import type { SsoFlow } from "./flow-cookie";

/** The lookups the resolver makes inside better-auth's transaction (its adapter, nothing else). */
export type SsoLookups = {
  accountOf(providerId: string, accountId: string): Promise<{ userId: string } | null>;
  userByEmail(email: string): Promise<{ id: string } | null>;
  /** The subject this user is already linked to at this provider, if any. */
  linkedSubjectOf(userId: string, providerId: string): Promise<string | null>;
};

/** The "refusal" that ends an owner's test: nobody is signed in. */
export const SSO_TEST_PASSED = "sso_test_passed";
/** The "refusal" that ends a step-up that went through: the person's own session got the proof. */
export const SSO_STEP_UP_PASSED = "sso_step_up_passed";
/** How late the provider's clock may be against ours when it says when the person signed in. */
const AUTH_TIME_SKEW_MS = 60_000;

const reject = (code: string): SSOUserResolution => ({ action: "reject", code });

const domainOf = (email: string) => email.slice(email.lastIndexOf("@") + 1);

/** The address as we store and match it: a provider may assert it with spaces around or in capitals. */
export const assertedEmail = (email: string) => email.trim().toLowerCase();

/**
 * Who a verified identity at a company's identity provider is here (docs/PRODUCT.md#single-sign-on).
 * People are known by (provider, subject); an address alone links only to a person of this very
 * company whose domain the company proved. A newcomer of the domain becomes a member only when the
 * owners allowed it.
 */
export async function resolveSsoUser(
  input: SSOUserResolutionInput,
  facts: SsoCompanyFacts | null,
  flow: SsoFlow | null,
  /** When the person signed in at the provider: the ID token's auth_time, or the SAML AuthnInstant. */
  signedInAt: Date | null,
  lookups: SsoLookups,
  onTestPassed: (email: string) => void,
  onStepUpPassed: () => void = () => {},
): Promise<SSOUserResolution> {
  if (!facts || !flow || flow.clientId !== facts.clientId) return reject("invalid_state");
  if (input.protocol === "oidc" && input.verifiedIdTokenClaims.nonce !== flow.nonce) return reject("sso_invalid_nonce");
  const email = assertedEmail(input.providerUser.email);
  if (!facts.verifiedDomains.includes(domainOf(email))) return reject("sso_domain_not_verified");
  // An owner's test proves the provider answers for a verified domain; it signs nobody in, so the
  // owner keeps their own session whoever they were at the provider.
  if (flow.testUserId !== null) {
    onTestPassed(email);
    return reject(SSO_TEST_PASSED);
  }
  if (flow.stepUp) return stepUp(input, flow.stepUp, signedInAt, lookups, onStepUpPassed);
  if (facts.mode === "off" || !facts.tested) return reject("sso_off");
  if (!facts.companyActive) return reject("sso_deactivated");

  const personOf = (userId: string): SSOUserResolution | null => {
    const person = facts.people[userId];
    if (!person) return reject("sso_not_of_company");
    if (person.status === "deactivated") return reject("sso_deactivated");
    return null;
  };

  const linked = await lookups.accountOf(input.providerId, input.accountKey.accountId);
  if (linked) return personOf(linked.userId) ?? { action: "link", userId: linked.userId, profile: "preserve" };

  const known = await lookups.userByEmail(email);
  if (known) {
    const refusal = personOf(known.id);
    if (refusal) return refusal;
    if ((await lookups.linkedSubjectOf(known.id, input.providerId)) !== null) return reject("sso_identity_mismatch");
    return { action: "link", userId: known.id, profile: "preserve" };
  }
  return facts.justInTime ? { action: "continue" } : reject("sso_not_invited");
}

/**
 * A signed-in person's step-up at the provider: the identity must be the one this person is linked
 * to, and the provider must say the person signed in after the step-up began (prompt=login and
 * max_age=0, or SAML's ForceAuthn, ask for that; auth_time or AuthnInstant show it was done). It
 * signs nobody in.
 */
async function stepUp(
  input: SSOUserResolutionInput,
  step: NonNullable<SsoFlow["stepUp"]>,
  signedInAt: Date | null,
  lookups: SsoLookups,
  onPassed: () => void,
): Promise<SSOUserResolution> {
  const linked = await lookups.accountOf(input.providerId, input.accountKey.accountId);
  if (linked?.userId !== step.userId) return reject("sso_step_up_other_person");
  if (!signedInAt || signedInAt.getTime() < step.since.getTime() - AUTH_TIME_SKEW_MS) return reject("sso_step_up_not_fresh");
  onPassed();
  return reject(SSO_STEP_UP_PASSED);
}
