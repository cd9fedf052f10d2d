// Security headers as the browser gets them: a fresh CSP nonce per request on every dynamic page,
// carried by each of the page's scripts; on prerendered pages the hash of each of their scripts
// (computed here from the HTML served) and no 'unsafe-inline'; `sandbox` on downloads; no HSTS over
// http (the https case is in tests/unit/csp.test.ts). The shared fixture fails any test on a CSP
// violation; the last test shows it sees one.
import { createHash } from "node:crypto";
import type { APIRequestContext, APIResponse, Page } from "@playwright/test";
import { DEMO, expect, signInViaApi, test } from "./fixtures";
import { THEME_SCRIPT_SHA256 } from "../../src/lib/theme";

const ACME_MSA_ID = "00000000-0000-4000-8000-a10000000001";
const ADMIN_PAGES = [
  "/admin/dashboard",
  "/admin/clients",
  "/admin/client-rates",
  "/admin/projects",
  "/admin/subscriptions",
  "/admin/documents",
  "/admin/unmatched-invoices",
  "/admin/account",
];
// The signed-out /client-portal is the prerendered login form (src/proxy.ts).
const STATIC_PAGES = ["/", "/privacy-policy", "/terms-of-service", "/client-portal"];

function nonceOf(response: APIResponse): string {
  const policy = response.headers()["content-security-policy"] ?? "";
  // The nonce, and the hash of the one inline script of our own, the theme's (src/lib/theme.ts).
  expect(policy, `${response.url()} policy`).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'sha256-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
  expect(scriptSources(response).filter((source) => source.startsWith("'sha256-"))).toEqual([`'${THEME_SCRIPT_SHA256}'`]);
  expect(policy).toContain("object-src 'none'");
  expect(policy).toContain("base-uri 'none'");
  expect(policy).toContain("frame-ancestors 'none'");
  expect(policy).toContain("form-action 'self'");
  expect(policy).toContain("report-uri /api/csp-report");
  expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  return /'nonce-([^']+)'/.exec(policy)![1]!;
}

/**
 * Every <script> in the HTML, external and inline, carries exactly this nonce, but the theme's,
 * which is exactly the text the policy's hash allows.
 */
async function expectScriptsCarry(response: APIResponse, nonce: string): Promise<void> {
  const html = await response.text();
  const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].map((m) => ({ attributes: m[1]!, body: m[2]! }));
  expect(scripts.length, `${response.url()} has scripts`).toBeGreaterThan(2);
  const theme = scripts.filter(({ attributes }) => !attributes.includes("nonce="));
  expect(
    theme.map(({ body }) => sha256(body)),
    `${response.url()}: the scripts without the nonce`,
  ).toEqual([THEME_SCRIPT_SHA256]);
  for (const { attributes } of scripts.filter((script) => !theme.includes(script)))
    expect(attributes, `${response.url()} script`).toContain(`nonce="${nonce}"`);
}

const sha256 = (content: string | Buffer) => `sha256-${createHash("sha256").update(content).digest("base64")}`;

/** The sources of a policy's script-src. */
function scriptSources(response: APIResponse): string[] {
  const policy = response.headers()["content-security-policy"] ?? "";
  const directive = policy
    .split(";")
    .map((part) => part.trim().split(/\s+/))
    .find(([name]) => name === "script-src");
  expect(directive, `${response.url()} has a script-src`).toBeDefined();
  return directive!.slice(1);
}

/**
 * A prerendered page's policy: no nonce, no 'unsafe-inline', 'strict-dynamic', and the hash of each
 * of the page's scripts: each inline one as the browser hashes it (its text, CR LF read as LF) and
 * each external one by its `integrity`, which must be the hash of the file the server sends.
 */
async function expectScriptsAllowedByHash(request: APIRequestContext, response: APIResponse): Promise<void> {
  const url = response.url();
  const policy = response.headers()["content-security-policy"] ?? "";
  const sources = scriptSources(response);
  expect(sources, url).not.toContain("'unsafe-inline'");
  expect(sources, url).not.toContain("'unsafe-eval'");
  expect(sources, url).toContain("'strict-dynamic'");
  expect(policy, url).not.toContain("nonce-");
  for (const directive of [
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
    "report-uri /api/csp-report",
  ]) {
    expect(policy, url).toContain(directive);
  }
  const html = await response.text();
  expect(html, url).not.toContain("nonce=");
  const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].map((m) => ({ attributes: m[1]!, body: m[2]! }));
  const inline = scripts.filter((script) => !/\bsrc=/.test(script.attributes));
  const external = scripts.filter((script) => /\bsrc=/.test(script.attributes));
  expect(inline.length, `${url} has inline scripts`).toBeGreaterThan(1);
  // The page's chunks are added by its loader once the first frame is drawn
  // (scripts/scripts-after-first-frame.mjs), each with the integrity of the file served.
  const loaders = inline.filter(({ body }) => body.startsWith("(function(){var l="));
  expect(loaders, `${url} has one script loader`).toHaveLength(1);
  const loaded = JSON.parse(/^\(function\(\)\{var l=(\{.*?\}),d=0;/.exec(loaders[0]!.body)![1]!) as {
    scripts: [string, string][];
    preloads: [string, string][];
  };
  expect(loaded.scripts.length, `${url} loads the framework's chunks`).toBeGreaterThan(2);
  for (const [src, integrity] of [...loaded.scripts, ...loaded.preloads])
    expect(integrity, `${url}: ${src} is the file served`).toBe(sha256(await (await request.get(src)).body()));
  for (const { body } of inline)
    expect(sources, `${url}: inline script ${body.slice(0, 60)}`).toContain(`'${sha256(body.replace(/\r\n?/g, "\n"))}'`);
  for (const { attributes } of external) {
    const src = /\bsrc="([^"]+)"/.exec(attributes)![1]!;
    const integrity = /\bintegrity="([^"]+)"/.exec(attributes)?.[1];
    expect(integrity, `${url}: ${src} has an integrity attribute`).toBeDefined();
    expect(sources, `${url}: ${src}`).toContain(`'${integrity}'`);
    expect(integrity, `${url}: ${src} is the file served`).toBe(sha256(await (await request.get(src)).body()));
  }
  // Nothing else: every hash in the policy belongs to a script of this page.
  const pageHashes = new Set([
    ...inline.map(({ body }) => `'${sha256(body.replace(/\r\n?/g, "\n"))}'`),
    ...external.map(({ attributes }) => `'${/\bintegrity="([^"]+)"/.exec(attributes)![1]}'`),
  ]);
  expect(sources.filter((source) => source.startsWith("'sha256-")).sort(), url).toEqual([...pageHashes].sort());
}

