import { describe, expect, it } from "vitest";
import { GET as callbackRoute } from "@/app/api/oauth/square/callback/route";
import { GET as oauthGet, POST as oauthPost } from "@/app/api/oauth/square/route";
import { GET as syncRoute } from "@/app/api/square/sync-invoices/route";
import { DEMO_PASSWORDS } from "@/server/db/seed/demo-data";
import { APP_ORIGIN, authHeaders, signIn } from "./helpers/auth";
import { setupTestDatabase } from "./helpers/db";
import { setupFakeSquare } from "./helpers/square";

setupTestDatabase({ seedDemo: true });
setupFakeSquare();

// Every admin route of the Square integration, as (headers) → response.
const routes: [string, (headers: Headers) => Promise<Response>][] = [
  ["GET ?action=status", (h) => oauthGet(new Request(`${APP_ORIGIN}/api/oauth/square?action=status`, { headers: h }))],
  ["GET ?action=authorize", (h) => oauthGet(new Request(`${APP_ORIGIN}/api/oauth/square?action=authorize`, { headers: h }))],
  ["GET ?action=callback", (h) => oauthGet(new Request(`${APP_ORIGIN}/api/oauth/square?action=callback&code=x&state=y`, { headers: h }))],
  ["POST ?action=disconnect", (h) => oauthPost(new Request(`${APP_ORIGIN}/api/oauth/square?action=disconnect`, { method: "POST", headers: h }))],
  ["GET /api/oauth/square/callback", (h) => callbackRoute(new Request(`${APP_ORIGIN}/api/oauth/square/callback?code=x&state=y`, { headers: h }))],
  ["GET /api/square/sync-invoices", (h) => syncRoute(new Request(`${APP_ORIGIN}/api/square/sync-invoices`, { headers: h }))],
];

describe("Square routes are for admins only", () => {
  it.each(routes)("%s: 401 without a session", async (_name, call) => {
    const response = await call(new Headers({ origin: APP_ORIGIN }));
    expect(response.status).toBe(401);
  });

  it.each(routes)("%s: 403 for a signed-in client", async (_name, call) => {
    const { cookie } = await signIn("client@example.com", DEMO_PASSWORDS.client);
    const response = await call(authHeaders(cookie));
    expect(response.status).toBe(403);
    expect(JSON.stringify(await response.json())).not.toMatch(/token/i);
  });

  it("a sync started by another site (Sec-Fetch-Site: cross-site) is refused", async () => {
    const { cookie } = await signIn("admin@example.com", DEMO_PASSWORDS.admin);
    const response = await syncRoute(new Request(`${APP_ORIGIN}/api/square/sync-invoices`, { headers: authHeaders(cookie, { "sec-fetch-site": "cross-site" }) }));
    expect(response.status).toBe(403);
  });
});
