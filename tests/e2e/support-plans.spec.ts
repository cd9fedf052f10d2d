// Support plans defined in Settings reach the portal's Book Service; subscribing without Square is
// a pending request the admin confirms, and MRR rises by its price; a retired plan leaves Book
// Service while its subscription stays (docs/PRODUCT.md#admin-settings, docs/PRODUCT.md#portal-book-service).
import type { Page } from "@playwright/test";
import { invitedClientSignedIn, uniqueSuffix } from "./admin-helpers";
import { DEMO, expect, signInViaApi, test } from "./fixtures";
import { holdingFigure } from "./shared-figures";

const cents = (text: string) => Math.round(Number(text.replace(/[$,]/g, "")) * 100);

async function mrrCard(page: Page): Promise<number> {
  await page.goto("/admin/subscriptions");
  const value = page.getByText("Monthly Recurring Revenue", { exact: true }).locator("xpath=following-sibling::p[1]");
  return cents(await value.innerText());
}

test("an admin creates a plan, a client asks for it, the admin confirms it; retired, it leaves Book Service and the subscription stays", async ({
  page,
  browser,
}) => {
  test.slow();
  await signInViaApi(page, DEMO.admin);
  const name = `Plan ${uniqueSuffix()}`;

  await page.goto("/admin/settings");
  await page.getByRole("button", { name: "New plan" }).click();
  const dialog = page.getByRole("dialog", { name: "New support plan" });
  await dialog.getByLabel("Plan name").fill(name);
  await dialog.getByLabel("Monthly price ($)").fill("-1");
  await dialog.getByRole("button", { name: "Create plan" }).click();
  await expect(dialog.getByText("Enter a non-negative amount in dollars (at most 2 decimals)")).toBeVisible();
  await dialog.getByLabel("Monthly price ($)").fill("1,234.50");
  await dialog.getByLabel("Features").fill("Red-team drill\nOn-call analyst");
  await dialog.getByLabel(/Highlighted/).check();
  await dialog.getByRole("button", { name: "Create plan" }).click();
  await expect(page.getByText(`Plan ${name} created`)).toBeVisible();
  const row = page.locator(`[data-plan="${name}"]`);
  await expect(row).toContainText("$1,234.50/month · 2 features · 0 subscribers");

  const { client, context, me } = await invitedClientSignedIn(page, browser, "Plans Co", "plans-client-password-1");
  await me.goto("/client-portal?section=book-service");
  const card = me.locator(`[data-tier="${name}"]`);
  await expect(card.getByText("POPULAR")).toBeVisible();
  await expect(card.getByText("On-call analyst")).toBeVisible();
  await card.getByRole("button", { name: "Subscribe Now" }).click();
  // Asked first, naming the price and the start.
  const ask = me.getByRole("dialog", { name: `Subscribe to the ${name} plan?` });
  await expect(ask).toContainText("$1,234.50/month, billed monthly in advance, starting");
  await ask.getByRole("button", { name: "Subscribe", exact: true }).click();
  await expect(me.getByText(`Your request for the ${name} plan was sent.`)).toBeVisible();
  await expect(me.getByText(`Requested: ${name}`)).toBeVisible();
  await expect(card.getByRole("button", { name: "Subscribe Now" })).toBeDisabled();

  await holdingFigure("mrr", async () => {
    const before = await mrrCard(page);
    await page.getByRole("searchbox", { name: "Search subscriptions" }).fill(name);
    await expect(page).toHaveURL(/[?&]q=/);
    const label = `${name} for ${client.company}`;
    await page.getByRole("button", { name: `Confirm ${label}` }).click();
    await expect(page.getByText("Subscription confirmed")).toBeVisible();
    await expect(page.getByRole("row", { name: new RegExp(name) }).getByText("Active")).toBeVisible();
    expect(await mrrCard(page)).toBe(before + 123_450);

    // Square is not connected in this run (tests/e2e/square.spec.ts runs last): the firm bills the
    // plan, so its first period waits, and both sides say so instead of a next billing date.
    await expect(
      page.getByRole("row", { name: new RegExp(name) }).getByText("Not billed: waits for Square to be connected (Settings)"),
    ).toBeVisible();
    await me.reload();
    await expect(me.getByText(`Active plan: ${name}`)).toBeVisible();
    await expect(
      me.getByText(
        "Not billed yet: our payment provider is not connected, so nothing has been charged. This period is invoiced once it is.",
      ),
    ).toBeVisible();
    await expect(me.getByText(/Next billing /)).toHaveCount(0);
    await expect(me.locator(`[data-tier="${name}"]`).getByRole("button", { name: "Current Plan" })).toBeDisabled();

    // Retired: gone from Book Service, the subscription stays.
    await page.goto("/admin/settings");
    await page.getByRole("button", { name: `Retire ${name}` }).click();
    await expect(page.getByText(`Plan ${name} retired`)).toBeVisible();
    await expect(row).toContainText("Retired");
    await expect(row).toContainText("1 subscriber");
    await me.reload();
    await expect(me.getByText(`Active plan: ${name}`)).toBeVisible();
    await expect(me.locator(`[data-tier="${name}"]`)).toHaveCount(0);

    // The admin cancels it (with a reason): MRR is back where it was.
    await page.goto(`/admin/subscriptions?q=${encodeURIComponent(name)}`);
    await page.getByRole("button", { name: `Cancel ${label}` }).click();
    const cancel = page.getByRole("dialog", { name: "Cancel subscription" });
    await cancel.getByLabel("Reason (optional)").fill("Moved to a project contract");
    await cancel.getByRole("button", { name: "Cancel subscription" }).click();
    await expect(page.getByText("Subscription cancelled")).toBeVisible();
    expect(await mrrCard(page)).toBe(before);
  });
  await me.reload();
  await expect(me.getByText(`Active plan: ${name}`)).toHaveCount(0);
  await context.close();
});

