// CSV downloads parse back with the right rows and injection-safe cells; the charts' totals match
// the data (docs/PRODUCT.md#csv-exports, docs/PRODUCT.md#revenue-charts).
import fs from "node:fs";
import { holdingFigure } from "./shared-figures";
import { parse } from "csv-parse/sync";
import type { Page } from "@playwright/test";
import { createClientViaUi } from "./admin-helpers";
import { DEMO, expect, signInViaApi, test } from "./fixtures";

type Row = Record<string, string>;

async function downloadCsv(page: Page, click: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent("download"), click()]);
  const bytes = fs.readFileSync((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const rows = parse(bytes, { bom: true, columns: true }) as Row[];
  return { name: download.suggestedFilename(), rows };
}

const today = new Date().toISOString().slice(0, 10);
const cents = (dollars: string) => Math.round(Number(dollars) * 100);
const money = (text: string) => Math.round(Number(text.replace(/[$,]/g, "")) * 100);
/** The month an invoice is billed in, as the charts count it: its issue date, else its due date. */
const billedOn = (r: Row) => r.Issued || r.Due || "";
/** Billed within the last 12 months, up to today's month (UTC). */
function inLastTwelveMonths(r: Row) {
  const now = new Date();
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1)).toISOString().slice(0, 10);
  return billedOn(r) >= first && billedOn(r).slice(0, 7) <= today.slice(0, 7);
}

test("an admin's client and invoice exports follow the search and keep formulas inert", async ({ page }) => {
  await signInViaApi(page, DEMO.admin);
  // A client whose names would be formulas in a spreadsheet.
  const created = await createClientViaUi(page, '=HYPERLINK("http://x")');

  await page.goto(`/admin/clients?q=${encodeURIComponent(created.email)}`);
  await expect(page.getByRole("table", { name: "Clients" }).getByText(created.email)).toBeVisible();
  const clients = await downloadCsv(page, () => page.getByRole("link", { name: /^Export CSV/ }).click());
  expect(clients.name).toBe(`clients-${today}.csv`);
  expect(clients.rows).toHaveLength(1);
  expect(clients.rows[0]).toMatchObject({
    Company: `'${created.company}`,
    Email: created.email,
    Status: "Active",
    Invoices: "0",
    "Balance (USD)": "0.00",
  });

  await page.goto("/admin/clients?q=Globex");
  const invoices = await downloadCsv(page, () => page.getByRole("link", { name: /^Export invoices/ }).click());
  expect(invoices.name).toBe(`invoices-${today}.csv`);
  const numbers = invoices.rows.map((r) => r.Invoice);
  for (const n of ["INV-2001", "INV-2002", "INV-2003", "INV-2004", "INV-2005"]) expect(numbers).toContain(n);
  expect(invoices.rows.every((r) => r.Client === "Globex Systems")).toBe(true);
  expect(invoices.rows.find((r) => r.Invoice === "INV-2002")).toMatchObject({
    Status: "Paid",
    "Amount (USD)": "15000.00",
    "Paid (USD)": "15000.00",
    "Outstanding (USD)": "0.00",
  });
});

test("a client's billing export and chart agree with its invoices", async ({ page }) => {
  await signInViaApi(page, DEMO.client);
  await page.goto("/client-portal?section=billing");
  const { rows } = await downloadCsv(page, () => page.getByRole("link", { name: "Export CSV" }).click());
  // The seeded invoices, exact to the cent, and nothing of the other demo client.
  expect(rows.find((r) => r.Invoice === "INV-1003")).toMatchObject({
    "Amount (USD)": "12500.50",
    "Paid (USD)": "12500.50",
    "Paid on": "2026-07-30",
  });
  expect(rows.find((r) => r.Invoice === "INV-1001")).toMatchObject({ "Paid (USD)": "19200.00", "Outstanding (USD)": "28800.00" });
  expect(rows.some((r) => (r.Invoice ?? "").startsWith("INV-2"))).toBe(false);
  for (const row of rows) for (const cell of Object.values(row)) expect(cell).not.toMatch(/^[=+\-@\t\r]/);

  // The chart's totals: the invoices billed in the last 12 months, cancelled ones aside.
  const inWindow = rows.filter((r) => r.Status !== "Cancelled" && inLastTwelveMonths(r));
  const paid = inWindow.reduce((s, r) => s + cents(r["Paid (USD)"] ?? ""), 0);
  const outstanding = inWindow.reduce((s, r) => s + cents(r["Outstanding (USD)"] ?? ""), 0);
  expect(paid).toBeGreaterThan(0);
  const chart = page.getByRole("figure", { name: "Paid vs Outstanding" });
  await expect(chart.getByRole("heading", { name: "Paid vs Outstanding" })).toBeVisible();
  expect(money(await chart.locator("[data-series-total=paid] .font-mono").innerText())).toBe(paid);
  expect(money(await chart.locator("[data-series-total=outstanding] .font-mono").innerText())).toBe(outstanding);

  // Show as table: twelve months whose figures add up to the same totals.
  await chart.getByText("Show as table").click();
  const table = chart.getByRole("table", { name: "Paid vs Outstanding, per month" });
  await expect(table).toBeVisible();
  const cells = await table
    .locator("tbody tr")
    .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll("td")].map((td) => td.textContent ?? "")));
  expect(cells).toHaveLength(12);
  expect(cells.reduce((s, [p]) => s + money(p!), 0)).toBe(paid);
  expect(cells.reduce((s, [, o]) => s + money(o!), 0)).toBe(outstanding);
});

test("the dashboard's charts agree with the invoice export", async ({ page }) => {
  await signInViaApi(page, DEMO.admin);
  await page.goto("/admin/clients");
  const { rows } = await downloadCsv(page, () => page.getByRole("link", { name: /^Export invoices/ }).click());
  const invoiced = rows
    .filter((r) => r.Client && r.Status !== "Cancelled" && inLastTwelveMonths(r))
    .reduce((s, r) => s + cents(r["Amount (USD)"] ?? ""), 0);
  expect(invoiced).toBeGreaterThan(0);

  await page.goto("/admin/dashboard");
  const chart = page.getByRole("figure", { name: "Invoiced vs Collected" });
  await expect(chart.getByRole("heading", { name: "Invoiced vs Collected" })).toBeVisible();
  expect(money(await chart.locator("[data-series-total=invoiced] .font-mono").innerText())).toBe(invoiced);
  // The demo's active Professional subscription ($6,500 a month) is this month's MRR, and the
  // legend shows it (tests/e2e/support-plans.spec.ts moves it while it holds the figure).
  await holdingFigure("mrr", async () => {
    await page.reload();
    const mrr = page.getByRole("figure", { name: "Monthly Recurring Revenue" });
    await expect(mrr.locator("[data-series-total=mrr]")).toHaveText(/MRR this month\s*\$6,500\.00/);
    await mrr.getByText("Show as table").click();
    await expect(mrr.getByRole("table").locator("tbody tr").last().locator("td")).toHaveText("$6,500.00");
  });
  // Server-drawn: no chart script, just SVG.
  await expect(chart.locator("svg rect")).toHaveCount(24);
});
