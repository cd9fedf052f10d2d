// Sign-in for both areas through the server-side flow the login forms' actions call, the
// brute-force limits (per IP and per account, in the database), sign-out, and the admin guard on
// route handlers.
import { eq, sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { AUTH_MESSAGES } from "@/features/identity/validation/sign-in";
import { clients } from "@/features/clients/server/schema";
import { session, user } from "@/features/identity/server/schema";
import { DEMO_CLIENTS, DEMO_PASSWORDS, DEMO_USERS } from "@/features/demo/server/demo-data";
import { createCredentialUser, getAuth, withAdmin } from "@/features/identity/server";
import { AUTH_LIMITS } from "@/features/identity/server/sign-in/brute-force";
import { requireClient } from "@/features/identity/server/sessions/session";
import { signInToArea } from "@tests/integration/helpers/auth-actions";
import { APP_ORIGIN, authHeaders, nextTestIp, sessionCookie, signIn, signedSessionToken } from "@tests/integration/helpers/auth";
import { setupTestDatabase } from "@tests/integration/helpers/db";

vi.mock("next/headers", async () => (await import("@tests/integration/helpers/next-headers-mock")).nextHeadersMock);
vi.mock("next/server", async (importOriginal) =>
  (await import("@tests/integration/helpers/next-headers-mock")).nextServerMock(importOriginal),
);

const t = setupTestDatabase({ seedDemo: true });

const CLIENT = { email: DEMO_USERS.acme.email, password: DEMO_PASSWORDS.client };
const ADMIN = { email: DEMO_USERS.admin.email, password: DEMO_PASSWORDS.admin };

/** Headers of a browser request from its own address (so tests don't share IP limits). */
const fromIp = (ip = nextTestIp()) => new Headers({ "x-forwarded-for": ip, "user-agent": "vitest" });

async function sessionCount(userId: string): Promise<number> {
  const [row] = await t.db
    .select({ n: sql<number>`count(*)::int` })
    .from(session)
    .where(eq(session.userId, userId));
  return row!.n;
}

describe("client login", () => {
  it("signs a client in and creates a session", async () => {
    const before = await sessionCount(DEMO_USERS.acme.id);
    const result = await signInToArea("client", { ...CLIENT, rememberMe: true }, fromIp());
    expect(result).toEqual({ success: true, data: { redirectTo: "/client-portal" } });
    expect(await sessionCount(DEMO_USERS.acme.id)).toBe(before + 1);
  });

  it("accepts the email in any case and with spaces around it", async () => {
    const result = await signInToArea("client", { email: "  Client@Example.COM ", password: CLIENT.password, rememberMe: false }, fromIp());
    expect(result.success).toBe(true);
  });

  it("refuses rejected credentials with the product's message", async () => {
    expect(await signInToArea("client", { ...CLIENT, password: "wrong-password", rememberMe: false }, fromIp())).toMatchObject({
      success: false,
      error: "Invalid email or password",
    });
    expect(await signInToArea("client", { email: "nobody@example.com", password: "whatever", rememberMe: false }, fromIp())).toMatchObject({
      success: false,
      error: "Invalid email or password",
    });
  });

  it("validates like the form and never reaches better-auth with bad input", async () => {
    const result = await signInToArea("client", { email: "not-an-email", password: "12345", rememberMe: false }, fromIp());
    expect(result).toMatchObject({
      success: false,
      fieldErrors: { email: "Invalid email address", password: "Password must be at least 6 characters" },
    });
    const nul = await signInToArea("client", { email: "a\u0000@example.com", password: "x".repeat(200), rememberMe: false }, fromIp());
    expect(nul.success).toBe(false);
    expect(await signInToArea("client", null, fromIp())).toMatchObject({ success: false });
  });

  it("signs an admin out at once with 'Access denied. Please use the admin portal.'", async () => {
    const before = await sessionCount(DEMO_USERS.admin.id);
    const result = await signInToArea("client", { ...ADMIN, rememberMe: true }, fromIp());
    expect(result).toMatchObject({ success: false, error: "Access denied. Please use the admin portal." });
    expect(await sessionCount(DEMO_USERS.admin.id)).toBe(before);
  });

  it("refuses a client user without an active client account, leaving no session", async () => {
    const email = "orphan-client@example.com";
    const { id } = await createCredentialUser(t.db, { email, name: "Orphan", role: "client", password: "orphan-password" });
    expect(await signInToArea("client", { email, password: "orphan-password", rememberMe: false }, fromIp())).toMatchObject({
      success: false,
      error: "Client account not found",
    });
    await t.db.update(clients).set({ status: "inactive" }).where(eq(clients.id, DEMO_CLIENTS.globex.id));
    try {
      const result = await signInToArea(
        "client",
        { email: DEMO_USERS.globex.email, password: DEMO_PASSWORDS.client, rememberMe: false },
        fromIp(),
      );
      expect(result).toMatchObject({ success: false, error: "This client account is inactive. Please contact us to reactivate it." });
    } finally {
      await t.db.update(clients).set({ status: "active" }).where(eq(clients.id, DEMO_CLIENTS.globex.id));
    }
    expect(await sessionCount(id)).toBe(0);
    expect(await sessionCount(DEMO_USERS.globex.id)).toBe(0);
  });
});

describe("admin login", () => {
  it("signs an admin in towards the dashboard", async () => {
    const before = await sessionCount(DEMO_USERS.admin.id);
    expect(await signInToArea("admin", ADMIN, fromIp())).toEqual({ success: true, data: { redirectTo: "/admin/dashboard" } });
    expect(await sessionCount(DEMO_USERS.admin.id)).toBe(before + 1);
  });

  it("signs a client out at once with 'Access denied. Admins only.'", async () => {
    const before = await sessionCount(DEMO_USERS.acme.id);
    expect(await signInToArea("admin", CLIENT, fromIp())).toMatchObject({ success: false, error: "Access denied. Admins only." });
    expect(await sessionCount(DEMO_USERS.acme.id)).toBe(before);
  });

  it("answers 'Invalid admin credentials' for an unknown user or a wrong password", async () => {
    expect(await signInToArea("admin", { email: "ghost@example.com", password: "whatever" }, fromIp())).toMatchObject({
      success: false,
      error: "Invalid admin credentials",
    });
    expect(await signInToArea("admin", { ...ADMIN, password: "not-the-password" }, fromIp())).toMatchObject({
      success: false,
      error: "Invalid admin credentials",
    });
  });

  it("logs every attempt without the password", async () => {
    const lines: string[] = [];
    const original = console.info;
    console.info = (...args: unknown[]) => void lines.push(args.join(" "));
    try {
      await signInToArea("admin", { ...ADMIN, password: "logged-attempt-secret" }, fromIp("10.77.0.1"));
    } finally {
      console.info = original;
    }
    const line = lines.find((l) => l.includes("admin sign-in"));
    expect(line).toContain("admin@example.com");
    expect(line).toContain("10.77.0.1");
    expect(line).toContain("Invalid admin credentials");
    expect(line).not.toContain("logged-attempt-secret");
  });
});

describe("brute-force limits", () => {
  it("limit sign-in attempts per IP address", async () => {
    const ip = nextTestIp();
    const results = [];
    // Different (unknown) accounts, so only the address is common to the attempts.
    for (let i = 0; i <= AUTH_LIMITS.signInPerIp.max; i++) {
      results.push(
        await signInToArea("client", { email: `ip-probe-${i}@example.com`, password: "guessing", rememberMe: false }, fromIp(ip)),
      );
    }
    expect(results.slice(0, -1).every((r) => !r.success && r.error === "Invalid email or password")).toBe(true);
    expect(results.at(-1)).toMatchObject({ success: false, error: AUTH_MESSAGES.signInRateLimited });
    // Another address is not affected.
    expect((await signInToArea("client", { ...CLIENT, rememberMe: false }, fromIp())).success).toBe(true);
  });

  it("limit failed sign-ins per account across addresses, also on the HTTP endpoint (429)", async () => {
    const email = "limited-client@example.com";
    await createCredentialUser(t.db, { email, name: "Limited", role: "admin", password: "right-password" });
    for (let i = 0; i < AUTH_LIMITS.signInPerAccount.max; i++) {
      const result = await signInToArea("admin", { email, password: `wrong-${i}` }, fromIp());
      expect(result).toMatchObject({ success: false, error: "Invalid admin credentials" });
    }
    // Even the right password from a fresh address is refused now.
    expect(await signInToArea("admin", { email, password: "right-password" }, fromIp())).toMatchObject({
      success: false,
      error: AUTH_MESSAGES.signInRateLimited,
    });
    const http = await signIn(email.toUpperCase(), "right-password");
    expect(http.response.status).toBe(429);
    expect(http.cookie).toBe("");
  });

  it("count per account through the HTTP endpoint too, and a success clears the count", async () => {
    const email = "often-client@example.com";
    await createCredentialUser(t.db, { email, name: "Often", role: "admin", password: "right-password" });
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < AUTH_LIMITS.signInPerAccount.max - 1; i++) {
        expect((await signIn(email, "wrong-password")).response.status).toBe(401);
      }
      // The owner signing in resets the counter, so a busy account is never locked out by itself.
      expect((await signIn(email, "right-password")).response.status).toBe(200);
    }
  });

  it("keep their counters in the database (shared by every app instance)", async () => {
    const [row] = await t.db
      .execute<{ n: number }>(sql`select count(*)::int as n from rate_limit where key like 'auth:sign-in:%'`)
      .then((r) => (r as unknown as { rows: { n: number }[] }).rows);
    expect(row!.n).toBeGreaterThan(0);
    // Account keys are hashed: typed addresses are not collected in the table.
    const [emails] = await t.db
      .execute<{ n: number }>(sql`select count(*)::int as n from rate_limit where key like '%@%'`)
      .then((r) => (r as unknown as { rows: { n: number }[] }).rows);
    expect(emails!.n).toBe(0);
  });
});

