// Where a company's single sign-on stops (docs/PRODUCT.md#single-sign-on): "required" binds the
// company's own people only (another company's owner and the firm's admin on the same domain keep
// their password); the plugin's own requests to the provider go through the guarded fetch, so a
// rebinding DNS answer cannot make it call inside our network; the address a provider asserts is
// trimmed before it is matched; a sign-in through the provider is recorded as the last sign-in,
// with its way, and a newcomer shows on Team as having joined through it.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { GET as authGet } from "@/app/api/auth/[...all]/route";
import { clientPeople } from "@/features/clients/server/schema";
import { account, session, user } from "@/features/identity/server/schema";
import { ssoDomains, ssoProvider, ssoSettings } from "@/features/sso/server/schema";
import { allowLoopbackForTests } from "@/server/core/outbound/guarded-fetch";
import { DEMO_CLIENTS, DEMO_PASSWORDS, DEMO_USERS } from "@/features/demo/server/demo-data";
import { createCredentialUser, getAuth } from "@/features/identity/server";
import { startSsoSignIn } from "@/features/identity/server/sso/start";
import { SSO_FLOW_COOKIE } from "@/features/identity/server/sso/flow-cookie";
import { listTeam } from "@/features/clients/server";
import { providerIdOf, redirectUriOf, saveOidcProvider, type StoredOidcConfig } from "@/features/sso/server";
import { APP_ORIGIN, signIn } from "@tests/integration/helpers/auth";
import { setupTestDatabase } from "@tests/integration/helpers/db";
import { signInAtIdp } from "@tests/integration/helpers/idp-browser";
import { cookiesSet } from "@tests/integration/helpers/next-headers-mock";
import { rebindingResolver } from "@tests/integration/helpers/rebinding-dns";
import { createFreshCompany } from "@tests/integration/helpers/tenants";
import { startTestOidcIdp, type TestOidcIdp } from "../../../../tools/test-idp/oidc";

vi.mock("next/headers", async () => (await import("@tests/integration/helpers/next-headers-mock")).nextHeadersMock);

const t = setupTestDatabase({ seedDemo: true });

const DOMAIN = "harbor.example";
const CLIENT_ID = "sentinel-portal";
const CLIENT_SECRET = "idp-client-secret-harbor-0123";
const owner = { clientId: "", userId: "", name: "Harbor owner" };
let idp: TestOidcIdp;
let disallow = () => {};

beforeAll(async () => {
  const company = await createFreshCompany(t.db);
  owner.clientId = company.clientId;
  owner.userId = company.ownerUserId;
  idp = await startTestOidcIdp({
    people: [
      // Asserted with a leading space and a capital, as a careless provider may.
      { sub: "lee-1", email: " Lee@harbor.example", name: "Lee Marsh" },
      { sub: "kai-1", email: "  kai@harbor.example", name: "Kai Dorn" },
    ],
    clients: [{ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, redirectUris: [redirectUriOf(owner.clientId)] }],
  });
  disallow = allowLoopbackForTests(idp.hostPort);
  (await getAuth().$context).trustedOrigins.push(idp.issuer);
  await t.db
    .insert(ssoDomains)
    .values({ clientId: owner.clientId, domain: DOMAIN, token: "t", verifiedAt: new Date(), createdByName: "Test" });
  await saveOidcProvider(t.db, owner, { issuer: idp.issuer, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });
  const policy = { mode: "allowed" as const, justInTime: true, testedAt: new Date(), testedByName: "Test", testedAs: `lee@${DOMAIN}` };
  await t.db
    .insert(ssoSettings)
    .values({ clientId: owner.clientId, ...policy })
    .onConflictDoUpdate({ target: ssoSettings.clientId, set: policy });
});
afterAll(async () => {
  disallow();
  await idp.close();
});
beforeEach(() => {
  cookiesSet.length = 0;
});

