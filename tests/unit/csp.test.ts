// The CSP and HSTS builders of src/lib/csp.ts: directives per kind of page (a nonce, or the build's
// hashes), nonce freshness, HSTS only for an https APP_URL.
import { describe, expect, it } from "vitest";
import { createNonce, dynamicPagePolicy, isDynamicPagePath, isHttpsAppUrl, pageSecurityHeaders, staticPagePolicy } from "@/lib/csp";
import { THEME_SCRIPT_SHA256 } from "@/lib/theme";

/** "a b; c d" → { a: ["b"], c: ["d"] } */
function directives(policy: string): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const part of policy
    .split(";")
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [name, ...sources] = part.split(/\s+/);
    expect(out[name!], `directive ${name} twice`).toBeUndefined();
    out[name!] = sources;
  }
  return out;
}

describe("dynamic page policy", () => {
  const policy = directives(dynamicPagePolicy("abc123=="));

  it("lets scripts run only with the nonce or the theme script's hash, and what they load ('strict-dynamic')", () => {
    expect(policy["script-src"]).toEqual(["'self'", "'nonce-abc123=='", `'${THEME_SCRIPT_SHA256}'`, "'strict-dynamic'"]);
    expect(policy["script-src"]).not.toContain("'unsafe-inline'");
    expect(policy["script-src"]).not.toContain("'unsafe-eval'");
  });

  it("locks plugins, <base>, framing and form targets", () => {
    expect(policy["object-src"]).toEqual(["'none'"]);
    expect(policy["base-uri"]).toEqual(["'none'"]);
    expect(policy["frame-ancestors"]).toEqual(["'none'"]);
    expect(policy["form-action"]).toEqual(["'self'"]);
  });

  it("allows the app's own images, fonts, fetches and styles", () => {
    expect(policy["default-src"]).toEqual(["'self'"]);
    expect(policy["img-src"]).toEqual(["'self'", "data:", "blob:"]);
    expect(policy["font-src"]).toEqual(["'self'"]);
    expect(policy["connect-src"]).toEqual(["'self'"]);
    expect(policy["style-src"]).toEqual(["'self'", "'unsafe-inline'"]);
  });

  it("reports violations to /api/csp-report", () => {
    expect(policy["report-uri"]).toEqual(["/api/csp-report"]);
    expect(policy["report-to"]).toEqual(["csp"]);
  });

  it("adds eval only in development, and upgrade-insecure-requests only over https", () => {
    expect(directives(dynamicPagePolicy("n", { isDev: true }))["script-src"]).toContain("'unsafe-eval'");
    expect(policy["upgrade-insecure-requests"]).toBeUndefined();
    expect(directives(dynamicPagePolicy("n", { isHttps: true }))["upgrade-insecure-requests"]).toEqual([]);
  });
});

describe("static page policy", () => {
  const hashes = ["sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=", "sha256-G4cIFf29lUBZ5yQRPVl+pQ3roGHd8/N9mSQfYhaPGSE="];
  const policy = directives(staticPagePolicy(hashes));

  it("has no nonce (there is no request at build time): scripts run by the build's hashes, and what they load", () => {
    expect(policy["script-src"]).toEqual(["'self'", "'strict-dynamic'", `'${hashes[0]}'`, `'${hashes[1]}'`]);
    expect(policy["script-src"]).not.toContain("'unsafe-inline'");
    expect(policy["script-src"]).not.toContain("'unsafe-eval'");
    expect(staticPagePolicy(hashes)).not.toContain("nonce-");
  });

  it("runs no script at all without hashes", () => {
    expect(directives(staticPagePolicy([]))["script-src"]).toEqual(["'self'", "'strict-dynamic'"]);
  });

  it("keeps every other restriction of the dynamic policy", () => {
    const dynamic = directives(dynamicPagePolicy("n"));
    for (const name of Object.keys(dynamic).filter((n) => n !== "script-src")) expect(policy[name], name).toEqual(dynamic[name]);
    expect(directives(staticPagePolicy(hashes, { isHttps: true }))["upgrade-insecure-requests"]).toEqual([]);
  });
});

