// Client rates: defaults for a new client, edit, add and remove cards, save, see them after a
// reload and in the client's portal.
import { DEMO, expect, signInViaApi, test } from "./fixtures";
import { acceptInvitation, clientRowAction, createClientViaUi, uniqueSuffix } from "./admin-helpers";

test("no client selected", async ({ page }) => {
  await signInViaApi(page, DEMO.admin);
  await page.goto("/admin/client-rates");
  await expect(page.getByRole("heading", { name: "Manage Client Rates" })).toBeVisible();
  await expect(page.getByText("No client selected")).toBeVisible();
});

test("save rates and see them in the client's portal", async ({ page, browser }) => {
  await signInViaApi(page, DEMO.admin);
  const client = await createClientViaUi(page, "Rates Co");

  await page.goto("/admin/clients");
  await page.getByRole("searchbox", { name: "Search clients" }).fill(client.company);
  await expect(page).toHaveURL(/[?&]q=/);
  await expect(page.getByRole("row")).toHaveCount(2);
  await (await clientRowAction(page, client.company, "Manage rates")).click();
  await expect(page.getByRole("heading", { name: "Manage Client Rates" })).toBeVisible();
  await expect(page.getByText(client.company).first()).toBeVisible();

  // A new client starts with the firm's default rates (docs/PRODUCT.md#rules-default-rate-cards),
  // stored as its own cards, listed by service type.
  const hourly = page.getByLabel("Hourly rate ($)");
  await expect(hourly).toHaveCount(3);
  await expect(page.getByLabel("Service type").nth(0)).toHaveValue("AI Engineering Acceleration");
  await expect(hourly.nth(0)).toHaveValue("275");
  await expect(hourly.nth(1)).toHaveValue("350");
  await expect(hourly.nth(2)).toHaveValue("300");
  await expect(page.getByLabel("Monthly retainer ($, optional)").nth(1)).toHaveValue("25000");

  await hourly.nth(1).fill("-5");
  await page.getByRole("button", { name: "Save Rates" }).click();
  await expect(page.getByText("Enter a non-negative amount in dollars (at most 2 decimals)")).toBeVisible();

  await hourly.nth(1).fill("362.50");
  await page.getByRole("button", { name: "Remove rate card AI Engineering Acceleration" }).click();
  await page.getByRole("button", { name: "Add Rate Card" }).click();
  const tier = `Tier ${uniqueSuffix()}`;
  await page.getByLabel("Service type").nth(2).fill("Red Team Retainer");
  await page.getByLabel("Hourly rate ($)").nth(2).fill("410");
  await page.getByLabel("Discount tier (optional)").nth(0).fill(tier);
  await page.getByLabel("Monthly retainer ($, optional)").nth(1).fill("");
  await page.getByRole("button", { name: "Save Rates" }).click();
  await expect(page.getByText("Rates updated successfully!")).toBeVisible();

  await page.reload();
  await expect(page.getByLabel("Hourly rate ($)")).toHaveCount(3);
  await expect(page.getByLabel("Service type").nth(0)).toHaveValue("AI Security Assessment");
  await expect(page.getByLabel("Hourly rate ($)").nth(0)).toHaveValue("362.50");
  await expect(page.getByLabel("Discount tier (optional)").nth(0)).toHaveValue(tier);
  await expect(page.getByLabel("Monthly retainer ($, optional)").nth(1)).toHaveValue("");
  await expect(page.getByLabel("Service type").nth(2)).toHaveValue("Red Team Retainer");

  const password = `pw-${uniqueSuffix()}-long`;
  const context = await browser.newContext({
    extraHTTPHeaders: { "x-forwarded-for": `10.252.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` },
  });
  const portal = await context.newPage();
  await acceptInvitation(portal, client.inviteUrl, password);
  await signInViaApi(portal, { email: client.email, password });
  await portal.goto("/client-portal?section=rates");
  await expect(portal.getByText("Red Team Retainer")).toBeVisible();
  await expect(portal.getByText(tier)).toBeVisible();
  await expect(portal.getByText(/\$362(\.50)?/).first()).toBeVisible();
  await context.close();
});
