// The signed-out /client-portal is served as the prerendered login form (src/proxy.ts): only to a
// request that can be nothing but signed out, under the portal's own address and with the CSP of
// the page that answers (the login form's hashes, no nonce).
import { getRedirectUrl, getRewrittenUrl } from "next/experimental/testing/server";
import { NextRequest } from "next/server";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CLIENT_LOGIN_PAGE_PATH, STATIC_PAGE_CSP_KEY, staticPagePolicy } from "@/lib/csp";
import { proxy } from "@/proxy";

const LOGIN_HASHES = ["sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU="];
const SESSION_COOKIE = "better-auth.session_token=abc.def";
const request = (path: string, init: { method?: string; headers?: Record<string, string> } = {}) =>
  new NextRequest(new URL(path, "http://localhost:3000"), init);
// A server action as React's client sends it: from the site, its arguments as JSON text.
const ACTION = { origin: "http://localhost:3000", "next-action": "7f00", "content-type": "text/plain;charset=UTF-8" };
const actionRequest = (headers: Record<string, string> = {}) =>
  new NextRequest(new URL("/client-portal", "http://localhost:3000"), { method: "POST", headers: { ...ACTION, ...headers }, body: "[]" });

describe("the signed-out client portal", () => {
  const g = globalThis as Record<symbol, unknown>;
  let before: unknown;
  beforeEach(() => {
    before = g[STATIC_PAGE_CSP_KEY];
    g[STATIC_PAGE_CSP_KEY] = { [CLIENT_LOGIN_PAGE_PATH]: LOGIN_HASHES };
  });
  afterEach(() => {
    g[STATIC_PAGE_CSP_KEY] = before;
  });

  it("serves the prerendered login form, with its hashes, to a request without a session cookie", async () => {
    const response = await proxy(request("/client-portal?section=billing"));
    expect(getRewrittenUrl(response)).toBe(`http://localhost:3000${CLIENT_LOGIN_PAGE_PATH}?section=billing`);
    expect(response.headers.get("content-security-policy")).toBe(staticPagePolicy(LOGIN_HASHES));
  });

  it("sends the sign-in's server action the same way as the page it came from", async () => {
    const action = await proxy(actionRequest());
    expect(getRewrittenUrl(action)).toBe(`http://localhost:3000${CLIENT_LOGIN_PAGE_PATH}`);
  });

  it("leaves to the page every request that may be signed in, a stale cookie included", async () => {
    for (const response of [
      await proxy(request("/client-portal", { headers: { cookie: SESSION_COOKIE } })),
      await proxy(actionRequest({ cookie: SESSION_COOKIE })),
    ]) {
      expect(getRewrittenUrl(response)).toBeNull();
      expect(response.headers.get("content-security-policy")).toMatch(/'nonce-/);
    }
  });

  it("gives the login page no address of its own", async () => {
    expect(getRedirectUrl(await proxy(request(`${CLIENT_LOGIN_PAGE_PATH}?x=1`)))).toBe("http://localhost:3000/client-portal?x=1");
  });
});
