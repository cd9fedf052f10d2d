// Remediation analytics (docs/PRODUCT.md#analytics) on the demo data: Acme's owner filters the
// figures (the filters become the address), opens a chart's table and downloads its CSV; the
// admin's cross-company view narrows to one company. Read only: no figure here is moved.
import fs from "node:fs";
import { DEMO, expect, signInViaApi, test } from "./fixtures";

test("the owner filters analytics, switches a chart to its table and downloads its CSV", async ({ page }) => {
  await signInViaApi(page, DEMO.client);
  await page.goto("/client-portal?section=findings");
  await page.getByRole("link", { name: "Analytics" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Remediation analytics" })).toBeVisible();

  const filters = page.getByRole("form", { name: "Analytics filters" });
  await filters.getByLabel("Severity").selectOption("high");
  await filters.getByLabel("Period").selectOption("24m");
  await filters.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/[?&]severity=high/);
  await expect(page).toHaveURL(/[?&]period=24m/);
  await expect(filters.getByLabel("Severity")).toHaveValue("high");

  const chart = page.getByRole("figure", { name: "Time to remediate per month" });
  await expect(chart.getByText(/Days from publishing to the firm's Verified Fixed/)).toBeVisible();
  await expect(chart.getByRole("img", { name: /Time to remediate per month: bar chart/ })).toBeVisible();
  const table = chart.getByRole("table", { name: "Time to remediate per month" });
  await expect(table).toBeHidden();
  await chart.getByText("Show as table").click();
  await expect(table).toBeVisible();
  await expect(table.getByRole("columnheader", { name: "p95 (days)" })).toBeVisible();
  await expect(table.getByRole("row")).toHaveCount(25);

  const [download] = await Promise.all([page.waitForEvent("download"), chart.getByRole("link", { name: /Download CSV/ }).click()]);
  expect(download.suggestedFilename()).toBe("analytics-time-to-remediate-per-month.csv");
  const csv = fs.readFileSync((await download.path())!, "utf8");
  const lines = csv.trimEnd().split("\r\n");
  expect(lines[0]).toBe("Month,Fixes,Mean (days),p50 (days),p95 (days)");
  expect(lines).toHaveLength(25);

  // The SLA's definition is printed with its chart.
  await expect(page.getByRole("figure", { name: "SLA met per severity" }).getByText(/The SLA is the finding's due date/)).toBeVisible();
});

test("the admin's cross-company view narrows to one company", async ({ page }) => {
  await signInViaApi(page, DEMO.admin);
  await page.goto("/admin/analytics");
  await expect(page.getByRole("heading", { level: 1, name: "Analytics" })).toBeVisible();
  const filters = page.getByRole("form", { name: "Analytics filters" });
  const company = filters.getByLabel("Company");
  await expect(company).toHaveValue("");
  await expect(company.getByRole("option", { name: "Acme Robotics" })).toHaveCount(1);
  await company.selectOption({ label: "Globex Systems" });
  await filters.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/[?&]client=/);
  await expect(filters.getByLabel("Company")).toHaveValue(/.+/);
  // Globex's engagements only in the engagement picker.
  await expect(filters.getByLabel("Engagement").getByRole("option", { name: /^Acme Robotics/ })).toHaveCount(0);
  await expect(page.getByRole("figure", { name: "Open vs closed per month" })).toBeVisible();
  await expect(page.getByRole("link", { name: "SARIF 2.1.0" })).toHaveAttribute("href", /format=sarif/);
});