test("the admin declines a request with a reason the client reads", async ({ page, browser }) => {
  await signInViaApi(page, DEMO.admin);
  const name = `Plan ${uniqueSuffix()}`;
  await page.goto("/admin/settings");
  await page.getByRole("button", { name: "New plan" }).click();
  const dialog = page.getByRole("dialog", { name: "New support plan" });
  await dialog.getByLabel("Plan name").fill(name);
  await dialog.getByLabel("Monthly price ($)").fill("99");
  await dialog.getByLabel("Features").fill("Quarterly review");
  await dialog.getByRole("button", { name: "Create plan" }).click();
  await expect(page.getByText(`Plan ${name} created`)).toBeVisible();

  const { client, context, me } = await invitedClientSignedIn(page, browser, "Declined Co", "declined-client-password-1");
  await me.goto("/client-portal?section=book-service");
  await me.locator(`[data-tier="${name}"]`).getByRole("button", { name: "Subscribe Now" }).click();
  await me
    .getByRole("dialog", { name: `Subscribe to the ${name} plan?` })
    .getByRole("button", { name: "Subscribe", exact: true })
    .click();
  await expect(me.getByText(`Requested: ${name}`)).toBeVisible();

  await page.goto(`/admin/subscriptions?q=${encodeURIComponent(name)}`);
  await page.getByRole("button", { name: `Decline ${name} for ${client.company}` }).click();
  const decline = page.getByRole("dialog", { name: "Decline plan request" });
  await decline.getByLabel("Reason (optional)").fill("We start new retainers in January.");
  await decline.getByRole("button", { name: "Decline request" }).click();
  await expect(page.getByText("Request declined")).toBeVisible();

  await me.reload();
  await expect(me.getByText(`Your request for the ${name} plan was declined.`)).toBeVisible();
  await expect(me.getByText("Reason: We start new retainers in January.")).toBeVisible();
  await context.close();

  await page.goto("/admin/settings");
  await page.getByRole("button", { name: `Retire ${name}` }).click();
  await expect(page.getByText(`Plan ${name} retired`)).toBeVisible();
});

test("a plan with the firm's Square checkout link: Subscribe Now opens it in a new tab, with a notice for 3 seconds", async ({
  page,
  browser,
}) => {
  await signInViaApi(page, DEMO.admin);
  const name = `Plan ${uniqueSuffix()}`;
  const checkout = `https://square.link/u/e2e-${uniqueSuffix()}`;
  await page.goto("/admin/settings");
  await page.getByRole("button", { name: "New plan" }).click();
  const dialog = page.getByRole("dialog", { name: "New support plan" });
  await dialog.getByLabel("Plan name").fill(name);
  await dialog.getByLabel("Monthly price ($)").fill("250");
  await dialog.getByLabel("Features").fill("Monthly review");
  // Only a secure address, and only with the plan variation Square's subscription comes back with.
  await dialog.getByLabel("Square checkout link (optional)").fill("http://square.link/u/plain");
  await dialog.getByRole("button", { name: "Create plan" }).click();
  await expect(dialog.getByText("Enter the checkout link's full https:// address")).toBeVisible();
  await dialog.getByLabel("Square checkout link (optional)").fill(checkout);
  await dialog.getByRole("button", { name: "Create plan" }).click();
  await expect(dialog.getByText("A plan with a checkout link needs its Square plan variation id")).toBeVisible();
  await dialog.getByLabel("Square plan variation id (optional)").fill(`PLANE2E${uniqueSuffix().replace(/[^A-Za-z0-9]/g, "")}`);
  await dialog.getByRole("button", { name: "Create plan" }).click();
  await expect(page.getByText(`Plan ${name} created`)).toBeVisible();

  const { context, me } = await invitedClientSignedIn(page, browser, "Checkout Co", "checkout-client-password-1");
  // Square's page itself is not this test's: the new tab gets a stand-in.
  await context.route(`${checkout}**`, (route) => route.fulfill({ contentType: "text/html", body: "<title>Square checkout</title>" }));
  await me.goto("/client-portal?section=book-service");
  const subscribe = me.locator(`[data-tier="${name}"]`).getByRole("link", { name: /^Subscribe Now/ });
  await expect(subscribe).toHaveAttribute("href", checkout);
  await expect(subscribe).toHaveAttribute("target", "_blank");
  await expect(subscribe).toHaveAttribute("rel", /\bnoopener\b/);
  const [tab] = await Promise.all([context.waitForEvent("page"), subscribe.click()]);
  await expect(tab).toHaveURL(checkout);
  const notice = me.getByText(`Square's secure checkout for the ${name} plan opened in a new tab.`);
  await expect(notice).toBeVisible();
  // Gone after 3 seconds; nothing was requested here: the plan comes from Square's subscription.
  await expect(notice).toBeHidden({ timeout: 6_000 });
  await expect(me.getByText(`Requested: ${name}`)).toHaveCount(0);
  await context.close();

  await page.goto("/admin/settings");
  await page.getByRole("button", { name: `Retire ${name}` }).click();
  await expect(page.getByText(`Plan ${name} retired`)).toBeVisible();
});