describe("which pages get a nonce", () => {
  it("the portal, the admin area and the password pages, below their prefixes too", () => {
    for (const path of ["/client-portal", "/admin", "/admin/login", "/admin/dashboard", "/forgot-password", "/reset-password"]) {
      expect(isDynamicPagePath(path), path).toBe(true);
    }
  });

  it("not the prerendered pages, unknown addresses (the static 404) or look-alike prefixes", () => {
    for (const path of ["/", "/privacy-policy", "/terms-of-service", "/no-such-page", "/admins", "/client-portal-x"]) {
      expect(isDynamicPagePath(path), path).toBe(false);
    }
  });
});

describe("nonces", () => {
  it("are 128 random bits, base64, fresh each time", () => {
    const nonces = new Set(Array.from({ length: 100 }, () => createNonce()));
    expect(nonces.size).toBe(100);
    for (const nonce of nonces) {
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(Buffer.from(nonce, "base64")).toHaveLength(16);
    }
  });
});

describe("headers the proxy sets", () => {
  it("gives a dynamic page's request and response the same policy with a fresh nonce", () => {
    const first = pageSecurityHeaders("/client-portal", { appUrl: "http://localhost:3000" });
    const second = pageSecurityHeaders("/client-portal", { appUrl: "http://localhost:3000" });
    const nonce = /'nonce-([^']+)'/.exec(first.response["Content-Security-Policy"]!)![1]!;
    expect(first.request["Content-Security-Policy"]).toBe(first.response["Content-Security-Policy"]);
    expect(first.request["x-nonce"]).toBe(nonce);
    expect(second.request["x-nonce"]).not.toBe(nonce);
    expect(first.response["Reporting-Endpoints"]).toBe('csp="/api/csp-report"');
  });

  it("gives a static page its own hashes, an unknown address the 404 page's, and leaves their request alone", () => {
    const staticPages = {
      "/": ["sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU="],
      "/_not-found": ["sha256-G4cIFf29lUBZ5yQRPVl+pQ3roGHd8/N9mSQfYhaPGSE="],
    };
    const landing = pageSecurityHeaders("/", { appUrl: "http://localhost:3000", staticPages });
    expect(landing.response["Content-Security-Policy"]).toBe(staticPagePolicy(staticPages["/"]));
    expect(landing.request).toEqual({});
    const unknown = pageSecurityHeaders("/no-such-page", { appUrl: "http://localhost:3000", staticPages });
    expect(unknown.response["Content-Security-Policy"]).toBe(staticPagePolicy(staticPages["/_not-found"]));
    expect(unknown.request).toEqual({});
    // Without the build's hashes (a server not started by scripts/start.mjs) no script may run.
    expect(pageSecurityHeaders("/", { appUrl: "http://localhost:3000" }).response["Content-Security-Policy"]).toBe(staticPagePolicy([]));
  });

  it("gives every page a nonce under `next dev`, which renders each page per request", () => {
    const headers = pageSecurityHeaders("/", { appUrl: "http://localhost:3000", isDev: true, nonce: "abc123==" });
    expect(headers.response["Content-Security-Policy"]).toBe(dynamicPagePolicy("abc123==", { isDev: true }));
    expect(headers.request["x-nonce"]).toBe("abc123==");
  });

  it("sends HSTS only when APP_URL is https", () => {
    expect(pageSecurityHeaders("/", { appUrl: "https://sentinel.example" }).response["Strict-Transport-Security"]).toBe(
      "max-age=31536000; includeSubDomains",
    );
    expect(pageSecurityHeaders("/admin/login", { appUrl: " HTTPS://sentinel.example " }).response["Strict-Transport-Security"]).toBe(
      "max-age=31536000; includeSubDomains",
    );
    for (const appUrl of ["http://localhost:3000", "http://sentinel.example", "", undefined]) {
      expect(pageSecurityHeaders("/", { appUrl }).response["Strict-Transport-Security"], String(appUrl)).toBeUndefined();
      expect(isHttpsAppUrl(appUrl)).toBe(false);
    }
  });
});
