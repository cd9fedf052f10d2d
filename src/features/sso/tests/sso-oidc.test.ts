// A company's single sign-on through OpenID Connect (docs/PRODUCT.md#single-sign-on), against a
// real OpenID Provider on loopback (tools/test-idp/oidc.ts) and a local DNS server for the domain's
// TXT record: the domain proved, the provider set up and tested, people signed in by (provider,
// subject), newcomers made members once, refusals for a wrong state, nonce or stale code, and the
// owners' password kept when the company requires its provider.
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { GET as authGet } from "@/app/api/auth/[...all]/route";
import { auditLog } from "@/features/audit/server/schema";
import { clientPeople } from "@/features/clients/server/schema";
import { account, session, user } from "@/features/identity/server/schema";
import { ssoProvider, ssoSettings } from "@/features/sso/server/schema";
import { emailOutbox } from "@/server/core/db/schema/mail";
import { allowLoopbackForTests } from "@/server/core/outbound/guarded-fetch";
import { DEMO_CLIENTS, DEMO_USERS } from "@/features/demo/server/demo-data";
import { createCredentialUser, getAuth, getSession, startSsoTest } from "@/features/identity/server";
import { startSsoSignIn, startSsoStepUp } from "@/features/identity/server/sso/start";
import { confirmFreshSecondFactor } from "@/features/identity/server";
import { FRESH_IDP_PROMPT } from "@/features/identity/server/second-factor/fresh-factor-state";
import { issueSsoFlow, SSO_FLOW_COOKIE } from "@/features/identity/server/sso/flow-cookie";
import {
  addSsoDomain,
  DOMAIN_TAKEN,
  loadSsoSettings,
  providerIdOf,
  redirectUriOf,
  saveOidcProvider,
  setSsoPolicy,
  ssoStateForAdmin,
  switchSsoOffAsFirm,
  verifySsoDomain,
} from "@/features/sso/server";
import { adminActor } from "@tests/integration/helpers/admin-session";
import { ssoVerifyRecordName, ssoVerifyRecordValue } from "@/lib/domain/sso";
import { APP_ORIGIN, authHeaders, signIn } from "@tests/integration/helpers/auth";
import { setupTestDatabase } from "@tests/integration/helpers/db";
import { createFreshCompany } from "@tests/integration/helpers/tenants";
import { signInAtIdp } from "@tests/integration/helpers/idp-browser";
import { cookiesSet } from "@tests/integration/helpers/next-headers-mock";
import { startTestDns, type TestDns } from "../../../../tools/test-idp/dns";
import { startTestOidcIdp, type TestOidcIdp } from "../../../../tools/test-idp/oidc";

vi.mock("next/headers", async () => (await import("@tests/integration/helpers/next-headers-mock")).nextHeadersMock);

const t = setupTestDatabase({ seedDemo: true });

// A company of its own (the demo's Acme has single sign-on already: sso-demo.test.ts).
let ACME = "";
const GLOBEX = DEMO_CLIENTS.globex.id;
const owner = { clientId: "", userId: "", name: "Northwind owner" };
const CLIENT_ID = "sentinel-portal";
const CLIENT_SECRET = "idp-client-secret-0123456789";

let idp: TestOidcIdp;
let dns: TestDns;
let disallow = () => {};

beforeAll(async () => {
  const company = await createFreshCompany(t.db);
  ACME = owner.clientId = company.clientId;
  owner.userId = company.ownerUserId;
  idp = await startTestOidcIdp({
    people: [
      { sub: "dana-1", email: "dana@northwind.example", name: "Dana Whitfield" },
      { sub: "erin-1", email: "erin@northwind.example", name: "Erin Cho" },
      { sub: "stranger-1", email: "someone@example.com", name: "Someone Else" },
    ],
    clients: [{ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, redirectUris: [redirectUriOf(ACME)] }],
  });
  dns = await startTestDns();
  process.env.SSO_DNS_SERVERS = dns.server;
  disallow = allowLoopbackForTests(idp.hostPort);
  // better-auth's SSO plugin trusts only the origins it is given (the demo's come from DEV_FAKE_PORTS).
  (await getAuth().$context).trustedOrigins.push(idp.issuer);
});
afterAll(async () => {
  disallow();
  delete process.env.SSO_DNS_SERVERS;
  await idp.close();
  await dns.close();
});
beforeEach(() => {
  cookiesSet.length = 0;
});

