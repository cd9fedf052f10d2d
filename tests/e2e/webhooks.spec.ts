// The company's webhooks in Settings (docs/PRODUCT.md#api-and-webhooks): the demo's endpoint,
// not connected without the demo services, with its delivery log; adding a signed endpoint shows its secret once; a private
// address is refused with the reason; an endpoint is turned off and removed; events raised while it
// is off are held, and turning it on asks to deliver or skip them.
import { DEMO, expect, signInViaApi, test } from "./fixtures";
import { expectScreenReady, LAPTOP } from "./phone-ready";

test("an owner reads the failing endpoint's delivery log, adds an endpoint, and removes it", async ({ page }) => {
  await signInViaApi(page, DEMO.client);
  await page.goto("/client-portal?section=settings&tab=api");
  const card = page.getByRole("region", { name: "Webhooks" });
  // The demo's endpoint without the demo services (the suite runs with DEMO_SERVICES=off): neither Active nor Failing.
  const demo = card.getByRole("listitem").filter({ hasText: "Ticket sync receiver" });
  await expect(demo).toContainText("Not connected (demo data)");
  await expect(demo.getByText("Failing", { exact: true })).toHaveCount(0);
  await demo.getByRole("button", { name: /^Delivery log of/ }).click();
  const log = page.getByRole("dialog", { name: "Delivery log" });
  const deliveries = log.getByRole("list", { name: "Deliveries" });
  await expect(deliveries).toContainText("finding.status_changed");
  await expect(deliveries).toContainText("HTTP 502");
  await expect(deliveries).toContainText("No answer within 10 seconds.");
  await expect(deliveries).toContainText("HTTP 503");
  // The dialog's own Close button at its foot (the corner's is the other "Close").
  await log.getByRole("button", { name: "Close" }).last().click();
  await expect(log).toHaveCount(0);

  await card.getByRole("button", { name: "Add endpoint" }).click();
  const add = page.getByRole("dialog", { name: "Add a webhook endpoint" });
  await add.getByLabel("Address").fill("http://10.0.0.1/hooks");
  await add.getByRole("button", { name: "Add endpoint" }).click();
  // Said above the form and under the field, which names it as its description.
  await expect(add.getByLabel("Address")).toHaveAccessibleDescription("Webhooks go to addresses on the public internet only.");
  await expect(add.getByRole("alert").first()).toHaveText("Webhooks go to addresses on the public internet only.");

  const url = `https://hooks.example.com/e2e-${Date.now()}`;
  await add.getByLabel("Address").fill(url);
  await add.getByRole("button", { name: "Add endpoint" }).click();
  const secret = page.getByRole("dialog", { name: "Copy the signing secret" });
  await expect(secret.getByLabel("Signing secret")).toHaveValue(/^whsec_[A-Za-z0-9+/=]{44}$/);
  await secret.getByRole("button", { name: "Done" }).click();

  const added = card.getByRole("listitem").filter({ hasText: url });
  await expect(added).toContainText("Active");
  await added.getByRole("button", { name: `Turn off ${url}` }).click();
  await expect(added).toContainText("Disabled");
  await added.getByRole("button", { name: `Remove ${url}` }).click();
  await page.getByRole("dialog", { name: "Remove this webhook endpoint?" }).getByRole("button", { name: "Remove endpoint" }).click();
  await expect(added).toHaveCount(0);
});

test("an endpoint turned off holds its events; turned on, the owner skips them and the log keeps them as skipped", async ({ page }) => {
  await signInViaApi(page, DEMO.client);
  await page.goto("/client-portal?section=settings&tab=api");
  const card = page.getByRole("region", { name: "Webhooks" });
  await card.getByRole("button", { name: "Add endpoint" }).click();
  const add = page.getByRole("dialog", { name: "Add a webhook endpoint" });
  // Each event says in a line when it is sent.
  await expect(add.getByRole("checkbox", { name: "finding.published" })).toHaveAccessibleDescription("A finding is published to you.");
  await expectScreenReady(page, "Add a webhook endpoint", LAPTOP.viewport.width, '[role="dialog"]');
  // A name that never resolves: the test event waits for its retry rather than being delivered.
  const url = `https://held-${Date.now()}.invalid/hook`;
  await add.getByLabel("Address").fill(url);
  await add.getByRole("button", { name: "Add endpoint" }).click();
  await page.getByRole("dialog", { name: "Copy the signing secret" }).getByRole("button", { name: "Done" }).click();

  const row = card.getByRole("listitem").filter({ hasText: url });
  await row.getByRole("button", { name: `Send test event to ${url}` }).click();
  await expect(card.getByText("Test event queued")).toBeVisible();
  await row.getByRole("button", { name: `Turn off ${url}` }).click();
  await expect(row).toContainText("Disabled");
  await expect(row).toContainText(/1 event from .+ UTC was held while this endpoint was off\./);

  await row.getByRole("button", { name: `Turn on ${url}` }).click();
  const choice = page.getByRole("dialog", { name: "Turn this endpoint on" });
  await expect(choice).toContainText("1 event from");
  await expectScreenReady(page, "Turn this endpoint on", LAPTOP.viewport.width, '[role="dialog"]');
  await choice.getByRole("button", { name: "Skip it" }).click();
  await expect(choice).toHaveCount(0);
  await expect(card.getByText("Endpoint turned on: 1 held event is skipped.", { exact: false })).toBeVisible();
  await expect(row).toContainText("Active");
  await expect(row).not.toContainText("was held while");

  await row.getByRole("button", { name: `Delivery log of ${url}` }).click();
  const log = page.getByRole("dialog", { name: "Delivery log" });
  await expect(log.getByRole("list", { name: "Deliveries" })).toContainText("Skipped");
  await log.getByRole("button", { name: "Close" }).last().click();
  await row.getByRole("button", { name: `Remove ${url}` }).click();
  await page.getByRole("dialog", { name: "Remove this webhook endpoint?" }).getByRole("button", { name: "Remove endpoint" }).click();
  await expect(row).toHaveCount(0);
});
