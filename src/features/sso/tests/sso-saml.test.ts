// A company's single sign-on through SAML 2.0 (docs/PRODUCT.md#single-sign-on), against a SAML
// identity provider on loopback (tools/test-idp/saml.ts): a newcomer signed in from a signed
// assertion; unsigned, SHA-1-signed (its algorithm named in double or single quotes), expired,
// replayed, unsolicited responses, ones addressed to another audience or recipient and a NameID an
// XML comment splits refused; the owner's test; the step-up asking for ForceAuthn.
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { GET as authGet, POST as authPost } from "@/app/api/auth/[...all]/route";
import { clientPeople } from "@/features/clients/server/schema";
import { session, user } from "@/features/identity/server/schema";
import { ssoDomains, ssoProvider } from "@/features/sso/server/schema";
import { allowLoopbackForTests } from "@/server/core/outbound/guarded-fetch";
import { confirmFreshSecondFactor } from "@/features/identity/server";
import { getSession, startSsoTest } from "@/features/identity/server";
import { startSsoSignIn, startSsoStepUp } from "@/features/identity/server/sso/start";
import { issueSsoFlow, SSO_FLOW_COOKIE } from "@/features/identity/server/sso/flow-cookie";
import { acsUrlOf, loadSsoSettings, saveSamlProvider, setSsoPolicy, spEntityIdOf } from "@/features/sso/server";
import { APP_ORIGIN, authHeaders } from "@tests/integration/helpers/auth";
import { setupTestDatabase } from "@tests/integration/helpers/db";
import { cookiesSet } from "@tests/integration/helpers/next-headers-mock";
import { createFreshCompany } from "@tests/integration/helpers/tenants";
import { readAuthnRequest, readSamlPost, type SamlPost, startTestSamlIdp, type TestSamlIdp } from "../../../../tools/test-idp/saml";

vi.mock("next/headers", async () => (await import("@tests/integration/helpers/next-headers-mock")).nextHeadersMock);

const t = setupTestDatabase({ seedDemo: true });
const owner = { clientId: "", userId: "" };
let idp: TestSamlIdp;
let disallow = () => {};

beforeAll(async () => {
  const company = await createFreshCompany(t.db);
  owner.clientId = company.clientId;
  owner.userId = company.ownerUserId;
  idp = await startTestSamlIdp({
    people: [
      { nameId: "kim-1", email: "kim@saml.example", name: "Kim Saml" },
      { nameId: "lee-1", email: "lee@saml.example", name: "Lee Saml" },
    ],
  });
  disallow = allowLoopbackForTests(idp.hostPort);
  await t.db
    .insert(ssoDomains)
    .values({ clientId: owner.clientId, domain: "saml.example", token: "t", verifiedAt: new Date(), createdByName: "x" });
});
afterAll(async () => {
  disallow();
  await idp.close();
});
beforeEach(() => {
  cookiesSet.length = 0;
  idp.setFault("none");
});

/** The person's part at the provider: pick who they are; the provider's page posts this to our ACS. */
async function atProvider(startedUrl: string, nameId: string): Promise<SamlPost> {
  const url = new URL(startedUrl);
  const answer = await fetch(`http://${idp.hostPort}/saml/login`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      nameId,
      SAMLRequest: url.searchParams.get("SAMLRequest")!,
      RelayState: url.searchParams.get("RelayState") ?? "",
    }),
  });
  return readSamlPost(await answer.text());
}

/**
 * The browser posting the provider's form to our ACS: a cross-site POST, so of our cookies only the
 * flow's (SameSite=None) goes with it.
 */
async function postToAcs(post: SamlPost, flowCookie: string | null) {
  const form = new URLSearchParams({ SAMLResponse: post.SAMLResponse, ...(post.RelayState ? { RelayState: post.RelayState } : {}) });
  const response = await authPost(
    new Request(post.acs, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: "null",
        "x-forwarded-for": "10.9.1.1",
        ...(flowCookie ? { cookie: `${SSO_FLOW_COOKIE}=${encodeURIComponent(flowCookie)}` } : {}),
      },
      body: form,
    }),
  );
  const location = new URL(response.headers.get("location") ?? "/", APP_ORIGIN);
  const setCookies = response.headers.getSetCookie();
  return {
    status: response.status,
    location,
    signedIn: setCookies.some((line) => line.includes("session_token=") && !line.includes("Max-Age=0")),
    setCookies,
  };
}

async function signInThroughSaml(email: string, nameId: string) {
  const started = await startSsoSignIn(t.db, email, new Headers({ "x-forwarded-for": "10.9.1.2" }));
  const post = await atProvider(started.url, nameId);
  return { post, flowCookie: started.flowCookie.value, result: await postToAcs(post, started.flowCookie.value) };
}

const sessionCount = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(session))[0]!.n;