/** The app's cookies for the callback: better-auth's state cookie (set through nextCookies) and our flow cookie. */
function appCookies(flowCookie: string): string {
  const state = cookiesSet.filter((c) => c.name.includes("state")).map((c) => `${c.name}=${encodeURIComponent(c.value)}`);
  return [...state, `${SSO_FLOW_COOKIE}=${encodeURIComponent(flowCookie)}`].join("; ");
}

/** The browser coming back from the provider to our callback: where it is sent, and the cookies set. */
async function callback(url: URL, cookie: string) {
  const response = await authGet(new Request(url.toString(), { headers: { cookie, "x-forwarded-for": "10.9.0.1" } }));
  const location = new URL(response.headers.get("location") ?? "/", APP_ORIGIN);
  return { status: response.status, location, setCookies: response.headers.getSetCookie() };
}

/** A sign-in started on the login page for `email` and signed in at the provider as `sub`, up to its return. */
async function returningFromIdp(email: string, sub: string, tamper?: { flowCookie?: string; state?: string }) {
  cookiesSet.length = 0;
  const started = await startSsoSignIn(t.db, email, new Headers({ "x-forwarded-for": "10.9.0.2" }));
  const cookie = appCookies(tamper?.flowCookie ?? started.flowCookie.value);
  const back = await signInAtIdp(started.url, sub);
  if (tamper?.state) back.searchParams.set("state", tamper.state);
  return { back, cookie };
}

/** A whole sign-in, callback included. */
async function ssoSignIn(email: string, sub: string, tamper?: { flowCookie?: string; state?: string }) {
  const { back, cookie } = await returningFromIdp(email, sub, tamper);
  return callback(back, cookie);
}

const userByEmail = async (email: string) => (await t.db.select().from(user).where(eq(user.email, email)))[0];

describe("a company's domain", () => {
  it("is verified only by its TXT record, and then belongs to that company alone", async () => {
    const domain = await addSsoDomain(t.db, owner, "northwind.example");
    expect(domain.recordName).toBe("_sentinel-verify.northwind.example");
    expect(await verifySsoDomain(t.db, owner, domain.id)).toMatchObject({
      verified: false,
      message: expect.stringContaining("No TXT record"),
    });
    dns.setTxt(ssoVerifyRecordName("northwind.example"), ["sentinel-verify=not-this-one"]);
    expect(await verifySsoDomain(t.db, owner, domain.id)).toMatchObject({
      verified: false,
      message: expect.stringContaining("does not carry"),
    });

    // Globex claims the same name meanwhile: a claim alone does nothing.
    const globex = { clientId: GLOBEX, userId: DEMO_USERS.globex.id, name: "Globex owner" };
    const globexClaim = await addSsoDomain(t.db, globex, "northwind.example");

    dns.setTxt(ssoVerifyRecordName("northwind.example"), ["v=spf1 -all", domain.recordValue]);
    expect(await verifySsoDomain(t.db, owner, domain.id)).toMatchObject({ verified: true });

    // Now it is Northwind's: Globex can neither verify its claim nor claim it again.
    dns.setTxt(ssoVerifyRecordName("northwind.example"), [globexClaim.recordValue, domain.recordValue]);
    await expect(verifySsoDomain(t.db, globex, globexClaim.id)).rejects.toThrow(DOMAIN_TAKEN("northwind.example"));
    await expect(addSsoDomain(t.db, globex, "northwind.example")).rejects.toThrow(DOMAIN_TAKEN("northwind.example"));
    expect(ssoVerifyRecordValue("x")).toBe("sentinel-verify=x");
  });

  it("answers another company's id as not found", async () => {
    const globex = { clientId: GLOBEX, userId: DEMO_USERS.globex.id, name: "Globex owner" };
    const [acmeDomain] = (await loadSsoSettings(t.db, ACME)).domains;
    await expect(verifySsoDomain(t.db, globex, acmeDomain!.id)).rejects.toThrow("Domain not found.");
  });
});

