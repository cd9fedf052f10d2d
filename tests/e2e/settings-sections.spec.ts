// Settings in sections (docs/PRODUCT.md#portal-settings, docs/PRODUCT.md#admin-settings): each section
// its own address and its own entry in Settings' navigation, reachable by keyboard; with the demo data
// at 1280 px, none taller than 2,000 px; a member sees only their own sections; the sessions list shows
// this browser and the 5 most recent others, the rest behind Show all.
import type { Locator, Page } from "@playwright/test";
import { request as apiRequest } from "@playwright/test";
import { invitedClientSignedIn } from "./admin-helpers";
import { DEMO, expect, signInViaApi, test, uniqueIp } from "./fixtures";
import { LAPTOP } from "./phone-ready";

test.use(LAPTOP);

const MAX_SECTION_HEIGHT = 2_000;

const PORTAL_TABS = [
  ["profile", "Profile"],
  ["company", "Company"],
  ["team", "Team"],
  ["security", "Security"],
  ["sso", "Single sign-on"],
  ["integrations", "Integrations"],
  ["api", "API and webhooks"],
  ["access-log", "Access log"],
  ["sharing", "Sharing"],
  ["notifications", "Notifications"],
] as const;

const ADMIN_SETTINGS_TABS = [
  ["plans", "Plans and payments"],
  ["firm", "Firm and rates"],
  ["security", "Client security"],
  ["findings", "Findings and reports"],
  ["mail", "Mail"],
] as const;

const ADMIN_ACCOUNT_TABS = [
  ["profile", "Profile"],
  ["security", "Security"],
  ["notifications", "Notifications"],
] as const;

/** The section in view: its cards, once what they read when shown has arrived. */
async function shownSection(page: Page, id: string): Promise<Locator> {
  const panel = page.locator(`[data-section-panel="${id}"]`);
  await expect(panel).toBeVisible();
  await expect(panel.getByText(/^Loading/)).toHaveCount(0);
  return panel;
}

async function expectShort(page: Page, id: string, label: string) {
  const panel = await shownSection(page, id);
  const box = await panel.boundingBox();
  expect(box, label).not.toBeNull();
  expect(Math.round(box!.height), `${label} is ${Math.round(box!.height)} px tall`).toBeLessThanOrEqual(MAX_SECTION_HEIGHT);
}

/** Each section by its address: the current entry marked, the section short enough. */
async function everySectionByUrl(page: Page, nav: Locator, href: (id: string) => string, tabs: readonly (readonly [string, string])[]) {
  for (const [id, label] of tabs) {
    await page.goto(href(id));
    await expect(nav.getByRole("link", { name: label, exact: true })).toHaveAttribute("aria-current", "page");
    await expect(nav.locator("[aria-current=page]")).toHaveCount(1);
    await expectShort(page, id, label);
  }
}

/** From the first entry, Tab to each next one and Enter: each section opens, focus stays in the list. */
async function everySectionByKeyboard(page: Page, nav: Locator, tabs: readonly (readonly [string, string])[], url: (id: string) => RegExp) {
  await nav.getByRole("link", { name: tabs[0]![1], exact: true }).focus();
  for (const [id, label] of tabs.slice(1)) {
    await page.keyboard.press("Tab");
    const link = nav.getByRole("link", { name: label, exact: true });
    await expect(link).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(url(id));
    await expect(link).toHaveAttribute("aria-current", "page");
    await shownSection(page, id);
  }
}