/** A whole sign-in through the provider: started on the login page for `email`, signed in there as `sub`. */
async function ssoSignIn(email: string, sub: string) {
  cookiesSet.length = 0;
  const started = await startSsoSignIn(t.db, email, new Headers({ "x-forwarded-for": "10.9.1.2" }));
  const state = cookiesSet.filter((c) => c.name.includes("state")).map((c) => `${c.name}=${encodeURIComponent(c.value)}`);
  const cookie = [...state, `${SSO_FLOW_COOKIE}=${encodeURIComponent(started.flowCookie.value)}`].join("; ");
  const back = await signInAtIdp(started.url, sub);
  return async () => {
    const response = await authGet(new Request(back.toString(), { headers: { cookie, "x-forwarded-for": "10.9.1.3" } }));
    return new URL(response.headers.get("location") ?? "/", APP_ORIGIN);
  };
}

const usersNamed = (email: string) => t.db.select().from(user).where(eq(user.email, email));

describe("the address a provider asserts", () => {
  it("is trimmed before it is matched: an invited person is linked, not made twice; a newcomer is stored trimmed", async () => {
    const lee = await createCredentialUser(t.db, { email: `lee@${DOMAIN}`, name: "Lee", role: "client" });
    await t.db.insert(clientPeople).values({ userId: lee.id, clientId: owner.clientId, role: "member", status: "invited" });

    const landed = await (await ssoSignIn(`lee@${DOMAIN}`, "lee-1"))();
    expect(landed.searchParams.get("error")).toBeNull();
    expect(landed.pathname).toBe("/client-portal");
    expect(await t.db.select({ id: user.id }).from(user).where(eq(user.name, "Lee Marsh"))).toHaveLength(0);
    const links = await t.db
      .select({ userId: account.userId })
      .from(account)
      .where(and(eq(account.providerId, providerIdOf(owner.clientId)), eq(account.accountId, "lee-1")));
    expect(links).toEqual([{ userId: lee.id }]);
    expect((await t.db.select().from(clientPeople).where(eq(clientPeople.userId, lee.id)))[0]).toMatchObject({
      status: "active",
      joinedThroughSso: false,
    });

    expect((await (await ssoSignIn(`kai@${DOMAIN}`, "kai-1"))()).searchParams.get("error")).toBeNull();
    expect(await usersNamed(`kai@${DOMAIN}`)).toHaveLength(1);
    expect(await usersNamed(`  kai@${DOMAIN}`)).toHaveLength(0);
  });
});

describe("a sign-in through the provider", () => {
  it("is the person's last sign-in, with its way, and Team shows who joined through it", async () => {
    const before = Date.now();
    expect((await (await ssoSignIn(`kai@${DOMAIN}`, "kai-1"))()).searchParams.get("error")).toBeNull();
    const [kai] = await usersNamed(`kai@${DOMAIN}`);
    expect(kai!.lastSignInMethod).toBe("sso");
    expect(kai!.lastSignInAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);

    const actor = {
      role: "client" as const,
      userId: owner.userId,
      email: "owner@harbor.example",
      name: owner.name,
      clientId: owner.clientId,
      company: "Harbor",
      personRole: "owner" as const,
      billingWithheld: false,
      reportsWithheld: false,
      findingsWithheld: false,
    };
    const team = await listTeam(t.db, { actor });
    expect(team.find((p) => p.email === `kai@${DOMAIN}`)).toMatchObject({
      status: "active",
      role: "member",
      lastSignInMethod: "sso",
      joinedThroughSso: true,
    });
    expect(team.find((p) => p.email === `lee@${DOMAIN}`)).toMatchObject({ lastSignInMethod: "sso", joinedThroughSso: false });
    expect(team.find((p) => p.userId === owner.userId)).toMatchObject({ lastSignInAt: null, lastSignInMethod: null });
  });
});

