// Shared by browser tests. The e2e server runs with TRUST_PROXY=true and every test sends its own
// X-Forwarded-For, so per-IP rate limits (sign-in, contact) never leak from one test into another.
import fs from "node:fs";
import path from "node:path";
import { test as base, expect, type Browser, type BrowserContext, type Locator, type Page, type Response } from "@playwright/test";
import { isAppPage } from "./app-origins";

export const DEMO = {
  admin: { email: "admin@example.com", password: "demo-admin-password" },
  client: { email: "client@example.com", password: "demo-client-password" },
  client2: { email: "client2@example.com", password: "demo-client-password" },
} as const;

let counter = 0;
/**
 * An address no other test uses, for X-Forwarded-For: workers running at the same time have
 * different parallel indexes, and a worker started after a failure has another pid.
 */
export function uniqueIp(): string {
  counter += 1;
  const parallelIndex = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
  const n = (parallelIndex * 100 + (process.pid % 100)) * 65536 + counter;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

/** Resolves once the app says its page has hydrated (HydrationMarker in the root layout). */
async function waitForDocumentHydration(page: Page): Promise<void> {
  await page.locator("html[data-hydrated=true]").waitFor({ state: "attached", timeout: 15_000 });
}

/**
 * Records every Content-Security-Policy violation in the context's pages: the DOM event (through
 * an init script, which CDP injects regardless of the page's policy) and Chromium's console
 * message. A blocked Next script shows up here before it shows up as a page that never hydrates.
 */
async function watchCsp(context: BrowserContext, violations: string[]): Promise<void> {
  await context.exposeBinding("__e2eCspViolation", ({ page }, text: string) => {
    violations.push(`${page.url()}: ${text}`);
  });
  await context.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      const report = (window as unknown as { __e2eCspViolation?: (text: string) => void }).__e2eCspViolation;
      report?.(`${e.effectiveDirective} blocked ${e.blockedURI || "inline"} at ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  const onPage = (page: Page) =>
    page.on("console", (message) => {
      if (message.text().includes("Content Security Policy")) violations.push(`${page.url()}: ${message.text()}`);
    });
  context.pages().forEach(onPage);
  context.on("page", onPage);
}

/**
 * Navigations to the app wait for hydration: a click or keystroke before it would be lost, or
 * overwritten by a form library's defaults, which makes tests flaky on a slow machine. A page of
 * another origin (the fake Square's authorize page) has no such marker, nor has an answer that is
 * not a page (JSON, a file). A navigation asked to return early (`waitUntil: "domcontentloaded"` or
 * `"commit"`) is not waited on either: its test looks at the page before it is ready.
 */
function waitForHydrationOnNavigation(page: Page, baseURL: string | undefined): void {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  const hydrated = async (response: Response | null) => {
    if (!isAppPage(page.url(), baseURL)) return;
    if (response && !(response.headers()["content-type"] ?? "").startsWith("text/html")) return;
    await waitForDocumentHydration(page);
  };
  page.goto = async (...args: Parameters<Page["goto"]>) => {
    const response = await goto(...args);
    const early = args[1]?.waitUntil === "domcontentloaded" || args[1]?.waitUntil === "commit";
    if (!early) await hydrated(response);
    return response;
  };
  page.reload = async (...args: Parameters<Page["reload"]>) => {
    const response = await reload(...args);
    await hydrated(response);
    return response;
  };
}

type CspFixtures = { cspViolations: string[] };

export const test = base.extend<CspFixtures>({
  extraHTTPHeaders: async ({}, use) => {
    await use({ "x-forwarded-for": uniqueIp() });
  },
  // Any CSP violation fails the test: in the default context and in contexts the test opens itself.
  // The pages of those contexts (a second person's browser) wait for hydration as `page` does.
  cspViolations: [
    async ({ context, browser, baseURL }, use) => {
      const violations: string[] = [];
      await watchCsp(context, violations);
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (...args: Parameters<Browser["newContext"]>) => {
        const created = await newContext(...args);
        await watchCsp(created, violations);
        // Against the context's own server when it names one (a spec's private server): the origin
        // check skips other servers' pages, which would otherwise skip every page of that server.
        created.on("page", (page) => waitForHydrationOnNavigation(page, args[0]?.baseURL ?? baseURL));
        return created;
      };
      await use(violations);
      browser.newContext = newContext;
      expect(violations, "Content-Security-Policy violations").toEqual([]);
    },
    { auto: true },
  ],
  page: async ({ page, baseURL }, use) => {
    waitForHydrationOnNavigation(page, baseURL);
    await use(page);
  },
});
export { expect };

/** Where the setup project (auth.setup.ts) keeps each demo role's signed-in browser state. */
export function roleStatePath(email: string): string {
  return path.join(process.env.E2E_AUTH_DIR ?? "test-results/.auth", `${email}.json`);
}

/**
 * Signs in through the API (no UI), leaving the session cookie in the page's context. A demo role
 * reuses the session the setup project opened for it (auth.setup.ts): no password is hashed per
 * test. A test that ends its session (logout, sign out everywhere) asks for `ownSession`, so the
 * session other tests share stays alive.
 */
export async function signInViaApi(
  page: Page,
  who: { email: string; password: string },
  opts: { ownSession?: boolean } = {},
): Promise<void> {
  const saved = roleStatePath(who.email);
  if (!opts.ownSession && fs.existsSync(saved)) {
    const state = JSON.parse(fs.readFileSync(saved, "utf8")) as { cookies: Parameters<BrowserContext["addCookies"]>[0] };
    await page.context().addCookies(state.cookies);
    return;
  }
  const baseURL = test.info().project.use.baseURL!;
  const response = await page.request.post("/api/auth/sign-in/email", {
    data: { email: who.email, password: who.password, rememberMe: true },
    headers: { origin: baseURL },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/**
 * Resolves once an interactive component says it has hydrated (its data-hydrated attribute, from
 * useHydrated). Typing into a server-rendered form before that would be overwritten by the form library.
 */
export async function waitForHydration(locator: Locator): Promise<void> {
  await expect(locator).toHaveAttribute("data-hydrated", "true", { timeout: 15_000 });
}
