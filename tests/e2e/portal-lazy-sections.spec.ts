// Each portal section's code is a chunk of its own (src/features/portal/components/portal-sections.tsx):
// a page loads the code of the section in view, and reports itself ready (<html data-hydrated>)
// only once that section has hydrated, not when the frame around it has.
import type { Browser, BrowserContext, Request } from "@playwright/test";
import { DEMO, expect, signInViaApi, test, uniqueIp } from "./fixtures";

const SETTINGS = "/client-portal?section=settings&tab=company";

/** A fresh context (nothing cached) of the signed-in demo client. */
async function clientContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    extraHTTPHeaders: { "x-forwarded-for": uniqueIp() },
  });
  await signInViaApi(await context.newPage(), DEMO.client);
  return context;
}

/** The paths of the scripts a signed-in load of `path` fetches, once the page is ready and idle. */
async function scriptsOf(browser: Browser, path: string): Promise<Set<string>> {
  const context = await clientContext(browser);
  const page = context.pages()[0]!;
  const scripts = new Set<string>();
  page.on("request", (request: Request) => {
    if (request.resourceType() === "script") scripts.add(new URL(request.url()).pathname);
  });
  await page.goto(path);
  await page.locator("html[data-hydrated=true]").waitFor({ state: "attached", timeout: 15_000 });
  await page.waitForLoadState("networkidle");
  await context.close();
  return scripts;
}

test("a section's code loads with that section only, and the page is ready once the section has hydrated", async ({ browser }) => {
  const overview = await scriptsOf(browser, "/client-portal");
  const settings = await scriptsOf(browser, SETTINGS);
  const settingsOnly = [...settings].filter((path) => !overview.has(path));
  expect(settingsOnly.length, "scripts Settings loads that the overview does not").toBeGreaterThan(0);
  expect([...overview].filter((path) => !settings.has(path)).length, "scripts the overview loads that Settings does not").toBeGreaterThan(
    0,
  );

  // Settings again, its own code held back: the frame hydrates, the page does not say it is ready.
  const context = await clientContext(browser);
  const page = context.pages()[0]!;
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await context.route(
    (url) => settingsOnly.includes(url.pathname),
    async (route) => {
      await released;
      await route.continue();
    },
  );
  await page.goto(SETTINGS, { waitUntil: "domcontentloaded" });
  const form = page.getByRole("form", { name: "Account Information" });
  await expect(form).toHaveAttribute("data-hydrated", "false");
  // The header's Logout is enabled once hydrated: the frame around the section is interactive.
  await expect(page.getByRole("banner").getByRole("button", { name: "Logout" })).toBeEnabled({ timeout: 15_000 });
  await expect(page.locator("html")).not.toHaveAttribute("data-hydrated", "true");
  await expect(form).toHaveAttribute("data-hydrated", "false");

  release();
  await page.locator("html[data-hydrated=true]").waitFor({ state: "attached", timeout: 15_000 });
  // Ready means the section is interactive, with no part still waiting for its code.
  await expect(form).toHaveAttribute("data-hydrated", "true", { timeout: 1 });
  await expect(page.locator("[data-hydration-pending]")).toHaveCount(0);
  await context.close();
});