describe("the provider's own requests", () => {
  it("refuse a token endpoint whose name answers a public address to the check and loopback to the connection", async () => {
    // A service inside our network, on loopback, that must never be reached from here.
    const hits: string[] = [];
    const internal = http.createServer((req, res) => {
      hits.push(`${req.method} ${req.url}`);
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ access_token: "x", token_type: "Bearer", id_token: "x.y.z" }));
    });
    await new Promise<void>((resolve) => internal.listen(0, "127.0.0.1", resolve));
    const port = (internal.address() as AddressInfo).port;
    const [row] = await t.db.select({ config: ssoProvider.oidcConfig }).from(ssoProvider).where(eq(ssoProvider.clientId, owner.clientId));
    const stored = JSON.parse(row!.config!) as StoredOidcConfig;
    const rebinding: StoredOidcConfig = { ...stored, tokenEndpoint: `http://idp.rebinding.example:${port}/token` };
    await t.db
      .update(ssoProvider)
      .set({ oidcConfig: JSON.stringify(rebinding) })
      .where(eq(ssoProvider.clientId, owner.clientId));
    const sessionsOfKai = async () =>
      (
        await t.db
          .select({ id: session.id })
          .from(session)
          .innerJoin(user, eq(user.id, session.userId))
          .where(eq(user.email, `kai@${DOMAIN}`))
      ).length;
    const sessionsBefore = await sessionsOfKai();

    const callback = await ssoSignIn(`kai@${DOMAIN}`, "kai-1");
    const dns = rebindingResolver("idp.rebinding.example", { toChecks: "93.184.216.34", toConnections: "127.0.0.1" });
    let landed: URL;
    try {
      landed = await callback();
    } finally {
      dns.restore();
      await new Promise<void>((resolve) => internal.close(() => resolve()));
      await t.db
        .update(ssoProvider)
        .set({ oidcConfig: JSON.stringify(stored) })
        .where(eq(ssoProvider.clientId, owner.clientId));
    }
    // The plugin's checks saw the public address; the connection asked again, got loopback and was refused.
    expect(dns.answers).toContain("93.184.216.34");
    expect(dns.answers.at(-1)).toBe("127.0.0.1");
    expect(hits).toEqual([]);
    expect(landed.pathname).toBe("/client-login");
    expect(landed.searchParams.get("error")).toBeTruthy();
    expect(await sessionsOfKai()).toBe(sessionsBefore);
  });
});

describe("single sign-on required on a domain several companies' people use", () => {
  it("refuses the password of the company's own members only: another company's owner and the firm's admin keep theirs", async () => {
    const ACME = DEMO_CLIENTS.acme.id;
    await t.db
      .insert(ssoDomains)
      .values({ clientId: ACME, domain: "example.com", token: "t2", verifiedAt: new Date(), createdByName: "Test" });
    await t.db.update(ssoSettings).set({ mode: "required" }).where(eq(ssoSettings.clientId, ACME));

    // Acme's member: refused, and told to use the provider.
    const member = await signIn(DEMO_USERS.acmeMember.email, DEMO_PASSWORDS.client);
    expect(member.response.status).toBe(403);
    expect(await member.response.json()).toMatchObject({ code: "SSO_REQUIRED" });
    // An address of the domain with no account is told the same (nothing said about accounts).
    expect((await signIn("nobody@example.com", "whatever-123")).response.status).toBe(403);

    // Globex's owner, on the same domain, and the firm's admin: their password as before.
    const globex = await signIn(DEMO_USERS.globex.email, DEMO_PASSWORDS.client);
    expect(globex.response.status).toBe(200);
    expect(globex.setCookies.some((line) => line.includes("session_token="))).toBe(true);
    const admin = await signIn(DEMO_USERS.admin.email, DEMO_PASSWORDS.admin);
    expect(admin.response.status).toBe(200);
    // Acme's own owner keeps the way back in.
    expect((await signIn(DEMO_USERS.acme.email, DEMO_PASSWORDS.client)).response.status).toBe(200);
    // Their wrong password is the usual refusal, not the provider's.
    expect((await signIn(DEMO_USERS.globex.email, "not-the-password")).response.status).toBe(401);

    const [globexUser] = await usersNamed(DEMO_USERS.globex.email);
    expect(globexUser!.lastSignInMethod).toBe("password");
  });
});
