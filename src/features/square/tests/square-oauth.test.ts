import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { GET as callbackRoute } from "@/app/api/oauth/square/callback/route";
import { GET, POST } from "@/app/api/oauth/square/route";
import { auditLog } from "@/features/audit/server/schema";
import { paymentProviderConnections, squareOauthStates } from "@/features/square/server/schema";
import { loadConnection } from "@/features/square/server/connection";
import { SQUARE_SCOPES } from "@/features/square/server/permissions";
import { APP_ORIGIN, authHeaders, sessionCookie } from "@tests/integration/helpers/auth";
import { setupTestDatabase } from "@tests/integration/helpers/db";
import { clearSquareEnv, configureSquareEnv, setupFakeSquare } from "@tests/integration/helpers/square";

const t = setupTestDatabase({ seedDemo: true });
const sq = setupFakeSquare();

const admin = () => sessionCookie("admin@example.com");
const oauth = (action: string, cookie: string) =>
  GET(new Request(`${APP_ORIGIN}/api/oauth/square?action=${action}`, { headers: authHeaders(cookie) }));

/** Starts the flow; returns the fake's authorize URL. */
async function authorize(cookie: string): Promise<URL> {
  const response = await oauth("authorize", cookie);
  expect(response.status).toBe(302);
  return new URL(response.headers.get("location")!);
}

/** Lets the fake's authorize page decide; returns where it sends the admin back. */
async function decide(authorizeUrl: URL, decision: "allow" | "deny"): Promise<string> {
  const url = new URL(authorizeUrl);
  url.searchParams.set("decision", decision);
  const response = await fetch(url, { redirect: "manual" });
  expect(response.status).toBe(302);
  return response.headers.get("location")!;
}

const callback = (url: string, cookie: string) => callbackRoute(new Request(url, { headers: authHeaders(cookie) }));
const outcome = (response: Response) => {
  expect(response.status).toBe(302);
  const url = new URL(response.headers.get("location")!);
  expect(url.pathname).toBe("/admin/dashboard");
  return { status: url.searchParams.get("oauth_status"), message: url.searchParams.get("message") };
};

/** Every text value of every table, to prove a secret is stored nowhere in clear. */
async function wholeDatabaseText(): Promise<string> {
  const tables = (await t.db.execute(sql`select table_name from information_schema.tables where table_schema = 'public'`)) as unknown as {
    rows: { table_name: string }[];
  };
  const parts: string[] = [];
  for (const { table_name } of tables.rows) {
    const rows = (await t.db.execute(sql`select t::text as row from ${sql.identifier(table_name)} t`)) as unknown as {
      rows: { row: string }[];
    };
    parts.push(...rows.rows.map((r) => r.row));
  }
  return parts.join("\n");
}

beforeEach(async () => {
  configureSquareEnv(sq.fake);
  sq.fake.setTokenTtl(30 * 24 * 60 * 60);
  await t.db.delete(paymentProviderConnections);
});

