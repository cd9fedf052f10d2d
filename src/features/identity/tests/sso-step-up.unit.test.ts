// The step-up through a company's identity provider (docs/PRODUCT.md#single-sign-on), decided by
// the resolver: only the person the session belongs to, only a sign-in the provider says was made
// after the step-up began (a provider that reused its own session and ignored prompt=login fails).
import type { SSOUserResolutionInput } from "@better-auth/sso";
import { describe, expect, it } from "vitest";
import type { SsoCompanyFacts } from "@/features/identity/server/ports";
import type { SsoFlow } from "@/features/identity/server/sso/flow-cookie";
import { resolveSsoUser, SSO_STEP_UP_PASSED, type SsoLookups } from "@/features/identity/server/sso/resolve-user";
import { ssoStepUpReturnPath } from "@/features/identity/server/sso/start";

const since = new Date("2026-11-28T10:00:00Z");
const facts: SsoCompanyFacts = {
  clientId: "acme",
  companyName: "Acme",
  companyActive: true,
  mode: "allowed",
  justInTime: true,
  sessionHours: 12,
  tested: true,
  verifiedDomains: ["acme.example"],
  people: { dana: { role: "member", status: "active" } },
};
const flow: SsoFlow = {
  nonce: "n-1",
  clientId: "acme",
  testUserId: null,
  stepUp: { userId: "dana", sessionId: "s-1", since },
  expiresAt: new Date(since.getTime() + 600_000),
};
const lookups: SsoLookups = {
  accountOf: async (_provider, subject) =>
    subject === "dana-sub" ? { userId: "dana" } : subject === "erin-sub" ? { userId: "erin" } : null,
  userByEmail: async () => null,
  linkedSubjectOf: async () => null,
};

function answer(subject: string, authTime: number | undefined): SSOUserResolutionInput {
  return {
    protocol: "oidc",
    providerId: "company-acme",
    accountKey: { accountId: subject },
    providerUser: { email: "dana@acme.example" },
    verifiedIdTokenClaims: { nonce: "n-1", ...(authTime === undefined ? {} : { auth_time: authTime }) },
  } as unknown as SSOUserResolutionInput;
}

async function decide(subject: string, authTime: number | undefined) {
  let passed = false;
  const signedInAt = authTime === undefined ? null : new Date(authTime * 1000);
  const decision = await resolveSsoUser(
    answer(subject, authTime),
    facts,
    flow,
    signedInAt,
    lookups,
    () => {},
    () => (passed = true),
  );
  return { decision, passed };
}

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

describe("a step-up at the company's identity provider", () => {
  it("passes the session's own person who signed in after it began, and signs nobody in", async () => {
    expect(await decide("dana-sub", seconds(since) + 20)).toEqual({
      decision: { action: "reject", code: SSO_STEP_UP_PASSED },
      passed: true,
    });
    // The provider's clock a little behind ours is no refusal.
    expect((await decide("dana-sub", seconds(since) - 30)).passed).toBe(true);
  });

  it("refuses a sign-in older than the step-up, or one whose time the provider does not give", async () => {
    expect(await decide("dana-sub", seconds(since) - 3600)).toEqual({
      decision: { action: "reject", code: "sso_step_up_not_fresh" },
      passed: false,
    });
    expect((await decide("dana-sub", undefined)).decision).toEqual({ action: "reject", code: "sso_step_up_not_fresh" });
  });

  it("refuses another person of the company, and an identity linked to nobody", async () => {
    expect((await decide("erin-sub", seconds(since) + 5)).decision).toEqual({ action: "reject", code: "sso_step_up_other_person" });
    expect((await decide("stranger-sub", seconds(since) + 5)).decision).toEqual({ action: "reject", code: "sso_step_up_other_person" });
  });
});

describe("where a step-up comes back to", () => {
  it("is a page of the portal, marked, without an earlier verdict", () => {
    expect(ssoStepUpReturnPath("/client-portal?section=documents&error=x&error_description=y")).toBe(
      "/client-portal?section=documents&sso=step-up",
    );
    for (const elsewhere of [
      "https://evil.example/",
      "//evil.example/client-portal",
      "/admin",
      "/client-portal/../admin",
      "/\\evil.example",
    ])
      expect(ssoStepUpReturnPath(elsewhere)).toBe("/client-portal?sso=step-up");
  });
});
