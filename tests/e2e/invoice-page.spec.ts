// An invoice a client can read (docs/PRODUCT.md#invoice-page): Billing shows what is still due on
// the partly paid INV-1001, its number opens the invoice's page (line items, schedule, remaining
// amount), and its PDF downloads; a statement for a period downloads as PDF and CSV
// (docs/PRODUCT.md#statements); another company's invoice is the 404 page. Read only: Acme's demo
// invoices, which no other spec edits.
import fs from "node:fs";
import { DEMO, expect, signInViaApi, test } from "./fixtures";

// Demo ids (src/features/demo/server/demo-data.ts; not importable here: it is server-only).
const INV_1001_ID = "00000000-0000-4000-8000-e00000000001";
const GLOBEX_INV_2001_ID = "00000000-0000-4000-8000-e00000000011";

test.beforeEach(async ({ page }) => {
  await signInViaApi(page, DEMO.client);
});

const heading = (page: import("@playwright/test").Page, name: string) => page.getByRole("heading", { level: 1, name });

test("the partly paid invoice shows its remaining amount in the list", async ({ page }) => {
  await page.goto("/client-portal?section=billing");
  await expect(heading(page, "Billing & Invoices")).toBeVisible();
  const row = page.locator('tr[data-invoice="INV-1001"]');
  await expect(row.getByText("$28,800.00 due of $48,000.00", { exact: true })).toBeVisible();
  // The badge says Partly Paid; the words beside it do not say it again.
  await expect(row.getByText("Partly Paid", { exact: true })).toBeVisible();
  await expect(row.getByText(/Partly Paid/)).toHaveCount(1);
  // A paid invoice offers no pay link.
  await expect(page.locator('tr[data-invoice="INV-1002"]').getByRole("link", { name: /Pay/ })).toHaveCount(0);
});

test("a client opens an invoice and downloads its PDF", async ({ page }) => {
  await page.goto("/client-portal?section=billing");
  await page.locator('tr[data-invoice="INV-1001"]').getByRole("link", { name: "INV-1001", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`section=billing&invoice=${INV_1001_ID}$`));
  await expect(heading(page, "Invoice INV-1001")).toBeVisible();

  const main = page.getByRole("main");
  await expect(main.getByText("$28,800.00 due of $48,000.00", { exact: true })).toBeVisible();
  await expect(main.getByText(/Partly Paid/)).toHaveCount(1);
  const lines = main.getByRole("table", { name: "Line items of INV-1001" });
  await expect(lines.getByRole("row")).toHaveCount(5); // header, three lines, total
  await expect(lines.getByRole("row", { name: /LLM gateway security assessment/ })).toContainText("$36,000.00");
  await expect(lines.getByRole("row", { name: /Retest of fixed findings/ })).toContainText("$4,500.00");
  await expect(main.getByRole("region", { name: "Payment Schedule for INV-1001" })).toContainText("$19,200.00 of $48,000.00 paid");
  const pay = main.getByRole("link", { name: /Pay \$28,800\.00/ });
  await expect(pay).toHaveAttribute("href", "https://squareup.com/pay-invoice/demo-inv-1001");
  await expect(pay).toHaveAttribute("target", "_blank");

  const downloadPromise = page.waitForEvent("download");
  await main.getByRole("link", { name: "Download PDF" }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe("invoice-INV-1001.pdf");
  const bytes = fs.readFileSync((await download.path())!);
  expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");

  // Back to the list.
  await main.getByRole("link", { name: "All invoices" }).click();
  await expect(heading(page, "Billing & Invoices")).toBeVisible();
});

test("a client downloads a statement for a period as PDF and CSV, and a reversed period offers no link", async ({ page }) => {
  await page.goto("/client-portal?section=billing");
  const card = page.getByRole("region", { name: "Statement" });
  await card.getByLabel("From").fill("2026-01-01");
  await card.getByLabel("To").fill("2026-06-30");

  const pdfPromise = page.waitForEvent("download");
  await card.getByRole("link", { name: "Download PDF" }).click();
  const pdf = await pdfPromise;
  expect(pdf.suggestedFilename()).toBe("statement-2026-01-01-to-2026-06-30.pdf");
  expect(
    fs
      .readFileSync((await pdf.path())!)
      .subarray(0, 5)
      .toString("latin1"),
  ).toBe("%PDF-");

  const csvPromise = page.waitForEvent("download");
  await card.getByRole("link", { name: "Download CSV" }).click();
  const csv = fs.readFileSync((await (await csvPromise).path())!, "utf8");
  // Acme's first half of 2026: INV-1002 (issued April, paid 28 April) is on it, and the period closes at $0.00.
  expect(csv).toContain('"2026-04-01","Invoice","INV-1002"');
  expect(csv).toContain('"2026-04-28","Payment","INV-1002"');
  expect(csv).toMatch(/"2026-06-30","Closing balance","","","","","0\.00"/);

  await card.getByLabel("To").fill("2025-12-31");
  await expect(card.getByText("The end date is before the start date")).toBeVisible();
  await expect(card.getByRole("link", { name: /Download/ })).toHaveCount(0);
});

test("another company's invoice is not found", async ({ page }) => {
  const response = await page.request.get(`/client-portal?section=billing&invoice=${GLOBEX_INV_2001_ID}`);
  expect(response.status()).toBe(404);
  const pdf = await page.request.get(`/api/client/invoices/${GLOBEX_INV_2001_ID}/pdf`);
  expect(pdf.status()).toBe(404);
});
