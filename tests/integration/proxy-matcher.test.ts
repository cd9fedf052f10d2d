// Which requests src/proxy.ts runs on, judged by Next's own matcher: Next buffers (and cuts at
// proxyClientMaxBodySize) the body of every request the proxy runs on, so multipart uploads to
// route handlers must skip it, whichever route they go to; everything else must not.
import { unstable_doesMiddlewareMatch } from "next/experimental/testing/server";
import { describe, expect, it } from "vitest";
import { config } from "@/proxy";
import { PEER_HEADER, PEER_NONCE_KEY } from "@/server/core/client-address";
import { clientIp } from "@/server/core/rate-limit";

const MULTIPART = "multipart/form-data; boundary=----x";
const runs = (url: string, contentType?: string) =>
  unstable_doesMiddlewareMatch({ config, url, headers: contentType ? { "content-type": contentType } : {} });

describe("the proxy's matcher", () => {
  it("skips multipart bodies to any route handler, today's and later ones", () => {
    for (const url of [
      "/api/admin/documents/upload",
      "/api/client/messages/threads",
      "/api/client/messages/threads/7f0c6a2e-0000-4000-8000-000000000000",
      "/api/admin/messages/threads",
      "/api/some/later/upload",
    ])
      expect(runs(url, MULTIPART), url).toBe(false);
  });

  it("runs on every other route handler request, JSON bodies included", () => {
    expect(runs("/api/client/messages/threads", "application/json")).toBe(true);
    expect(runs("/api/admin/documents/upload")).toBe(true);
    expect(runs("/api/contact/send", "application/json")).toBe(true);
    expect(runs("/api/files/abc")).toBe(true);
    expect(runs("/api/healthcheck-later")).toBe(true);
  });

  it("skips the health probe, which needs neither a client address nor security headers", () => {
    expect(runs("/api/health")).toBe(false);
  });

  it("runs on better-auth and on pages (and their server actions) whatever the body", () => {
    expect(runs("/api/auth/sign-in/email", MULTIPART)).toBe(true);
    expect(runs("/client-portal", MULTIPART)).toBe(true);
    expect(runs("/admin/documents", MULTIPART)).toBe(true);
    expect(runs("/")).toBe(true);
    expect(runs("/_next/static/chunks/app.js")).toBe(false);
  });
});

describe("clientIp on a request the proxy skipped", () => {
  it("decides the address from the socket stamp by the same rule, never the client's header", () => {
    const g = globalThis as Record<symbol, string | undefined>;
    const before = g[PEER_NONCE_KEY];
    g[PEER_NONCE_KEY] = "test-nonce-0123456789";
    try {
      const headers = new Headers({ "x-forwarded-for": "6.6.6.6", [PEER_HEADER]: "test-nonce-0123456789 10.1.2.3" });
      expect(clientIp(headers)).toBe("10.1.2.3");
      // A forged stamp is not ours: the rightmost forwarded entry, as before.
      expect(clientIp(new Headers({ "x-forwarded-for": "6.6.6.6, 7.7.7.7", [PEER_HEADER]: "forged 1.1.1.1" }))).toBe("7.7.7.7");
    } finally {
      g[PEER_NONCE_KEY] = before;
    }
  });
});
