import { and, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { todayIso } from "@/lib/format";
import { user } from "@/features/identity/server/schema";
import { clientSubscriptions } from "@/features/subscriptions/server/schema";
import { DEMO_CLIENTS, DEMO_INVOICES, DEMO_PASSWORDS, DEMO_TIERS } from "@/features/demo/server/demo-data";
import { getAuth, withAdmin, withClient } from "@/features/identity/server";
import { requireAdmin, requireClient } from "@/features/identity/server/sessions/session";
import { listPortalInvoices } from "@/features/invoices/server";
import { adminCookie, clientCookie } from "@tests/integration/helpers/admin-session";
import { APP_ORIGIN, authHeaders, signIn } from "@tests/integration/helpers/auth";
import { setupTestDatabase } from "@tests/integration/helpers/db";
import { requestHeaders } from "@tests/integration/helpers/next-headers-mock";

vi.mock("next/headers", async () => (await import("@tests/integration/helpers/next-headers-mock")).nextHeadersMock);
vi.mock("next/server", async (importOriginal) =>
  (await import("@tests/integration/helpers/next-headers-mock")).nextServerMock(importOriginal),
);

const t = setupTestDatabase({ seedDemo: true });

describe("sign-in core", () => {
  it("signs in with the demo password and sets an httpOnly session cookie", async () => {
    const { response, setCookies } = await signIn("client@example.com", DEMO_PASSWORDS.client);
    expect(response.status).toBe(200);
    const session = setCookies.find((c) => c.includes("session_token"));
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/Max-Age=\d+/i);
  });

  it("gives a browser-session cookie (no Max-Age/Expires) without remember me", async () => {
    const { setCookies } = await signIn("client@example.com", DEMO_PASSWORDS.client, { rememberMe: false });
    const session = setCookies.find((c) => c.startsWith("better-auth.session_token"));
    expect(session).toBeDefined();
    expect(session).not.toMatch(/Max-Age|Expires/i);
  });

  it("refuses a wrong password", async () => {
    const { response, cookie } = await signIn("client@example.com", "wrong-password");
    expect(response.status).toBe(401);
    expect(cookie).toBe("");
  });
});

