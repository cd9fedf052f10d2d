// Admin Invoices: one client's overdue invoices, the filter's totals matching its rows, and the
// export link carrying the filter (docs/PRODUCT.md#admin-invoices). Reads the demo data only.
import { pickClient } from "./admin-helpers";
import { DEMO, expect, signInViaApi, test } from "./fixtures";

const cents = (text: string) => Math.round(Number(text.replace(/[$,]/g, "")) * 100);

test("filters one client's overdue invoices; the totals match the rows", async ({ page }) => {
  await signInViaApi(page, DEMO.admin);
  await page.goto("/admin/dashboard");
  await page.getByRole("link", { name: "Invoices" }).first().click();
  await expect(page.getByRole("heading", { name: "Invoices", level: 1 })).toBeVisible();

  const filters = page.getByRole("form", { name: "Filters" });
  await pickClient(filters, "Client", "Acme Robotics");
  await filters.getByLabel("Status").selectOption("overdue");
  await filters.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/status=overdue/);
  await expect(page).toHaveURL(/client=[0-9a-f-]{36}/);

  const rows = page.getByRole("table", { name: "Invoices" }).locator("tbody tr");
  await expect(rows.first()).toBeVisible();
  const count = await rows.count();
  expect(count).toBeGreaterThan(0);
  let amount = 0;
  let paid = 0;
  let outstanding = 0;
  for (let i = 0; i < count; i++) {
    // The invoice is the row's header cell; the data cells follow it.
    const cells = rows.nth(i).locator("td");
    await expect(cells.nth(0)).toHaveText("Acme Robotics");
    await expect(cells.nth(2)).toHaveText("Overdue");
    amount += cents(await cells.nth(5).innerText());
    paid += cents(await cells.nth(6).innerText());
    outstanding += cents(await cells.nth(7).innerText());
  }
  const total = (name: string) => page.locator(`[data-total=${name}]`).innerText();
  expect(cents(await total("billed"))).toBe(amount);
  expect(cents(await total("paid"))).toBe(paid);
  expect(cents(await total("outstanding"))).toBe(outstanding);
  await expect(page.getByText(`Showing ${count} of ${count} ${count === 1 ? "invoice" : "invoices"}`)).toBeVisible();

  const exportLink = page.getByRole("link", { name: /^Export CSV/ });
  await expect(exportLink).toHaveAttribute("href", /^\/api\/admin\/exports\/invoices\?client=[0-9a-f-]{36}&status=overdue$/);
  await expect(rows.first().getByRole("link", { name: "Acme Robotics" })).toHaveAttribute("href", /\/admin\/clients\?q=Acme/);
});
