// Session tokens stay in httpOnly cookies: every better-auth endpoint, called through the app's
// /api/auth/* route as a signed-in user, answers JSON without a token field at any depth and
// without the session token as any value (most answer 404: the route serves only what the browser
// calls, src/features/identity/server/http-endpoints.ts).
import { describe, expect, it } from "vitest";
import { GET, POST } from "@/app/api/auth/[...all]/route";
import { stripTokens } from "@/features/identity/server";
import { createCredentialUser, getAuth } from "@/features/identity/server";
import { APP_ORIGIN, nextTestIp } from "@tests/integration/helpers/auth";
import { setupTestDatabase } from "@tests/integration/helpers/db";

const t = setupTestDatabase();
const USER = { email: "tokens@example.com", password: "tokens-password-1" };
const TOKEN_KEY = /token$/i;

type Endpoint = { path?: string; options?: { method?: string | string[] } };

/** Every HTTP endpoint of the auth instance, from better-auth's own router (server-only ones have no path). */
function exposedEndpoints(): { name: string; path: string; method: "GET" | "POST" }[] {
  const out: { name: string; path: string; method: "GET" | "POST" }[] = [];
  for (const [name, endpoint] of Object.entries(getAuth().api as unknown as Record<string, Endpoint>)) {
    if (!endpoint.path) continue;
    const methods = [endpoint.options?.method ?? "GET"].flat();
    const path = endpoint.path.replace(":id", "credential").replace(":token", "not-a-token");
    for (const method of methods) if (method === "GET" || method === "POST") out.push({ name, path, method });
  }
  return out;
}

function call(method: "GET" | "POST", path: string, cookie: string, body?: unknown): Promise<Response> {
  const headers = new Headers({ origin: APP_ORIGIN, "x-forwarded-for": nextTestIp(), "user-agent": "vitest" });
  if (cookie) headers.set("cookie", cookie);
  if (method === "GET") return GET(new Request(`${APP_ORIGIN}/api/auth${path}`, { method, headers }));
  headers.set("content-type", "application/json");
  return POST(new Request(`${APP_ORIGIN}/api/auth${path}`, { method, headers, body: JSON.stringify(body ?? {}) }));
}

async function signInThroughRoute(): Promise<{ cookie: string; token: string; body: unknown }> {
  const response = await call("POST", "/sign-in/email", "", { ...USER, rememberMe: true });
  expect(response.status).toBe(200);
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const signed = decodeURIComponent(/session_token=([^;]+)/.exec(cookie)![1]!);
  return { cookie, token: signed.split(".")[0]!, body: await response.json() };
}

/** Bodies that make endpoints do real work where they can (the rest answer with an error JSON). */
function bodyFor(path: string, token: string): unknown {
  switch (path) {
    case "/change-password":
      return { currentPassword: USER.password, newPassword: USER.password, revokeOtherSessions: true };
    case "/update-user":
      return { name: "Token Tester" };
    case "/revoke-session":
      return { token };
    case "/sign-in/email":
      return { ...USER, rememberMe: true };
    case "/get-access-token":
    case "/refresh-token":
      return { providerId: "credential" };
    default:
      return {};
  }
}

function offendingPaths(value: unknown, token: string, at = "$"): string[] {
  if (typeof value === "string") return value.includes(token) ? [at] : [];
  if (Array.isArray(value)) return value.flatMap((item, i) => offendingPaths(item, token, `${at}[${i}]`));
  if (value === null || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([key, item]) => [
    ...(TOKEN_KEY.test(key) ? [`${at}.${key}`] : []),
    ...offendingPaths(item, token, `${at}.${key}`),
  ]);
}

describe("/api/auth/* JSON bodies", () => {
  it("carry no token field at any depth and not the session token, for every exposed endpoint", async () => {
    await createCredentialUser(t.db, { email: USER.email, name: "Tokens", role: "client", password: USER.password });
    const endpoints = exposedEndpoints();
    // The list comes from better-auth itself; these are the ones that answer with tokens today.
    expect(endpoints.map((e) => e.path)).toEqual(
      expect.arrayContaining(["/sign-in/email", "/get-session", "/list-sessions", "/change-password"]),
    );

    const answered: Record<string, number> = {};
    for (const endpoint of endpoints) {
      // A fresh session per endpoint: sign-out, revoke and change-password end sessions.
      const { cookie, token, body: signInBody } = await signInThroughRoute();
      expect(offendingPaths(signInBody, token)).toEqual([]);
      const response = await call(endpoint.method, endpoint.path, cookie, bodyFor(endpoint.path, token));
      answered[`${endpoint.method} ${endpoint.path}`] = response.status;
      const text = await response.text();
      // Redirects and errors may come without a body; any token would be in text all the same.
      expect(text.includes(token), `${endpoint.method} ${endpoint.path}`).toBe(false);
      if (!response.headers.get("content-type")?.includes("application/json") || !text) continue;
      const body: unknown = JSON.parse(text);
      expect(offendingPaths(body, token), `${endpoint.method} ${endpoint.path}`).toEqual([]);
    }
    // The served endpoint that used to leak answered with real data, so the check above was not
    // vacuous; the others that did are not served any more.
    expect(answered["GET /get-session"]).toBe(200);
    expect(answered["GET /list-sessions"]).toBe(404);
    expect(answered["POST /change-password"]).toBe(404);
  });

  it("still gives the session's other fields", async () => {
    const { cookie } = await signInThroughRoute();
    const session = (await (await call("GET", "/get-session", cookie)).json()) as {
      session: Record<string, unknown>;
      user: { email: string };
    };
    expect(session.user.email).toBe(USER.email);
    expect(session.session).toMatchObject({ id: expect.any(String), expiresAt: expect.any(String) });
    expect(session.session).not.toHaveProperty("token");
  });
});

describe("stripTokens", () => {
  it("removes token keys at any depth in any case, and values equal to a known secret", () => {
    const input = {
      token: "a",
      session: { Token: "b", id: "s1", nested: [{ accessToken: "c", refresh_token: "d", IDTOKEN: "e", keep: 1 }] },
      list: ["secret-value", "fine"],
      other: { unforeseenKey: "secret-value" },
    };
    const { value, changed } = stripTokens(input, new Set(["secret-value"]));
    expect(changed).toBe(true);
    expect(value).toEqual({ session: { id: "s1", nested: [{ keep: 1 }] }, list: ["fine"], other: {} });
  });

  it("reports an untouched body as unchanged", () => {
    expect(stripTokens({ user: { id: "u", email: "x@y" } }, new Set(["zzz"])).changed).toBe(false);
  });
});