describe("never lets a client choose its role", () => {
  const CLIENT_EMAIL = "client@example.com";
  const roleInDatabase = async () => (await t.db.select({ role: user.role }).from(user).where(eq(user.email, CLIENT_EMAIL)))[0]?.role;
  const withRole = <T extends object>(input: T) => ({ ...input, role: "admin" });

  // The Team's: `role` is a person's role in the company there, and "admin" is none of them.
  const TEAM_INPUTS: Record<string, () => object> = {
    invitePersonAction: () => ({ name: "Role Test", email: "role-test@acme.test", role: "member" }),
    resendInvitationAction: () => ({ userId: "no-such-person" }),
    revokeInvitationAction: () => ({ userId: "no-such-person" }),
    changePersonRoleAction: () => ({ userId: "no-such-person", role: "member" }),
    removePersonAction: () => ({ userId: "no-such-person" }),
    setBillingWithheldAction: () => ({ withheld: false }),
    setReportsWithheldAction: () => ({ withheld: false }),
    setFindingsWithheldAction: () => ({ withheld: false }),
  };
  // A valid input for every portal action, so each call reaches the data layer with the extra field.
  const VALID_INPUTS: Record<string, () => object | Promise<object>> = {
    saveAccountSettings: () => ({
      contactPerson: "Jane Doe",
      contactEmail: "jane@acme.test",
      company: "Acme Robotics",
      phone: "",
      address: "",
    }),
    requestServiceBooking: () => ({
      serviceType: "Other",
      preferredStartDate: todayIso(),
      estimatedScope: "",
      projectDescription: "Role test",
      urgency: "low",
    }),
    loadMoreInvoices: () => ({ offset: 0 }),
    ...TEAM_INPUTS,
    saveNotificationPreferencesAction: () => ({ enabled: ["documents"], delivery: "each" }),
    // Acme has the Professional plan: it asks for another, then withdraws that request.
    subscribeToPlan: () => ({ planId: DEMO_TIERS[2]!.id }),
    cancelSubscription: async () => {
      const [pending] = await t.db
        .select({ id: clientSubscriptions.id })
        .from(clientSubscriptions)
        .where(and(eq(clientSubscriptions.clientId, DEMO_CLIENTS.acme.id), eq(clientSubscriptions.status, "pending")));
      return { subscriptionId: pending!.id };
    },
    // Acme's plan is run by a Square subscription, which this test does not reach: the switch is
    // refused with a message (REFUSED_HERE), and what matters is that the role stays.
    switchPlan: () => ({ planId: DEMO_TIERS[0]!.id }),
  };
  const REFUSED_HERE = new Set(["switchPlan"]);

  it("through better-auth's update-user endpoint", async () => {
    const { POST } = await import("@/app/api/auth/[...all]/route");
    const cookie = await clientCookie(CLIENT_EMAIL);
    const response = await POST(
      new Request(`${APP_ORIGIN}/api/auth/update-user`, {
        method: "POST",
        headers: authHeaders(cookie, { "content-type": "application/json" }),
        body: JSON.stringify({ name: "Still a client", role: "admin" }),
      }),
    );
    // The route does not serve update-user at all (src/features/identity/server/http-endpoints.ts).
    expect(response.status).toBe(404);
    // And were it called, better-auth refuses the field outright (role is declared with input: false).
    await expect(
      getAuth().api.updateUser({ body: { name: "Still a client", role: "admin" } as never, headers: authHeaders(cookie) }),
    ).rejects.toMatchObject({
      body: { code: "FIELD_NOT_ALLOWED" },
    });
    expect(await roleInDatabase()).toBe("client");
    await expect(requireClient(authHeaders(cookie))).resolves.toMatchObject({ clientId: DEMO_CLIENTS.acme.id });
  });

  it("through every portal action and the sign-in action", async () => {
    // The portal's actions, each in its feature.
    const portal = {
      ...(await import("@/features/clients/actions/portal")),
      ...(await import("@/features/bookings/actions/portal")),
      ...(await import("@/features/invoices/actions/portal")),
      ...(await import("@/features/notifications/actions/portal")),
      ...(await import("@/features/subscriptions/actions/portal")),
    };
    const { signInClientAction } = await import("@/features/identity/actions/sign-in");
    // A new portal action must get a valid input here, or this test fails and says which.
    expect(Object.keys(portal).sort()).toEqual(Object.keys(VALID_INPUTS).sort());
    requestHeaders.current = authHeaders(await clientCookie(CLIENT_EMAIL));
    for (const [name, input] of Object.entries(VALID_INPUTS)) {
      const action = portal[name as keyof typeof portal] as (input: unknown) => Promise<{ success: boolean }>;
      const result = await action(withRole(await input()));
      // The Team's actions name a person (none here) or take a person's role, which "admin" is not:
      // refused, and what matters is that the user's own role stays.
      if (REFUSED_HERE.has(name)) expect(result, name).toMatchObject({ success: false });
      else if (!(name in TEAM_INPUTS)) expect(result, name).toMatchObject({ success: true });
      expect(await roleInDatabase(), name).toBe("client");
    }
    requestHeaders.current = authHeaders("");
    const signedIn = await signInClientAction(
      withRole({ email: CLIENT_EMAIL, password: DEMO_PASSWORDS.client, rememberMe: false }) as never,
    );
    expect(signedIn).toMatchObject({ success: true });
    expect(await roleInDatabase()).toBe("client");
  });
});