describe("the identity provider", () => {
  it("is found by discovery, its secret sealed at rest and never shown", async () => {
    await saveOidcProvider(t.db, owner, { issuer: idp.issuer, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });
    const view = await loadSsoSettings(t.db, ACME);
    expect(view.provider).toEqual({
      protocol: "oidc",
      issuer: idp.issuer,
      clientId: CLIENT_ID,
      redirectUri: redirectUriOf(ACME),
      demo: null,
    });
    expect(JSON.stringify(view)).not.toContain(CLIENT_SECRET);
    // Read past the sealed column's type: what the database itself holds.
    const [row] = await t.db
      .select({ stored: sql<string>`oidc_config` })
      .from(ssoProvider)
      .where(eq(ssoProvider.clientId, ACME));
    expect(row!.stored).toMatch(/^v1\./);
    expect(row!.stored).not.toContain(CLIENT_SECRET);
  });

  it("refuses an issuer the discovery document does not name, and one on a private network", async () => {
    await expect(saveOidcProvider(t.db, owner, { issuer: `${idp.issuer}/other`, clientId: CLIENT_ID })).rejects.toThrow();
    await expect(saveOidcProvider(t.db, owner, { issuer: "https://10.1.2.3", clientId: CLIENT_ID })).rejects.toThrow(/public internet/);
  });

  it("cannot be switched on before the owner's test sign-in passes", async () => {
    await expect(setSsoPolicy(t.db, owner, { mode: "allowed", justInTime: true, sessionHours: 12 })).rejects.toThrow(
      "Run a test sign-in through your identity provider first.",
    );
  });

  it("passes the owner's test without signing anyone in, and then can be switched on", async () => {
    cookiesSet.length = 0;
    const started = await startSsoTest(t.db, owner, new Headers());
    const back = await signInAtIdp(started.url, "dana-1");
    const sessionsBefore = (await t.db.select({ n: sql<number>`count(*)::int` }).from(session))[0]!.n;
    const result = await callback(back, appCookies(started.flowCookie.value));
    expect(result.location.pathname).toBe("/client-portal");
    expect(result.location.searchParams.get("error")).toBe("sso_test_passed");
    expect((await t.db.select({ n: sql<number>`count(*)::int` }).from(session))[0]!.n).toBe(sessionsBefore);
    expect(await userByEmail("dana@northwind.example")).toBeUndefined();
    expect((await loadSsoSettings(t.db, ACME)).tested).toMatchObject({ as: "dana@northwind.example" });
    await setSsoPolicy(t.db, owner, { mode: "allowed", justInTime: true, sessionHours: 12 });
  });
});