async function expectDynamicPage(page: Page, path: string): Promise<void> {
  const first = await page.request.get(path, { maxRedirects: 0 });
  const second = await page.request.get(path, { maxRedirects: 0 });
  expect(first.status(), path).toBe(200);
  const [a, b] = [nonceOf(first), nonceOf(second)];
  expect(a, `${path}: a fresh nonce per request`).not.toBe(b);
  await expectScriptsCarry(first, a);
  await expectScriptsCarry(second, b);
  expect(first.headers()["strict-transport-security"], "no HSTS over http").toBeUndefined();
  // In the browser: the page hydrates with its scripts allowed (the fixture fails on any violation).
  await page.goto(path);
}

test("public dynamic pages carry a nonce policy with a fresh nonce on their scripts", async ({ page }) => {
  for (const path of ["/admin/login", "/forgot-password", "/reset-password?token=not-a-token"]) await expectDynamicPage(page, path);
});

test("an unknown address gets the prerendered 404 page with its script hashes, and it hydrates", async ({ page }) => {
  const response = await page.request.get("/no-such-page");
  expect(response.status()).toBe(404);
  await expectScriptsAllowedByHash(page.request, response);
  await page.goto("/no-such-page");
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
});

test("the signed-in portal and every admin page carry a nonce policy", async ({ page, browser }) => {
  await signInViaApi(page, DEMO.admin);
  for (const path of ADMIN_PAGES) await expectDynamicPage(page, path);

  const context = await browser.newContext({
    extraHTTPHeaders: { "x-forwarded-for": `10.253.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` },
  });
  const portal = await context.newPage();
  await signInViaApi(portal, DEMO.client);
  await expectDynamicPage(portal, "/client-portal");
  await expectDynamicPage(portal, "/client-portal?section=billing");
  await expect(portal.getByRole("heading", { level: 1 })).toBeVisible();
  await context.close();
});

test("static pages stay static and allow exactly their own scripts, by hash, with no 'unsafe-inline'", async ({ page }) => {
  for (const path of STATIC_PAGES) {
    const response = await page.request.get(path);
    expect(response.status(), path).toBe(200);
    // Still the prerendered HTML, served from the build.
    expect(response.headers()["x-nextjs-cache"], path).toBe("HIT");
    await expectScriptsAllowedByHash(page.request, response);
    expect(response.headers()["strict-transport-security"]).toBeUndefined();
    // In the browser: no violation (the fixture), and the page hydrates (page.goto waits for it).
    await page.goto(path);
  }
  // React runs: the mobile menu opens.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  await page.getByRole("button", { name: "Open menu" }).click();
  await expect(page.getByRole("navigation", { name: "Mobile" })).toBeVisible();
});

test("downloads are sandboxed", async ({ page }) => {
  await signInViaApi(page, DEMO.client);
  const link = await page.request.get(`/api/client/documents/${ACME_MSA_ID}`);
  expect(link.status()).toBe(200);
  const { downloadUrl } = (await link.json()) as { downloadUrl: string };
  const file = await page.request.get(downloadUrl);
  expect(file.status()).toBe(200);
  expect(file.headers()["content-security-policy"]).toBe("sandbox");
  expect((await file.body()).subarray(0, 5).toString()).toBe("%PDF-");
});

test("the CSP fixture sees an injected inline script being blocked", async ({ page, cspViolations }) => {
  // What an HTML injection would look like: a script without the nonce inside the server's page.
  await page.route("**/forgot-password", async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace("</body>", "<script>window.__injected = true</script></body>");
    const headers = { ...response.headers() };
    delete headers["content-length"];
    await route.fulfill({ response, headers, body: html });
  });
  await page.goto("/forgot-password");
  await expect.poll(() => cspViolations.length).toBeGreaterThan(0);
  expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).toBeUndefined();
  expect(cspViolations.join("\n")).toMatch(/script-src/);
  // Seen and checked: leave nothing for the fixture's own assertion.
  cspViolations.length = 0;
});

test("a path that does not decode is a 400, also for a multipart upload the proxy lets through", async ({ request }) => {
  // The real server (scripts/start.mjs) answers these: src/proxy.ts never sees a multipart upload.
  const multipart = await request.post("/api/client/messages/threads/%E0%A4%A", {
    multipart: { body: "hello", file: { name: "a.txt", mimeType: "text/plain", buffer: Buffer.from("a") } },
  });
  expect(multipart.status()).toBe(400);
  expect(await multipart.json()).toEqual({
    success: false,
    error: "The address is malformed: its percent-encoding does not decode.",
    code: "bad_request",
  });
  const page = await request.get("/admin/findings/%zz");
  expect(page.status()).toBe(400);
  expect(await page.text()).toBe("The address is malformed: its percent-encoding does not decode.");
});