describe("sign-out", () => {
  it("ends the session on the server, as the Logout button calls it", async () => {
    const { cookie } = await signIn(CLIENT.email, CLIENT.password);
    await expect(requireClient(authHeaders(cookie))).resolves.toMatchObject({ email: CLIENT.email });
    const { POST } = await import("@/app/api/auth/[...all]/route");
    const response = await POST(
      new Request(`${APP_ORIGIN}/api/auth/sign-out`, {
        method: "POST",
        headers: authHeaders(cookie, { "content-type": "application/json" }),
        body: "{}",
      }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie().some((c) => c.startsWith("better-auth.session_token=;") && /Max-Age=0/i.test(c))).toBe(true);
    await expect(requireClient(authHeaders(cookie))).rejects.toMatchObject({ code: "unauthorized" });
  });
});

// Every admin route handler in the app (the admin issue adds them under src/app/api/admin), plus
// a withAdmin control so the check holds even before any exists.
const adminRouteModules = import.meta.glob<Record<string, unknown>>("/src/app/api/admin/**/route.ts");
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

describe("admin route handlers", () => {
  it("answer 403 to a client session and 401 without one", async () => {
    const handlers: { name: string; handler: (request: Request, context: unknown) => Promise<Response> }[] = [
      { name: "withAdmin control", handler: withAdmin(async () => Response.json({ secret: true })) as never },
    ];
    for (const [path, load] of Object.entries(adminRouteModules)) {
      const mod = await load();
      for (const method of METHODS) {
        if (typeof mod[method] === "function") handlers.push({ name: `${method} ${path}`, handler: mod[method] as never });
      }
    }
    const { cookie } = await signIn(CLIENT.email, CLIENT.password);
    const zeroId = "00000000-0000-4000-8000-000000000000";
    const context = () => ({ params: Promise.resolve({ id: zeroId, clientId: zeroId, projectId: zeroId }) });
    for (const { name, handler } of handlers) {
      const method = name.split(" ")[0] === "withAdmin" ? "POST" : name.split(" ")[0]!;
      const body = method === "GET" || method === "DELETE" ? undefined : "{}";
      const asClient = await handler(
        new Request(`${APP_ORIGIN}/api/admin/x`, { method, headers: authHeaders(cookie, { "content-type": "application/json" }), body }),
        context(),
      );
      expect(asClient.status, name).toBe(403);
      const anonymous = await handler(
        new Request(`${APP_ORIGIN}/api/admin/x`, { method, headers: { "content-type": "application/json", origin: APP_ORIGIN }, body }),
        context(),
      );
      expect(anonymous.status, name).toBe(401);
    }
  });
});

describe("HTTP sign-in endpoint", () => {
  it("is limited per IP address by better-auth (429 after 10 a minute)", async () => {
    const ip = nextTestIp();
    const statuses = [];
    for (let i = 0; i <= 10; i++) statuses.push((await signIn(`http-ip-probe-${i}@example.com`, "guessing", { ip })).response.status);
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe("sessions the other tests make without signing in (helpers/auth.ts sessionCookie)", () => {
  it("carry the cookie better-auth itself sets for a signed-in session", async () => {
    const { cookie } = await signIn(CLIENT.email, CLIENT.password);
    const set = /better-auth\.session_token=([^;]+)/.exec(cookie)?.[1];
    const token = decodeURIComponent(set ?? "").split(".")[0]!;
    expect(token).not.toBe("");
    expect(await signedSessionToken(token)).toBe(set);
  });

  it("count as signed in only with the second factor they are given, for a user with two-factor on", async () => {
    await t.db.update(user).set({ twoFactorEnabled: true }).where(eq(user.id, DEMO_USERS.globex.id));
    try {
      await expect(requireClient(authHeaders(await sessionCookie(DEMO_USERS.globex.email)))).rejects.toThrow("Please sign in.");
      const actor = await requireClient(authHeaders(await sessionCookie(DEMO_USERS.globex.email, { secondFactor: "totp" })));
      expect(actor.clientId).toBe(DEMO_CLIENTS.globex.id);
    } finally {
      await t.db.update(user).set({ twoFactorEnabled: false }).where(eq(user.id, DEMO_USERS.globex.id));
    }
  });
});

describe("the HTTP sign-in endpoint follows the login forms' policy", () => {
  const expiresInDays = async (cookie: string) => {
    const token = decodeURIComponent(cookie.split("session_token=")[1]!.split(";")[0]!).split(".")[0]!;
    const [row] = await t.db.select({ expiresAt: session.expiresAt }).from(session).where(eq(session.token, token));
    return (row!.expiresAt.getTime() - Date.now()) / (24 * 60 * 60 * 1000);
  };
  const sessionSetCookie = (setCookies: string[]) => setCookies.find((c) => c.includes("session_token="))!;

  it("gives an admin a browser-session cookie and a one-day session, even when asked to remember", async () => {
    const email = "http-admin@example.com";
    await createCredentialUser(t.db, { email, name: "HTTP Admin", role: "admin", password: "right-password" });
    const http = await signIn(email, "right-password", { rememberMe: true });
    expect(http.response.status).toBe(200);
    const cookie = sessionSetCookie(http.setCookies);
    expect(cookie).not.toMatch(/max-age|expires/i);
    expect(await expiresInDays(cookie)).toBeLessThanOrEqual(1);
  });

  it("gives a client a persistent cookie only when asked, as Remember me does", async () => {
    const asked = await signIn(CLIENT.email, CLIENT.password, { rememberMe: true });
    expect(sessionSetCookie(asked.setCookies)).toMatch(/max-age=604800/i);
    const notAsked = await getAuth().handler(
      new Request(`${APP_ORIGIN}/api/auth/sign-in/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: APP_ORIGIN, "x-forwarded-for": nextTestIp() },
        body: JSON.stringify({ email: CLIENT.email, password: CLIENT.password }),
      }),
    );
    expect(notAsked.status).toBe(200);
    expect(sessionSetCookie(notAsked.headers.getSetCookie())).not.toMatch(/max-age|expires/i);
  });

  it("writes an admin account's attempts to the admin sign-in log, never the password", async () => {
    const email = "http-logged-admin@example.com";
    await createCredentialUser(t.db, { email, name: "Logged Admin", role: "admin", password: "right-password" });
    const lines: string[] = [];
    const original = console.info;
    console.info = (...args: unknown[]) => void lines.push(args.join(" "));
    try {
      await signIn(email, "http-wrong-secret", { ip: "10.78.0.1" });
      await signIn(email, "right-password", { ip: "10.78.0.2" });
      await signIn(CLIENT.email, CLIENT.password, { ip: "10.78.0.3" });
    } finally {
      console.info = original;
    }
    const log = lines.filter((l) => l.includes("admin sign-in"));
    expect(log).toEqual([
      `[auth] admin sign-in refused (Invalid admin credentials) for "${email}" from 10.78.0.1 (POST /api/auth/sign-in/email)`,
      `[auth] admin sign-in succeeded for "${email}" from 10.78.0.2 (POST /api/auth/sign-in/email)`,
    ]);
    expect(lines.join("\n")).not.toContain("http-wrong-secret");
  });

  it("shares the per-address limit with the login forms", async () => {
    const ip = nextTestIp();
    for (let i = 0; i < AUTH_LIMITS.signInPerIp.max; i++) {
      await signInToArea("client", { email: `shared-ip-${i}@example.com`, password: "guessing", rememberMe: false }, fromIp(ip));
    }
    // The address has spent its budget through the form: the endpoint refuses it too, right password and all.
    const http = await signIn(CLIENT.email, CLIENT.password, { ip });
    expect(http.response.status).toBe(429);
    expect(http.cookie).toBe("");
  });
});