describe("signing in through the provider", () => {
  it("makes a newcomer of the domain a member once, in a session bounded by the company's hours", async () => {
    const first = await ssoSignIn("dana@northwind.example", "dana-1");
    expect(first.location.pathname).toBe("/client-portal");
    expect(first.location.searchParams.get("error")).toBeNull();
    const dana = await userByEmail("dana@northwind.example");
    expect(dana).toMatchObject({ role: "client", emailVerified: true });
    const [person] = await t.db.select().from(clientPeople).where(eq(clientPeople.userId, dana!.id));
    expect(person).toMatchObject({ clientId: ACME, role: "member", status: "active" });
    const [made] = await t.db.select().from(session).where(eq(session.userId, dana!.id));
    expect(made!.signInMethod).toBe("sso");
    expect(made!.ssoAuthAt).toBeInstanceOf(Date);
    expect(made!.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 12 * 3_600_000);
    // A browser-session cookie: it ends with the browser, and the session is never renewed.
    const sessionCookie = first.setCookies.find((line) => line.includes("session_token="));
    expect(sessionCookie).toBeDefined();
    expect(sessionCookie).not.toMatch(/Max-Age|Expires/i);

    const again = await ssoSignIn("dana@northwind.example", "dana-1");
    expect(again.location.searchParams.get("error")).toBeNull();
    expect(await t.db.select().from(user).where(eq(user.email, "dana@northwind.example"))).toHaveLength(1);
    const links = await t.db
      .select()
      .from(account)
      .where(and(eq(account.userId, dana!.id), eq(account.providerId, providerIdOf(ACME))));
    expect(links).toHaveLength(1);
    expect(links[0]!.accountId).toBe("dana-1");
  });

  it("refuses a callback whose state was changed", async () => {
    const result = await ssoSignIn("dana@northwind.example", "dana-1", { state: "forged-state" });
    expect(result.location.searchParams.get("error")).toMatch(/state/);
    expect(result.setCookies.some((line) => line.includes("session_token=") && !line.includes("Max-Age=0"))).toBe(false);
  });

  it("refuses an ID token whose nonce is not this browser's", async () => {
    const other = issueSsoFlow(ACME, null);
    const result = await ssoSignIn("dana@northwind.example", "dana-1", { flowCookie: other.value });
    expect(result.location.pathname).toBe("/client-login");
    expect(result.location.searchParams.get("error")).toBe("sso_invalid_nonce");
  });

  it("refuses an authorization code that expired before it was used", async () => {
    idp.setCodeSeconds(1);
    try {
      cookiesSet.length = 0;
      const started = await startSsoSignIn(t.db, "dana@northwind.example", new Headers());
      const back = await signInAtIdp(started.url, "dana-1");
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const result = await callback(back, appCookies(started.flowCookie.value));
      expect(result.location.pathname).toBe("/client-login");
      expect(result.location.searchParams.get("error")).toBeTruthy();
      expect(result.setCookies.some((line) => line.includes("session_token=") && !line.includes("Max-Age=0"))).toBe(false);
    } finally {
      idp.setCodeSeconds(60);
    }
  });

  it("refuses a newcomer when the owners did not allow just-in-time members", async () => {
    await setSsoPolicy(t.db, owner, { mode: "allowed", justInTime: false, sessionHours: 12 });
    const result = await ssoSignIn("erin@northwind.example", "erin-1");
    expect(result.location.searchParams.get("error")).toBe("sso_not_invited");
    expect(await userByEmail("erin@northwind.example")).toBeUndefined();
    await setSsoPolicy(t.db, owner, { mode: "allowed", justInTime: true, sessionHours: 12 });
  });

  it("never links an address of another company's person", async () => {
    const { id } = await createCredentialUser(t.db, { email: "erin@northwind.example", name: "Erin at Globex", role: "client" });
    await t.db.insert(clientPeople).values({ userId: id, clientId: GLOBEX, role: "member", status: "active" });
    const result = await ssoSignIn("erin@northwind.example", "erin-1");
    expect(result.location.searchParams.get("error")).toBe("sso_not_of_company");
    expect(await t.db.select().from(account).where(eq(account.userId, id))).toHaveLength(1);
  });

  it("makes one member when a newcomer signs in twice at once", async () => {
    idp.addPerson({ sub: "finn-1", email: "finn@northwind.example", name: "Finn Park" });
    // Two browsers (two flows), coming back at the same moment.
    const first = await returningFromIdp("finn@northwind.example", "finn-1");
    const second = await returningFromIdp("finn@northwind.example", "finn-1");
    const results = await Promise.all([callback(first.back, first.cookie), callback(second.back, second.cookie)]);
    expect(results.some((r) => r.location.pathname === "/client-portal" && !r.location.searchParams.get("error"))).toBe(true);
    const made = await t.db.select().from(user).where(eq(user.email, "finn@northwind.example"));
    expect(made).toHaveLength(1);
    expect(await t.db.select().from(clientPeople).where(eq(clientPeople.userId, made[0]!.id))).toHaveLength(1);
  });
});