describe("guards", () => {
  it("refuse anonymous users", async () => {
    await expect(requireAdmin(new Headers())).rejects.toMatchObject({ code: "unauthorized" });
    await expect(requireClient(new Headers())).rejects.toMatchObject({ code: "unauthorized" });
  });

  it("refuse a client on admin guards and an admin on client guards", async () => {
    const client = await clientCookie();
    const admin = await adminCookie();
    await expect(requireAdmin(authHeaders(client))).rejects.toMatchObject({ code: "forbidden" });
    await expect(requireClient(authHeaders(admin))).rejects.toMatchObject({ code: "forbidden" });
    await expect(requireAdmin(authHeaders(admin))).resolves.toMatchObject({ role: "admin", email: "admin@example.com" });
    await expect(requireClient(authHeaders(client))).resolves.toMatchObject({ clientId: DEMO_CLIENTS.acme.id, company: "Acme Robotics" });
  });

  it("map to 401 and 403 in route handlers", async () => {
    const adminRoute = withAdmin(async () => Response.json({ success: true }));
    const clientRoute = withClient(async (_req, { actor }) => Response.json({ clientId: actor.clientId }));
    const anon = new Request("http://localhost:3000/x");
    expect((await adminRoute(anon)).status).toBe(401);
    expect((await clientRoute(anon)).status).toBe(401);
    const asClient = new Request("http://localhost:3000/x", { headers: authHeaders(await clientCookie()) });
    expect((await adminRoute(asClient)).status).toBe(403);
    const asAdmin = new Request("http://localhost:3000/x", { headers: authHeaders(await adminCookie()) });
    expect((await clientRoute(asAdmin)).status).toBe(403);
    expect((await adminRoute(asAdmin)).status).toBe(200);
  });

  it("ends the session on sign-out", async () => {
    const cookie = await clientCookie();
    const { getAuth } = await import("@/features/identity/server/auth");
    const out = await getAuth().handler(
      new Request("http://localhost:3000/api/auth/sign-out", { method: "POST", headers: authHeaders(cookie) }),
    );
    expect(out.status).toBe(200);
    await expect(requireClient(authHeaders(cookie))).rejects.toMatchObject({ code: "unauthorized" });
  });
});

describe("client scoping", () => {
  it("returns only the session client's invoices, for each of two clients", async () => {
    for (const [email, clientId] of [
      ["client@example.com", DEMO_CLIENTS.acme.id],
      ["client2@example.com", DEMO_CLIENTS.globex.id],
    ] as const) {
      const actor = await requireClient(authHeaders(await clientCookie(email)));
      const rows = await listPortalInvoices(t.db, { actor });
      const expected = DEMO_INVOICES.filter((i) => i.clientId === clientId)
        .map((i) => i.id)
        .sort();
      expect(rows.map((r) => r.id).sort()).toEqual(expected);
      // Newest due date first.
      const dues = rows.map((r) => r.dueDate ?? "");
      expect([...dues].sort().reverse()).toEqual(dues);
    }
  });

  it("refuses an admin actor in a client data function", async () => {
    const admin = await requireAdmin(authHeaders(await adminCookie()));
    // @ts-expect-error: the type system already refuses it; the runtime check is the second lock.
    await expect(listPortalInvoices(t.db, { actor: admin })).rejects.toMatchObject({ code: "forbidden" });
  });
});

describe("/api/auth route", () => {
  it("keeps the session token out of the JSON body (cookie only)", async () => {
    const { POST } = await import("@/app/api/auth/[...all]/route");
    const response = await POST(
      new Request("http://localhost:3000/api/auth/sign-in/email", {
        method: "POST",
        headers: { "content-type": "application/json", origin: "http://localhost:3000", "x-forwarded-for": "10.9.9.9" },
        body: JSON.stringify({ email: "client@example.com", password: DEMO_PASSWORDS.client }),
      }),
    );
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).not.toHaveProperty("token");
    expect(body).toHaveProperty("user");
    expect(response.headers.getSetCookie().some((c) => c.includes("session_token"))).toBe(true);
  });
});
