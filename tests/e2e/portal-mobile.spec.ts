// The client portal on a 390 px phone: the bottom bar (five tabs and More) replaces the sidebar.
import { DEMO, expect, signInViaApi, test } from "./fixtures";

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test("the bottom bar switches sections on a 390 px screen without horizontal scrolling", async ({ page }) => {
  await signInViaApi(page, DEMO.client);
  await page.goto("/client-portal");
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard Overview" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Portal sections", exact: true })).toBeHidden();

  const bar = page.getByRole("navigation", { name: "Portal sections (mobile)" });
  await expect(bar).toBeVisible();
  await expect(bar.getByRole("link")).toHaveText(["Home", "Projects", "Billing", "Services", "Docs"]);
  await expect(bar.getByRole("button", { name: "More" })).toBeVisible();

  const steps = [
    ["Projects", "My Projects", "projects"],
    ["Billing", "Billing & Invoices", "billing"],
    ["Services", "Book New Service", "book-service"],
    ["Docs", "Document Library", "documents"],
    ["Home", "Dashboard Overview", "overview"],
  ] as const;
  for (const [tab, title, section] of steps) {
    await bar.getByRole("link", { name: tab }).tap();
    await expect(page).toHaveURL(new RegExp(`section=${section}$`));
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(bar.getByRole("link", { name: tab })).toHaveAttribute("aria-current", "page");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  }

  // The other sections are under More.
  await bar.getByRole("button", { name: "More" }).tap();
  await page.getByRole("menuitem", { name: "Messages" }).tap();
  await expect(page.getByRole("heading", { level: 1, name: "Messages" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // Billing shows invoices as cards; a paid invoice links to its page and offers no pay link.
  await bar.getByRole("link", { name: "Billing" }).tap();
  const paid = page.locator('tr[data-invoice="INV-1002"]');
  await expect(paid.getByRole("link", { name: "INV-1002", exact: true })).toBeVisible();
  await expect(paid.getByRole("link", { name: /Pay/ })).toHaveCount(0);
  await expect(page.getByRole("columnheader", { name: "Due Date" })).toBeHidden();
  await paid.scrollIntoViewIfNeeded();
  // The fixed bar never hides the last card's actions once scrolled to the end.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  const last = page.locator("tr[data-invoice]").last().getByRole("link").last();
  const [linkBox, barBox] = await Promise.all([last.boundingBox(), bar.boundingBox()]);
  expect(linkBox!.y + linkBox!.height).toBeLessThanOrEqual(barBox!.y);
});