describe("the step-up of a person signed in through the provider", () => {
  /** Dana's browser after a sign-in through the provider: the session cookie and the session. */
  async function danaSignedIn() {
    const result = await ssoSignIn("dana@northwind.example", "dana-1");
    const line = result.setCookies.find((l) => l.includes("session_token="))!;
    const cookie = line.split(";")[0]!;
    const headers = authHeaders(cookie);
    const signedIn = (await getSession(headers))!;
    const dana = { clientId: ACME, userId: signedIn.userId, sessionId: signedIn.sessionId, email: signedIn.email, viaSso: signedIn.viaSso };
    return { headers, dana };
  }

  it("asks for a fresh sign-in at the provider, never a password, and the provider's answer makes the session fresh", async () => {
    const { headers, dana } = await danaSignedIn();
    expect(dana.viaSso).toBe(true);
    const asked = await confirmFreshSecondFactor(t.db, headers, { password: "anything-at-all" }).catch((e: unknown) => e);
    expect(asked).toMatchObject({ code: "forbidden", message: FRESH_IDP_PROMPT, fieldErrors: { identityProvider: FRESH_IDP_PROMPT } });

    cookiesSet.length = 0;
    const started = await startSsoStepUp(t.db, dana, "/client-portal?section=documents&error=sso_step_up_not_fresh", new Headers());
    const sent = new URL(started.url);
    expect(sent.searchParams.get("prompt")).toBe("login");
    expect(sent.searchParams.get("max_age")).toBe("0");
    expect(sent.searchParams.get("nonce")).toBeTruthy();
    const sessionsBefore = (await t.db.select({ n: sql<number>`count(*)::int` }).from(session))[0]!.n;
    const result = await callback(await signInAtIdp(started.url, "dana-1"), appCookies(started.flowCookie.value));
    expect(result.location.pathname).toBe("/client-portal");
    expect(Object.fromEntries(result.location.searchParams)).toMatchObject({
      section: "documents",
      sso: "step-up",
      error: "sso_step_up_passed",
    });
    // Nobody is signed in anew: the proof goes to the session that asked.
    expect((await t.db.select({ n: sql<number>`count(*)::int` }).from(session))[0]!.n).toBe(sessionsBefore);
    expect(await confirmFreshSecondFactor(t.db, headers, {})).toBe("identity_provider");
  });

  it("refuses a sign-in at the provider as someone else, and a session not made there", async () => {
    const { headers, dana } = await danaSignedIn();
    cookiesSet.length = 0;
    const started = await startSsoStepUp(t.db, dana, "https://elsewhere.example/steal", new Headers());
    const result = await callback(await signInAtIdp(started.url, "erin-1"), appCookies(started.flowCookie.value));
    expect(result.location.pathname).toBe("/client-portal");
    expect(result.location.searchParams.get("error")).toBe("sso_step_up_other_person");
    expect(result.location.searchParams.get("sso")).toBe("step-up");
    await expect(confirmFreshSecondFactor(t.db, headers, {})).rejects.toMatchObject({ code: "forbidden" });

    await expect(startSsoStepUp(t.db, { ...dana, viaSso: false }, "/client-portal", new Headers())).rejects.toMatchObject({
      code: "bad_request",
    });
  });
});

describe("single sign-on required", () => {
  it("refuses a member's password but keeps the owners' (break-glass)", async () => {
    const member = await createCredentialUser(t.db, {
      email: "gale@northwind.example",
      name: "Gale",
      role: "client",
      password: "member-password-1",
    });
    await t.db.insert(clientPeople).values({ userId: member.id, clientId: ACME, role: "member", status: "active" });
    const boss = await createCredentialUser(t.db, {
      email: "boss@northwind.example",
      name: "Boss",
      role: "client",
      password: "owner-password-1",
    });
    await t.db.insert(clientPeople).values({ userId: boss.id, clientId: ACME, role: "owner", status: "active" });
    expect((await signIn("gale@northwind.example", "member-password-1")).response.status).toBe(200);

    await setSsoPolicy(t.db, owner, { mode: "required", justInTime: true, sessionHours: 8 });
    const refused = await signIn("gale@northwind.example", "member-password-1");
    expect(refused.response.status).toBe(403);
    expect(await refused.response.json()).toMatchObject({ code: "SSO_REQUIRED" });
    // An address of the domain with no account is told the same: the answer says nothing about accounts.
    expect((await signIn("nobody@northwind.example", "whatever-1")).response.status).toBe(403);
    expect((await signIn("boss@northwind.example", "owner-password-1")).response.status).toBe(200);
    expect((await t.db.select().from(ssoSettings).where(eq(ssoSettings.clientId, ACME)))[0]!.mode).toBe("required");
  });

  it("is switched off by the firm in an emergency: audited, the owners mailed, passwords back", async () => {
    const admin = await adminActor();
    expect(await ssoStateForAdmin(t.db, { actor: admin, clientId: ACME })).toEqual({
      mode: "required",
      domains: ["northwind.example"],
      issuer: idp.issuer,
      demo: null,
    });
    expect(await switchSsoOffAsFirm(t.db, { actor: admin, clientId: ACME })).toEqual({ mode: "off" });
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "sso.switched_off"), eq(auditLog.entityId, ACME)));
    expect(audit).toBeDefined();
    const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.kind, "notify_sso_switched_off"));
    expect(mails.map((m) => m.subject)).toContain("Single sign-on was switched off by our team");
    expect((await signIn("gale@northwind.example", "member-password-1")).response.status).toBe(200);
  });
});