test("the portal's Settings: every section by its address and by keyboard, none taller than 2,000 px", async ({ page }) => {
  test.setTimeout(120_000);
  await signInViaApi(page, DEMO.client);
  const nav = page.getByRole("navigation", { name: "Settings sections" });
  await everySectionByUrl(page, nav, (id) => `/client-portal?section=settings&tab=${id}`, PORTAL_TABS);
  await expect(nav.getByRole("link")).toHaveText(PORTAL_TABS.map(([, label]) => label));

  // An unknown section is the first one; so is Settings without one.
  for (const path of ["/client-portal?section=settings&tab=no-such-section", "/client-portal?section=settings"]) {
    await page.goto(path);
    await expect(nav.getByRole("link", { name: "Profile" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("form", { name: "Your name" })).toBeVisible();
  }

  // The Account Information form, in Company, as it always read.
  await page.goto("/client-portal?section=settings&tab=company");
  const form = page.getByRole("form", { name: "Account Information" });
  for (const label of ["Contact Person", "Email", "Company", "Phone", "Address"]) await expect(form.getByLabel(label)).toBeVisible();
  await expect(form.getByRole("button", { name: "Reset" })).toBeVisible();
  await expect(form.getByRole("button", { name: "Save Changes" })).toBeVisible();

  // Settings cards one width.
  await page.goto("/client-portal?section=settings&tab=api");
  const panel = await shownSection(page, "api");
  const widths = await panel.locator(":scope > [data-card]").evaluateAll((cards) => cards.map((c) => c.getBoundingClientRect().width));
  expect(widths.length).toBe(2);
  expect(new Set(widths).size).toBe(1);

  await page.goto("/client-portal?section=settings");
  await everySectionByKeyboard(page, nav, PORTAL_TABS, (id) => new RegExp(`section=settings&tab=${id}$`));
});

test("a member's Settings: their own sections only, an owners' address opens Profile", async ({ page }) => {
  await signInViaApi(page, { email: "member@example.com", password: "demo-client-password" });
  await page.goto("/client-portal?section=settings&tab=team");
  const nav = page.getByRole("navigation", { name: "Settings sections" });
  await expect(nav.getByRole("link")).toHaveText(["Profile", "Company", "Security", "Notifications"]);
  await expect(nav.getByRole("link", { name: "Profile" })).toHaveAttribute("aria-current", "page");
  await expect(page.locator("#team")).toHaveCount(0);
  await expect(page.locator('[data-section-panel="profile"]').getByRole("form", { name: "Your name" })).toBeVisible();
});

test("the admin's Settings and Account: every section by its address and by keyboard", async ({ page }) => {
  test.setTimeout(120_000);
  await signInViaApi(page, DEMO.admin);
  const settingsNav = page.getByRole("navigation", { name: "Settings sections" });
  await everySectionByUrl(page, settingsNav, (id) => `/admin/settings?tab=${id}`, ADMIN_SETTINGS_TABS);
  await page.goto("/admin/settings");
  await expect(settingsNav.getByRole("link", { name: "Plans and payments" })).toHaveAttribute("aria-current", "page");
  await everySectionByKeyboard(page, settingsNav, ADMIN_SETTINGS_TABS, (id) => new RegExp(`/admin/settings\\?tab=${id}$`));

  const accountNav = page.getByRole("navigation", { name: "Account sections" });
  await everySectionByUrl(page, accountNav, (id) => `/admin/account?tab=${id}`, ADMIN_ACCOUNT_TABS);
  await page.goto("/admin/account?tab=profile");
  await everySectionByKeyboard(page, accountNav, ADMIN_ACCOUNT_TABS, (id) => new RegExp(`/admin/account\\?tab=${id}$`));
});

test("the sessions list: this browser and the 5 most recent others, Show all, then sign out all others", async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signInViaApi(page, DEMO.admin);
  const password = "sections-e2e-password";
  const { client, context, me } = await invitedClientSignedIn(page, browser, "Sessions list", password);
  // Six more sessions of the account, from six other addresses.
  const baseURL = test.info().project.use.baseURL!;
  for (let i = 0; i < 6; i++) {
    const other = await apiRequest.newContext({ baseURL, extraHTTPHeaders: { "x-forwarded-for": uniqueIp() } });
    const response = await other.post("/api/auth/sign-in/email", { data: { email: client.email, password }, headers: { origin: baseURL } });
    expect(response.status(), await response.text()).toBe(200);
    await other.dispose();
  }

  await me.goto("/client-portal?section=settings&tab=security");
  const list = me.getByRole("list", { name: "Active sessions" });
  await expect(list.getByRole("listitem")).toHaveCount(6);
  await expect(list.getByRole("listitem").first()).toContainText("This device");
  await me.getByRole("button", { name: "Show all (7)" }).click();
  await expect(list.getByRole("listitem")).toHaveCount(7);
  await me.getByRole("button", { name: "Sign out all other sessions" }).click();
  await expect(me.getByRole("status").filter({ hasText: "6 other sessions were signed out." })).toBeVisible();
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await expect(me.getByRole("button", { name: /^Show all/ })).toHaveCount(0);
  await context.close();
});
