// The demo's single sign-on (src/features/demo/server/demo-sso.ts): Acme's acme.example verified and
// the local test identity provider set up with the credentials its CLI serves, so a newcomer signs
// in through it as a member of Acme. The provider listens on another port than the demo's here.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { GET as authGet } from "@/app/api/auth/[...all]/route";
import { clientPeople } from "@/features/clients/server/schema";
import { user } from "@/features/identity/server/schema";
import { ssoProvider } from "@/features/sso/server/schema";
import { allowLoopbackForTests } from "@/server/core/outbound/guarded-fetch";
import { DEMO_CLIENTS } from "@/features/demo/server/demo-data";
import {
  DEMO_SSO_CLIENT_ID,
  DEMO_SSO_CLIENT_SECRET,
  DEMO_SSO_COMPANY_ID,
  DEMO_SSO_DOMAIN,
  DEMO_SSO_IDP_URL,
  DEMO_SSO_PEOPLE,
  demoOidcEndpoints,
} from "@/features/demo/server/demo-sso-constants";
import { getAuth, ssoRouteFor } from "@/features/identity/server";
import { startSsoSignIn } from "@/features/identity/server/sso/start";
import { SSO_FLOW_COOKIE } from "@/features/identity/server/sso/flow-cookie";
import { loadSsoSettings, redirectUriOf, type StoredOidcConfig } from "@/features/sso/server";
import { setupTestDatabase } from "@tests/integration/helpers/db";
import { signInAtIdp } from "@tests/integration/helpers/idp-browser";
import { cookiesSet } from "@tests/integration/helpers/next-headers-mock";
import { startTestOidcIdp, type TestOidcIdp } from "../../../../tools/test-idp/oidc";

vi.mock("next/headers", async () => (await import("@tests/integration/helpers/next-headers-mock")).nextHeadersMock);

const t = setupTestDatabase({ seedDemo: true });
const ACME = DEMO_CLIENTS.acme.id;

let idp: TestOidcIdp;
let disallow = () => {};
beforeAll(async () => {
  idp = await startTestOidcIdp({
    people: [...DEMO_SSO_PEOPLE],
    clients: [{ clientId: DEMO_SSO_CLIENT_ID, clientSecret: DEMO_SSO_CLIENT_SECRET, redirectUris: [redirectUriOf(ACME)] }],
  });
  disallow = allowLoopbackForTests(idp.hostPort);
  (await getAuth().$context).trustedOrigins.push(idp.issuer);
  // The seeded configuration, moved to this provider's port (the secret stays the seed's).
  const [row] = await t.db.select({ config: ssoProvider.oidcConfig }).from(ssoProvider).where(eq(ssoProvider.clientId, ACME));
  const moved: StoredOidcConfig = {
    ...(JSON.parse(row!.config!) as StoredOidcConfig),
    issuer: idp.issuer,
    ...demoOidcEndpoints(idp.issuer),
  };
  await t.db
    .update(ssoProvider)
    .set({ issuer: idp.issuer, oidcConfig: JSON.stringify(moved) })
    .where(eq(ssoProvider.clientId, ACME));
});
afterAll(async () => {
  disallow();
  await idp.close();
});

describe("the demo's single sign-on", () => {
  it("is Acme's: acme.example verified, the local provider tested, allowed with newcomers made members", async () => {
    const settings = await loadSsoSettings(t.db, ACME);
    expect(settings.domains).toEqual([expect.objectContaining({ domain: DEMO_SSO_DOMAIN, verifiedAt: expect.any(Date) })]);
    expect(settings).toMatchObject({ mode: "allowed", justInTime: true, tested: expect.objectContaining({ as: "dana@acme.example" }) });
    expect(DEMO_SSO_IDP_URL).toBe("http://127.0.0.1:4050");
    // The provider's CLI names Acme's redirect URI with this copy of the id.
    expect(DEMO_SSO_COMPANY_ID).toBe(ACME);
    expect(await ssoRouteFor(t.db, "dana@acme.example")).toEqual({ kind: "sso", required: false });
    expect(await ssoRouteFor(t.db, "client2@example.com")).toEqual({ kind: "password" });
  });

  it("signs dana@acme.example in through it as a new member of Acme", async () => {
    cookiesSet.length = 0;
    const started = await startSsoSignIn(t.db, "dana@acme.example", new Headers());
    const state = cookiesSet.filter((c) => c.name.includes("state")).map((c) => `${c.name}=${encodeURIComponent(c.value)}`);
    const back = await signInAtIdp(started.url, "dana-whitfield");
    const response = await authGet(
      new Request(back.toString(), {
        headers: { cookie: [...state, `${SSO_FLOW_COOKIE}=${encodeURIComponent(started.flowCookie.value)}`].join("; ") },
      }),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toMatch(/\/client-portal$/);
    const [dana] = await t.db.select().from(user).where(eq(user.email, "dana@acme.example"));
    expect(await t.db.select().from(clientPeople).where(eq(clientPeople.userId, dana!.id))).toEqual([
      expect.objectContaining({ clientId: ACME, role: "member", status: "active" }),
    ]);
  });
});