describe("a SAML provider", () => {
  const actor = () => ({ ...owner, name: "SAML owner" });

  it("is read from its metadata URL or its XML; what it must name is checked", async () => {
    const refusal = (xml: string) => saveSamlProvider(t.db, actor(), { metadataXml: xml }).catch((e: unknown) => e);
    expect(await refusal("<nothing/>")).toMatchObject({
      code: "bad_request",
      message: "This is not SAML metadata of an identity provider.",
    });
    expect(await refusal(idp.metadata.replace(/<md:KeyDescriptor[\s\S]*<\/md:KeyDescriptor>/, ""))).toMatchObject({
      message: "The metadata names no signing certificate.",
    });
    expect(await refusal(`<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]>${idp.metadata}`)).toMatchObject({
      message: "The metadata must not declare a DOCTYPE or entities.",
    });
    expect(await saveSamlProvider(t.db, actor(), { metadataUrl: "http://10.0.0.1/metadata" }).catch((e: unknown) => e)).toMatchObject({
      fieldErrors: { metadataUrl: expect.stringContaining("not an address on the public internet") },
    });

    await saveSamlProvider(t.db, actor(), { metadataUrl: idp.metadataUrl });
    const settings = await loadSsoSettings(t.db, owner.clientId);
    expect(settings.provider).toEqual({
      protocol: "saml",
      idpEntityId: idp.entityId,
      ssoUrl: `http://${idp.hostPort}/saml/sso`,
      spEntityId: spEntityIdOf(owner.clientId),
      acsUrl: acsUrlOf(owner.clientId),
      demo: null,
    });
    // Stored sealed: the column holds no metadata in clear.
    const [row] = await t.db
      .select({ stored: sql<string>`saml_config` })
      .from(ssoProvider)
      .where(eq(ssoProvider.clientId, owner.clientId));
    expect(row!.stored).toMatch(/^v1\./);
    expect(row!.stored).not.toContain("EntityDescriptor");
  });

  it("publishes our service provider metadata for the provider to read", async () => {
    const response = await authGet(new Request(spEntityIdOf(owner.clientId)));
    expect(response.status).toBe(200);
    const xml = await response.text();
    expect(xml).toContain(`entityID="${spEntityIdOf(owner.clientId).replace(/&/g, "&amp;")}"`);
    expect(xml).toContain(acsUrlOf(owner.clientId));
    expect(xml).toMatch(/WantAssertionsSigned="true"/);
  });

  it("passes the owner's test without signing anyone in, and then can be switched on", async () => {
    const started = await startSsoTest(t.db, owner, new Headers());
    const before = await sessionCount();
    const result = await postToAcs(await atProvider(started.url, "lee-1"), started.flowCookie.value);
    expect(started.flowCookie.options).toMatchObject({ sameSite: "none", secure: true, httpOnly: true });
    expect(result.location.searchParams.get("error")).toBe("sso_test_passed");
    expect(await sessionCount()).toBe(before);
    expect((await loadSsoSettings(t.db, owner.clientId)).tested).toMatchObject({ as: "lee@saml.example" });
    await setSsoPolicy(t.db, actor(), { mode: "allowed", justInTime: true, sessionHours: 12 });
  });
});