describe("Square OAuth connection", () => {
  it("sends the admin to Square's authorize page with every scope of the permissions table, a state and an explicit redirect_uri", async () => {
    const url = await authorize(await admin());
    expect(url.origin + url.pathname).toBe(`${sq.fake.url}/oauth2/authorize`);
    expect(url.searchParams.get("client_id")).toBe(sq.fake.applicationId);
    expect(url.searchParams.get("scope")!.split(" ").sort()).toEqual([
      "CUSTOMERS_READ",
      "INVOICES_READ",
      "INVOICES_WRITE",
      "ITEMS_READ",
      "MERCHANT_PROFILE_READ",
      "ORDERS_READ",
      "ORDERS_WRITE",
      "PAYMENTS_WRITE",
      "SUBSCRIPTIONS_READ",
      "SUBSCRIPTIONS_WRITE",
    ]);
    expect(url.searchParams.get("redirect_uri")).toBe(`${APP_ORIGIN}/api/oauth/square/callback`);
    expect(url.searchParams.get("state")!.length).toBeGreaterThanOrEqual(40);
    // Only a hash of the state is kept.
    const states = await t.db.select().from(squareOauthStates);
    expect(states.map((s) => s.stateHash)).not.toContain(url.searchParams.get("state"));
  });

  it("exchanges the code, stores the connection with tokens encrypted, and reports the status", async () => {
    const cookie = await admin();
    const back = await decide(await authorize(cookie), "allow");
    expect(back.startsWith(`${APP_ORIGIN}/api/oauth/square/callback?`)).toBe(true);
    expect(outcome(await callback(back, cookie))).toEqual({ status: "success", message: "Square account connected successfully" });

    const stored = await loadConnection(t.db);
    expect(stored?.merchantId).toBe(sq.fake.merchantId());
    expect(sq.fake.isTokenValid(stored!.accessToken)).toBe(true);
    const dump = await wholeDatabaseText();
    expect(dump).not.toContain(stored!.accessToken);
    expect(dump).not.toContain(stored!.refreshToken!);
    const [row] = await t.db.select().from(paymentProviderConnections);
    expect(row!.accessTokenEncrypted).toMatch(/^v1\./);

    const status = await (await oauth("status", cookie)).json();
    expect(status).toEqual({
      connected: true,
      configured: true,
      merchant_id: sq.fake.merchantId(),
      expires_in_days: 29,
      revoked: false,
      missing_permissions: [],
    });
    // The scopes Square reports for the token, not those asked for.
    expect(row!.scopes).toBe([...SQUARE_SCOPES].join(" "));
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, "square.connect"));
    expect(audit).toHaveLength(1);
  });

  it("refuses a replayed state: the second use of the same callback fails", async () => {
    const cookie = await admin();
    const back = await decide(await authorize(cookie), "allow");
    expect(outcome(await callback(back, cookie)).status).toBe("success");
    expect(outcome(await callback(back, cookie))).toEqual({ status: "error", message: "invalid_state" });
  });

  it("refuses a forged state and a missing one, without storing anything", async () => {
    const cookie = await admin();
    await authorize(cookie);
    expect(outcome(await callback(`${APP_ORIGIN}/api/oauth/square/callback?code=abc&state=forged-state`, cookie))).toEqual({
      status: "error",
      message: "invalid_state",
    });
    expect(outcome(await callback(`${APP_ORIGIN}/api/oauth/square/callback?code=abc`, cookie))).toEqual({
      status: "error",
      message: "invalid_state",
    });
    expect(await t.db.select().from(paymentProviderConnections)).toHaveLength(0);
  });

  it("refuses a state started by another session, and an expired one", async () => {
    const first = await admin();
    const second = await admin();
    const back = await decide(await authorize(first), "allow");
    expect(outcome(await callback(back, second))).toEqual({ status: "error", message: "invalid_state" });

    const again = await decide(await authorize(first), "allow");
    await t.db.update(squareOauthStates).set({ expiresAt: new Date(Date.now() - 1000) });
    expect(outcome(await callback(again, first))).toEqual({ status: "error", message: "invalid_state" });
    expect(await t.db.select().from(paymentProviderConnections)).toHaveLength(0);
  });

  it("passes Square's access_denied back to the dashboard", async () => {
    const cookie = await admin();
    const back = await decide(await authorize(cookie), "deny");
    expect(new URL(back).searchParams.get("error")).toBe("access_denied");
    expect(outcome(await callback(back, cookie))).toEqual({ status: "error", message: "access_denied" });
  });

  it("reports token_exchange_failed when Square refuses the code", async () => {
    const cookie = await admin();
    const url = await authorize(cookie);
    const forgedCode = `${APP_ORIGIN}/api/oauth/square/callback?code=not-a-code&state=${encodeURIComponent(url.searchParams.get("state")!)}`;
    expect(outcome(await callback(forgedCode, cookie))).toEqual({ status: "error", message: "token_exchange_failed" });
  });

  it("refreshes an access token with fewer than 7 days left when it is used", async () => {
    const cookie = await admin();
    sq.fake.setTokenTtl(3 * 24 * 60 * 60);
    expect(outcome(await callback(await decide(await authorize(cookie), "allow"), cookie)).status).toBe("success");
    const before = await loadConnection(t.db);
    sq.fake.setTokenTtl(30 * 24 * 60 * 60);
    const status = await (await oauth("status", cookie)).json();
    expect(status.expires_in_days).toBe(29);
    const after = await loadConnection(t.db);
    expect(after!.accessToken).not.toBe(before!.accessToken);
    expect(after!.refreshToken).toBe(before!.refreshToken);
    expect(sq.fake.isTokenValid(after!.accessToken)).toBe(true);
  });

  it("reconnect replaces the connection; disconnect revokes it at Square and deletes it", async () => {
    const cookie = await admin();
    expect(outcome(await callback(await decide(await authorize(cookie), "allow"), cookie)).status).toBe("success");
    const first = await loadConnection(t.db);
    expect(outcome(await callback(await decide(await authorize(cookie), "allow"), cookie)).status).toBe("success");
    const second = await loadConnection(t.db);
    expect(second!.accessToken).not.toBe(first!.accessToken);
    expect(await t.db.select().from(paymentProviderConnections)).toHaveLength(1);

    const response = await POST(
      new Request(`${APP_ORIGIN}/api/oauth/square?action=disconnect`, { method: "POST", headers: authHeaders(cookie) }),
    );
    expect(await response.json()).toEqual({ success: true, revoked: true, wasConnected: true });
    expect(sq.fake.isTokenValid(second!.accessToken)).toBe(false);
    expect(await t.db.select().from(paymentProviderConnections)).toHaveLength(0);
    expect(await (await oauth("status", cookie)).json()).toEqual({ connected: false, configured: true });
  });

  it("refuses a disconnect posted from another site, and a disconnect sent as GET", async () => {
    const cookie = await admin();
    const crossSite = await POST(
      new Request(`${APP_ORIGIN}/api/oauth/square?action=disconnect`, {
        method: "POST",
        headers: authHeaders(cookie, { origin: "https://evil.example" }),
      }),
    );
    expect(crossSite.status).toBe(403);
    expect((await oauth("disconnect", cookie)).status).toBe(400);
    expect((await oauth("bogus", cookie)).status).toBe(400);
  });

  it("without configuration: status says so, authorize answers 503 with how to configure", async () => {
    clearSquareEnv();
    const cookie = await admin();
    expect(await (await oauth("status", cookie)).json()).toEqual({ connected: false, configured: false });
    const response = await oauth("authorize", cookie);
    expect(response.status).toBe(503);
    expect((await response.json()).error).toMatch(/SQUARE_APPLICATION_ID.*SQUARE_APPLICATION_SECRET/);
  });
});
