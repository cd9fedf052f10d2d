// The light theme (docs/PRODUCT.md#overview): the header's theme button switches, the choice holds
// across pages and reloads, the script that applies it runs under both kinds of CSP (a violation
// fails any test: fixtures.ts), and every screen keeps its contrast in light.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { DEMO, expect, signInViaApi, test } from "./fixtures";
import { LAPTOP } from "./phone-ready";
import { ADMIN_PAGES, PORTAL_SECTIONS } from "./screens";

test.use(LAPTOP);

const backgroundOf = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
const DARK_BACKGROUND = "rgb(2, 6, 23)";
const LIGHT_BACKGROUND = "rgb(248, 250, 252)";

test("the header's theme button switches to light and back, and the choice holds on the next page", async ({ page }) => {
  await page.goto("/");
  const html = page.locator("html");
  await expect(html).not.toHaveAttribute("data-theme", /./);
  expect(await backgroundOf(page)).toBe(DARK_BACKGROUND);
  await expect(page.getByRole("button", { name: "Switch to dark theme" })).toBeHidden();

  await page.getByRole("button", { name: "Switch to light theme" }).click();
  await expect(html).toHaveAttribute("data-theme", "light");
  expect(await backgroundOf(page)).toBe(LIGHT_BACKGROUND);
  // The button pressed is gone; focus is on the one that now shows, so a keyboard user stays put.
  await expect(page.getByRole("button", { name: "Switch to dark theme" })).toBeFocused();
  await expect(page.getByRole("button", { name: "Switch to light theme" })).toBeHidden();

  // Applied before the first paint of the next load, and on a page rendered per request (nonce CSP).
  await page.reload();
  await expect(html).toHaveAttribute("data-theme", "light");
  expect(await backgroundOf(page)).toBe(LIGHT_BACKGROUND);
  await page.goto("/forgot-password");
  await expect(html).toHaveAttribute("data-theme", "light");
  expect(await backgroundOf(page)).toBe(LIGHT_BACKGROUND);

  await page.goto("/privacy-policy");
  await page.getByRole("button", { name: "Switch to dark theme" }).press("Enter");
  await expect(html).not.toHaveAttribute("data-theme", /./);
  expect(await backgroundOf(page)).toBe(DARK_BACKGROUND);
  await page.reload();
  await expect(html).not.toHaveAttribute("data-theme", /./);
  expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("dark");
});

/** The screen in light, checked for contrast only (every other rule does not depend on the theme: phone-and-axe.spec.ts). */
async function expectReadableInLight(page: Page, path: string) {
  await page.addInitScript(() => localStorage.setItem("theme", "light"));
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
  const { violations } = await new AxeBuilder({ page })
    .withRules(["color-contrast"])
    .options({ resultTypes: ["violations"] })
    .analyze();
  const failing = violations.flatMap((v) => v.nodes.slice(0, 8).map((n) => `${n.target.join(" ")}: ${n.failureSummary ?? ""}`));
  expect(failing, `${path} in light: contrast`).toEqual([]);
}

for (const path of ["/", "/privacy-policy", "/client-portal", "/admin/login", "/forgot-password"]) {
  test(`light theme, signed out: ${path}`, async ({ page }) => {
    await expectReadableInLight(page, path);
  });
}

for (const section of PORTAL_SECTIONS) {
  test(`light theme, portal: ${section}`, async ({ page }) => {
    await signInViaApi(page, DEMO.client);
    await expectReadableInLight(page, `/client-portal?section=${section}`);
  });
}

for (const path of ADMIN_PAGES) {
  test(`light theme, admin: ${path}`, async ({ page }) => {
    await signInViaApi(page, DEMO.admin);
    await expectReadableInLight(page, path);
  });
}