describe("signing in through a SAML provider", () => {
  it("makes a newcomer of the domain a member from a signed assertion, and refuses the same response again", async () => {
    const { post, flowCookie, result } = await signInThroughSaml("kim@saml.example", "kim-1");
    expect(result.location.pathname).toBe("/client-portal");
    expect(result.location.searchParams.get("error")).toBeNull();
    expect(result.signedIn).toBe(true);
    const [kim] = await t.db.select().from(user).where(eq(user.email, "kim@saml.example"));
    const [person] = await t.db.select().from(clientPeople).where(eq(clientPeople.userId, kim!.id));
    expect(person).toMatchObject({ clientId: owner.clientId, role: "member", status: "active" });
    const [made] = await t.db.select().from(session).where(eq(session.userId, kim!.id));
    expect(made).toMatchObject({ signInMethod: "sso" });
    expect(Math.abs(made!.ssoAuthAt!.getTime() - Date.now())).toBeLessThan(60_000);

    const before = await sessionCount();
    const replayed = await postToAcs(post, flowCookie);
    expect(replayed.signedIn).toBe(false);
    expect(replayed.location.searchParams.get("error")).toBeTruthy();
    expect(await sessionCount()).toBe(before);
  });

  // The codes are the plugin's (samlify's checks), except SHA-1: the plugin checks only a redirect
  // binding's algorithm, so a posted response's signatures are checked on our side (saml-flow.ts).
  it.each([
    ["unsigned", "an assertion nobody signed", "saml_error"],
    ["sha1", "an assertion signed with SHA-1", "sso_weak_signature"],
    ["sha1-single-quoted", "an assertion signed with SHA-1, the algorithm named in single quotes", "sso_weak_signature"],
    ["expired", "an assertion past its validity window", "saml_error"],
    ["wrong-audience", "an assertion for another service provider", "invalid_saml_response"],
    ["wrong-recipient", "an assertion for another address", "invalid_saml_response"],
  ] as const)("refuses %s: %s", async (fault, _what, code) => {
    const email = `${fault}@saml.example`;
    idp.addPerson({ nameId: `${fault}-1`, email, name: fault });
    idp.setFault(fault);
    const before = await sessionCount();
    const { result } = await signInThroughSaml(email, `${fault}-1`);
    expect(result.signedIn).toBe(false);
    expect(result.location.pathname).toBe("/client-login");
    expect(result.location.searchParams.get("error")).toBe(code);
    expect(await sessionCount()).toBe(before);
    expect(await t.db.select().from(user).where(eq(user.email, email))).toHaveLength(0);
  });

  it("refuses a signed NameID an XML comment splits (read as its first half, it would be another person's)", async () => {
    // Someone at the provider is "kim-1.attacker"; with a comment before the dot the signature still
    // holds (canonical XML drops comments), and a reader of the first text node sees "kim-1": Kim.
    idp.addPerson({ nameId: "kim-1.attacker", email: "attacker@saml.example", name: "Attacker" });
    idp.setFault("comment-in-nameid");
    const [kim] = await t.db.select({ id: user.id }).from(user).where(eq(user.email, "kim@saml.example"));
    const kimSessions = async () => (await t.db.select().from(session).where(eq(session.userId, kim!.id))).length;
    const before = { all: await sessionCount(), kim: await kimSessions() };
    const { result } = await signInThroughSaml("attacker@saml.example", "kim-1.attacker");
    expect(result.signedIn).toBe(false);
    expect(result.location.pathname).toBe("/client-login");
    expect(result.location.searchParams.get("error")).toBe("sso_saml_comment");
    expect({ all: await sessionCount(), kim: await kimSessions() }).toEqual(before);
    expect(await t.db.select().from(user).where(eq(user.email, "attacker@saml.example"))).toHaveLength(0);
  });

  it("refuses a response to no request of ours (the provider's own initiative)", async () => {
    const started = await startSsoSignIn(t.db, "lee@saml.example", new Headers());
    const post = await atProvider(started.url, "lee-1");
    // The same response, its request's flow already gone (as for one the provider sent unasked).
    const requestId = readAuthnRequest(new URL(started.url).searchParams.get("SAMLRequest")!).id;
    await t.db.execute(sql`delete from verification where identifier = ${`sso-saml-flow:${requestId}`}`);
    const result = await postToAcs(post, started.flowCookie.value);
    expect(result.signedIn).toBe(false);
    expect(result.location.searchParams.get("error")).toBe("invalid_state");
  });

  it("refuses a response posted from another browser than the one that asked (no flow cookie, or another flow's)", async () => {
    for (const cookieOf of [() => null, () => issueSsoFlow(owner.clientId, null).value]) {
      const started = await startSsoSignIn(t.db, "lee@saml.example", new Headers());
      const result = await postToAcs(await atProvider(started.url, "lee-1"), cookieOf());
      expect(result.signedIn).toBe(false);
      expect(result.location.searchParams.get("error")).toBe("invalid_state");
    }
    expect(await t.db.select().from(user).where(eq(user.email, "lee@saml.example"))).toHaveLength(0);
  });
});

describe("the step-up of a person signed in through a SAML provider", () => {
  async function kimSignedIn() {
    const { result } = await signInThroughSaml("kim@saml.example", "kim-1");
    const cookie = result.setCookies.find((l) => l.includes("session_token="))!.split(";")[0]!;
    const headers = authHeaders(cookie);
    const signedIn = (await getSession(headers))!;
    return {
      headers,
      kim: {
        clientId: owner.clientId,
        userId: signedIn.userId,
        sessionId: signedIn.sessionId,
        email: signedIn.email,
        viaSso: signedIn.viaSso,
      },
    };
  }

  it("asks the provider for a new sign-in (ForceAuthn) and takes only one made after the step-up began", async () => {
    const { headers, kim } = await kimSignedIn();
    idp.setFault("old-sign-in");
    const stale = await startSsoStepUp(t.db, kim, "/client-portal?section=documents", new Headers());
    expect(readAuthnRequest(new URL(stale.url).searchParams.get("SAMLRequest")!).forceAuthn).toBe(true);
    const refused = await postToAcs(await atProvider(stale.url, "kim-1"), stale.flowCookie.value);
    expect(refused.location.searchParams.get("error")).toBe("sso_step_up_not_fresh");
    await expect(confirmFreshSecondFactor(t.db, headers, {})).rejects.toMatchObject({ code: "forbidden" });

    idp.setFault("none");
    const fresh = await startSsoStepUp(t.db, kim, "/client-portal?section=documents", new Headers());
    const passed = await postToAcs(await atProvider(fresh.url, "kim-1"), fresh.flowCookie.value);
    expect(Object.fromEntries(passed.location.searchParams)).toMatchObject({
      section: "documents",
      sso: "step-up",
      error: "sso_step_up_passed",
    });
    expect(passed.signedIn).toBe(false);
    expect(await confirmFreshSecondFactor(t.db, headers, {})).toBe("identity_provider");
    const [row] = await t.db
      .select()
      .from(session)
      .where(and(eq(session.id, kim.sessionId)));
    expect(row).toBeDefined();
  });
});
