// The request's session in one query (src/features/identity/server/sessions/read.ts) answers as
// better-auth's getSession does: the same session for a valid cookie, nothing for a forged or
// unknown one, and better-auth's own renewal or deletion when a session is due for it or expired.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { countQueries } from "@/server/core/db/query-counter";
import { session, user } from "@/features/identity/server/schema";
import { DEMO_USERS } from "@/features/demo/server/demo-data";
import { getAuth } from "@/features/identity/server";
import { getSession, requireClient, sessionDemoExempt } from "@/features/identity/server/sessions/session";
import { authHeaders, sessionCookie, signedSessionToken } from "@tests/integration/helpers/auth";
import { setupTestDatabase } from "@tests/integration/helpers/db";

const t = setupTestDatabase({ seedDemo: true });
const DAY_MS = 24 * 60 * 60 * 1000;

const tokenOf = (cookie: string) => decodeURIComponent(cookie.slice(cookie.indexOf("=") + 1)).split(".")[0]!;

describe("session read", () => {
  it("finds the same session and user as better-auth, with the company, in one query", async () => {
    const cookie = await sessionCookie("client@example.com");
    const theirs = await getAuth().api.getSession({ headers: authHeaders(cookie) });
    const { result: ours, queries } = await countQueries(() => getSession(authHeaders(cookie)));
    expect(queries).toBe(1);
    expect(ours).toMatchObject({ userId: theirs!.user.id, email: "client@example.com", sessionId: theirs!.session.id, role: "client" });
    expect(ours?.membership).toMatchObject({ company: "Acme Robotics", personRole: "owner", companyActive: true });

    // The client guard needs nothing more.
    const guarded = await countQueries(() => requireClient(authHeaders(cookie)));
    expect(guarded.queries).toBe(1);
    expect(guarded.result.company).toBe("Acme Robotics");
  });

  it("reads an admin's session with no company", async () => {
    const cookie = await sessionCookie("admin@example.com");
    const ours = await getSession(authHeaders(cookie));
    expect(ours).toMatchObject({ email: "admin@example.com", role: "admin", membership: null });
  });

  it("refuses a forged signature, a token of no session and a malformed cookie", async () => {
    const cookie = await sessionCookie("client@example.com");
    const [name, value] = [cookie.slice(0, cookie.indexOf("=")), decodeURIComponent(cookie.slice(cookie.indexOf("=") + 1))];
    const token = value.split(".")[0]!;
    const forged = `${name}=${encodeURIComponent(`${token}.${Buffer.alloc(32, 1).toString("base64")}`)}`;
    expect(await getSession(authHeaders(forged))).toBeNull();
    expect(await getAuth().api.getSession({ headers: authHeaders(forged) })).toBeNull();
    expect(await getSession(authHeaders(`${name}=${await signedSessionToken("no-such-session-token")}`))).toBeNull();
    expect(await getSession(authHeaders(`${name}=%E0%A4%A`))).toBeNull();
    expect(await getSession(authHeaders(`${name}=${token}`))).toBeNull();
  });

  it("leaves the daily renewal to better-auth", async () => {
    const cookie = await sessionCookie("client@example.com");
    const token = tokenOf(cookie);
    // Signed in two days ago: due for its daily renewal.
    const old = new Date(Date.now() + 5 * DAY_MS);
    await t.db.update(session).set({ expiresAt: old }).where(eq(session.token, token));
    const read = await getSession(authHeaders(cookie));
    expect(read?.email).toBe("client@example.com");
    const [row] = await t.db.select({ expiresAt: session.expiresAt }).from(session).where(eq(session.token, token));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(old.getTime() + DAY_MS);
  });

  it("leaves an expired session to better-auth, which deletes it", async () => {
    const cookie = await sessionCookie("client@example.com");
    const token = tokenOf(cookie);
    await t.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.token, token));
    expect(await getSession(authHeaders(cookie))).toBeNull();
    expect(await t.db.select({ id: session.id }).from(session).where(eq(session.token, token))).toHaveLength(0);
  });

  it("ends with the session: a deleted session is signed out at once", async () => {
    const cookie = await sessionCookie("client@example.com");
    expect(await getSession(authHeaders(cookie))).not.toBeNull();
    await t.db.delete(session).where(eq(session.token, tokenOf(cookie)));
    expect(await getSession(authHeaders(cookie))).toBeNull();
  });

  it("tells from the session alone whether the admin is using the demo exemption from two-factor", async () => {
    const admin = authHeaders(await sessionCookie("admin@example.com"));
    // The session's own query and nothing more (a page render has read the session already).
    const { result, queries } = await countQueries(() => sessionDemoExempt(admin));
    expect(queries).toBe(1);
    expect(result).toBe(true);
    expect(await sessionDemoExempt(authHeaders(await sessionCookie("client@example.com")))).toBe(false);
    expect(await sessionDemoExempt(new Headers())).toBe(false);

    // Once the demo admin has two-factor, the exemption is no longer in use.
    await t.db.update(user).set({ twoFactorEnabled: true }).where(eq(user.id, DEMO_USERS.admin.id));
    expect(await sessionDemoExempt(authHeaders(await sessionCookie("admin@example.com", { secondFactor: "totp" })))).toBe(false);
    await t.db.update(user).set({ twoFactorEnabled: false }).where(eq(user.id, DEMO_USERS.admin.id));
  });
});
