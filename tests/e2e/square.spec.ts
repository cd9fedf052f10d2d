// The Square connection in the browser, against the fake Square the e2e run starts
// (tools/fake-square; playwright.config.ts points the app at it).
import { pickClient } from "./admin-helpers";
import { DEMO, expect, signInViaApi, test } from "./fixtures";

const FAKE_SQUARE = `http://127.0.0.1:${process.env.E2E_SQUARE_PORT ?? 3998}`;
// The demo fixture's invoices for the demo clients (tools/fake-square/fixtures.ts).
const ACME_INVOICES = ["SQ-3001", "SQ-3002", "SQ-3003"];

test.describe.serial("Square payment provider", () => {
  test.beforeAll(async ({ request }) => {
    // Fresh fixture data and no leftover faults at the fake.
    expect((await request.post(`${FAKE_SQUARE}/_fake/reset`)).status()).toBe(200);
  });

  test("denying access on Square's page shows 'OAuth failed: access denied'", async ({ page }) => {
    await signInViaApi(page, DEMO.admin);
    await page.goto("/admin/dashboard");
    const card = page.getByRole("region", { name: "Square Payments" });
    await card.getByRole("link", { name: /Connect Square|Reconnect/ }).click();
    await expect(page.getByRole("heading", { name: "Fake Square" })).toBeVisible();
    await page.getByRole("button", { name: "Deny" }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard/);
    await expect(card.getByRole("alert")).toHaveText("OAuth failed: access denied");
    // The query is dropped so a reload does not show the banner again.
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
  });

  test("the admin connects through Square's authorize page, sees the connected status and syncs", async ({ page }) => {
    await signInViaApi(page, DEMO.admin);
    await page.goto("/admin/dashboard");
    const card = page.getByRole("region", { name: "Square Payments" });
    await card.getByRole("link", { name: /Connect Square|Reconnect/ }).click();
    await expect(page.getByText("INVOICES_READ")).toBeVisible();
    await page.getByRole("button", { name: "Allow" }).click();

    await expect(page).toHaveURL(/\/admin\/dashboard/);
    await expect(card.getByText("Square account connected successfully!")).toBeVisible();
    await expect(card.getByText("Connected", { exact: true })).toBeVisible();
    await expect(card.getByText("MLFAKE7DEMO01")).toBeVisible();
    await expect(card.getByText(/Access token expires in \d+ days/)).toBeVisible();

    await card.getByRole("button", { name: "Sync Invoices" }).click();
    await expect(card.getByText("✅ Synced 6 invoices from Square")).toBeVisible();
    // The invoice of a customer linked to no client waits for an admin, reported, not dropped.
    await expect(card.getByText("1 invoice waits for a client: see Unmatched invoices.")).toBeVisible();
    await expect(card.getByRole("link", { name: "Unmatched invoices (1)" })).toBeVisible();
  });

  test("an unmatched invoice is assigned by the admin, and the customer's next invoice follows on its own", async ({ page, request }) => {
    await signInViaApi(page, DEMO.admin);
    await page.goto("/admin/dashboard");
    await page.getByRole("region", { name: "Square Payments" }).getByRole("link", { name: "Unmatched invoices (1)" }).click();
    await expect(page.getByRole("heading", { name: "Unmatched invoices", level: 1 })).toBeVisible();
    await expect(page.getByText("pat@unknown-company.example")).toBeVisible();
    await pickClient(page, "Assign Unknown Co to", "Globex Systems");
    await page.getByRole("button", { name: "Assign Unknown Co", exact: true }).click();
    await expect(page.getByRole("status")).toHaveText("Unknown Co assigned to Globex Systems");
    await expect(page.getByText("No unmatched invoices")).toBeVisible();

    // Square publishes a new invoice for that customer; the next sync files it under Globex.
    const published = await request.post(`${FAKE_SQUARE}/_fake/invoices`, {
      data: { customer_id: "CUSTFAKEOTHER01", amount: 123_400, title: "Follow-up review" },
    });
    expect(published.status()).toBe(200);
    const { invoice } = (await published.json()) as { invoice: { invoice_number: string } };
    await page.goto("/admin/dashboard");
    const card = page.getByRole("region", { name: "Square Payments" });
    await card.getByRole("button", { name: "Sync Invoices" }).click();
    await expect(card.getByText("✅ Synced 7 invoices from Square")).toBeVisible();
    await expect(card.getByRole("link", { name: "Unmatched invoices (0)" })).toBeVisible();

    await page.context().clearCookies();
    await signInViaApi(page, DEMO.client2);
    await page.goto("/client-portal?section=billing");
    await expect(page.getByText(invoice.invoice_number).first()).toBeVisible();
  });

  test("a sync that Square fails shows 'Sync failed: …'", async ({ page, request }) => {
    await request.post(`${FAKE_SQUARE}/_fake/faults`, { data: { path: "/v2/locations", status: 500, times: 1 } });
    await signInViaApi(page, DEMO.admin);
    await page.goto("/admin/dashboard");
    const card = page.getByRole("region", { name: "Square Payments" });
    await card.getByRole("button", { name: "Sync Invoices" }).click();
    await expect(card.getByRole("alert")).toContainText("Sync failed: Square is unavailable (HTTP 500)");
  });

  test("the synced invoices, deposit and balance included, appear in the client's billing section", async ({ page }) => {
    await signInViaApi(page, DEMO.client);
    await page.goto("/client-portal?section=billing");
    await expect(page.getByRole("heading", { name: /Billing & Invoices/ })).toBeVisible();
    // The table (desktop) and the cards (mobile) may both be in the page: look at the visible one.
    for (const number of ACME_INVOICES)
      await expect(page.getByText(number, { exact: true }).filter({ visible: true }).first()).toBeVisible();
    await expect(page.getByText("SQ-3004")).toHaveCount(0); // Globex's invoice stays with Globex
    // SQ-3001's deposit (paid) and balance, from Square's payment requests.
    await page
      .getByRole("row")
      .filter({ hasText: "SQ-3001" })
      .getByRole("button", { name: /Payment Schedule/i })
      .click();
    await expect(page.getByText("Deposit (30%)").filter({ visible: true }).first()).toBeVisible();
  });

  test("with Square connected, Acme's Square-run plan has Manage (Square's subscription page) and Cancel plan", async ({ page }) => {
    await signInViaApi(page, DEMO.client);
    await page.goto("/client-portal?section=book-service");
    await expect(page.getByText("Active plan: Professional")).toBeVisible();
    const manage = page.getByRole("link", { name: /^Manage/ });
    await expect(manage).toHaveAttribute("href", "https://app.squareupsandbox.com/dashboard/subscriptions/demo-sub-acme-professional");
    await expect(manage).toHaveAttribute("target", "_blank");
    await expect(page.getByRole("button", { name: "Cancel plan" })).toBeVisible();
    await expect(page.getByText("Square is not connected", { exact: false })).toHaveCount(0);
    // Now the portal can cancel and switch, the notes say so.
    await expect(page.getByText("Cancel anytime: the plan runs to the end of its paid period", { exact: true })).toBeVisible();
  });

  test("a connection made with the old permissions names what each feature needs; Reconnect in Settings grants them", async ({ page }) => {
    await signInViaApi(page, DEMO.admin);
    // Square's authorize page, asked for the scopes the product asked for before it billed.
    await page.goto("/api/oauth/square?action=authorize");
    await expect(page.getByRole("heading", { name: "Fake Square" })).toBeVisible();
    const old = new URL(page.url());
    old.searchParams.set("scope", "INVOICES_READ CUSTOMERS_READ MERCHANT_PROFILE_READ SUBSCRIPTIONS_READ PAYMENTS_READ");
    await page.goto(old.toString());
    await page.getByRole("button", { name: "Allow" }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard/);
    const card = page.getByRole("region", { name: "Square Payments" });
    await expect(card.getByText("Square account connected successfully!")).toBeVisible();
    await expect(
      card.getByText("This Square connection lacks permissions the product needs. Reconnect Square to grant them:"),
    ).toBeVisible();
    await expect(card.getByRole("listitem").filter({ hasText: "Invoice line items needs" })).toContainText("ORDERS_READ");

    // The invoices still sync; their line items are reported as not available.
    await card.getByRole("button", { name: "Sync Invoices" }).click();
    await expect(card.getByText(/✅ Synced \d+ invoices from Square/)).toBeVisible();
    await expect(card.getByText(/Invoice line items needs Square's ORDERS_READ permission/)).toBeVisible();

    await page.goto("/admin/settings");
    const settings = page.getByRole("region", { name: "Square permissions" });
    await expect(settings.getByRole("listitem").filter({ hasText: "Switching and cancelling Square plans needs" })).toContainText(
      "SUBSCRIPTIONS_WRITE",
    );
    await settings.getByRole("link", { name: "Reconnect Square" }).click();
    await expect(page.getByText("ORDERS_READ")).toBeVisible();
    await page.getByRole("button", { name: "Allow" }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard/);
    await expect(card.getByText("Square account connected successfully!")).toBeVisible();
    await expect(card.getByText(/lacks permissions/)).toHaveCount(0);
    await card.getByRole("button", { name: "Sync Invoices" }).click();
    await expect(card.getByText(/✅ Synced \d+ invoices from Square/)).toBeVisible();
    await expect(card.getByText(/ORDERS_READ/)).toHaveCount(0);
    await page.goto("/admin/settings");
    await expect(page.getByRole("region", { name: "Square permissions" })).toHaveCount(0);
  });
});
