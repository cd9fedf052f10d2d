// Retainer hours in the portal (docs/PRODUCT.md#retainer-hours), on the demo data: Acme's retainer
// (AI Engineering Acceleration, 40 hours a month) shows this month's burn-down just under its 80%
// threshold, and last month's overage request waits. A member sees the request without the means
// to decide it; an owner approves it. The approval changes only last month's figures, which the
// burn-down does not show.
import type { Browser } from "@playwright/test";
import { createClientViaUi, pickClient, uniqueSuffix } from "./admin-helpers";
import { DEMO, expect, signInViaApi, test, uniqueIp } from "./fixtures";
import { PHONE } from "./phone-ready";

const MEMBER = { email: "member@example.com", password: DEMO.client.password } as const;

async function signedIn(browser: Browser, who: { email: string; password: string }) {
  const context = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": uniqueIp() } });
  const page = await context.newPage();
  await signInViaApi(page, who);
  return { context, page };
}

test.describe.configure({ mode: "serial", timeout: 90_000 });

test("the burn-down shows the month's figures and the entries behind them", async ({ browser }) => {
  const { context, page } = await signedIn(browser, DEMO.client);
  await page.goto("/client-portal?section=retainer");
  await expect(page.getByRole("heading", { level: 1, name: "AI Engineering Acceleration" })).toBeVisible();
  const burndown = page.getByTestId("retainer-burndown");
  await expect(burndown).toContainText("31.5 h of 40 h used (79%)");
  await expect(burndown.getByText("Remaining")).toBeVisible();
  await expect(burndown).toContainText("8.5 h");
  await expect(page.getByRole("progressbar", { name: "Hours used this month" })).toHaveAttribute("aria-valuenow", "79");
  await expect(
    page.getByRole("table", { name: "Time entries this month" }).getByText("Gateway rate limits and abuse monitoring"),
  ).toBeVisible();
  await expect(page.getByRole("table", { name: "Hours per month" })).toBeVisible();
  // The sidebar lists the section for a client with a retainer.
  await expect(page.getByRole("link", { name: "Retainer" }).first()).toBeVisible();
  await context.close();
});

test("a member cannot decide an overage request; an owner approves it", async ({ browser }) => {
  const member = await signedIn(browser, MEMBER);
  await member.page.goto("/client-portal?section=retainer");
  const memberRequest = member.page
    .getByTestId("overage-request")
    .filter({ hasText: "Incident support after the gateway's model upgrade" });
  await expect(memberRequest).toContainText("Pending");
  await expect(memberRequest.getByRole("button", { name: /Approve/ })).toHaveCount(0);
  await expect(member.page.getByText("An owner of your company approves or declines overage.")).toBeVisible();
  await member.context.close();

  const owner = await signedIn(browser, DEMO.client);
  await owner.page.goto("/client-portal?section=retainer");
  const request = owner.page.getByTestId("overage-request").filter({ hasText: "Incident support after the gateway's model upgrade" });
  // The price before the decision: 3 h at the $275 overage rate, billed with last month's close.
  const lastMonth = new Date();
  lastMonth.setUTCDate(1);
  lastMonth.setUTCMonth(lastMonth.getUTCMonth() - 1);
  const billedWith = lastMonth.toLocaleDateString("en-US", { month: "long", timeZone: "UTC" });
  const price = `3 h × $275 = $825, billed with ${billedWith}`;
  await expect(request.getByText(price)).toBeVisible();
  await request.getByRole("button", { name: "Approve 3 h on LLM Gateway Security Assessment" }).click();
  const confirm = owner.page.getByRole("dialog", { name: "Approve 3 h on LLM Gateway Security Assessment?" });
  await expect(confirm).toContainText(price);
  await confirm.getByRole("button", { name: "Approve overage" }).click();
  await expect(owner.page.getByText("Overage approved.")).toBeVisible();
  await expect(request).toContainText("Approved by Jordan Lee");
  await expect(request.getByRole("button", { name: /Approve/ })).toHaveCount(0);
  // Focus stays with the request it decided, not the page's body.
  await expect(request.getByRole("heading", { name: /^3 h on LLM Gateway Security Assessment/ })).toBeFocused();
  await owner.context.close();
});

test("on a phone the month's entries are cards: nothing scrolls sideways", async ({ browser }) => {
  const context = await browser.newContext({ ...PHONE, extraHTTPHeaders: { "x-forwarded-for": uniqueIp() } });
  const page = await context.newPage();
  await signInViaApi(page, DEMO.client);
  await page.goto("/client-portal?section=retainer");
  const entry = page.getByTestId("retainer-entry").filter({ hasText: "Gateway rate limits and abuse monitoring" });
  await expect(entry).toBeVisible();
  // Hours and Billing are on the card, inside the screen.
  const box = await entry.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  const billing = await entry.getByText(/^(Billable|Non-billable|Overage)$/).boundingBox();
  expect(billing!.x + billing!.width).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await context.close();
});

test("the admin sets the terms, changes them and logs time through the card's buttons; an entry crossing the budget is split", async ({
  browser,
}) => {
  const { context, page } = await signedIn(browser, DEMO.admin);
  const client = await createClientViaUi(page, "Retainer Co");
  const project = `Retainer Work ${uniqueSuffix()}`;
  await page.goto("/admin/projects");
  await page.getByRole("button", { name: "Create Project" }).click();
  const form = page.getByRole("dialog", { name: "Create Project" });
  await form.getByLabel("Project name").fill(project);
  await pickClient(form, "Client", client.company);
  await form.getByRole("button", { name: "Create Project" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Project created successfully" })).toBeVisible();

  await page.goto(`/admin/clients?${new URLSearchParams({ q: client.company })}`);
  await page.getByRole("link", { name: client.company }).click();
  const card = page.locator("[data-card]").filter({ has: page.getByRole("heading", { name: "Retainer", exact: true }) });
  await expect(card).toBeVisible();

  // Set the terms, then change them: each press acts and says so.
  await card.getByLabel("Hours a month", { exact: true }).fill("1");
  await card.getByLabel("Hourly rate ($)", { exact: true }).fill("150");
  await card.getByLabel("Overage rate ($)", { exact: true }).fill("200");
  await card.getByRole("button", { name: "Set Retainer" }).click();
  await expect(card.getByText("Retainer saved.")).toBeVisible();
  const save = card.getByRole("button", { name: "Save Retainer" });
  await expect(save).toBeEnabled();
  await card.getByLabel("Hours a month", { exact: true }).fill("2");
  await save.press("Enter");
  await expect(card.getByRole("button", { name: "Save Retainer" })).toBeEnabled();
  await expect(card.getByTestId("retainer-burndown")).toContainText("of 2 h used");

  // Log 3 hours against 2: 2 count, 1 waits for the owner.
  const logTime = card.getByRole("button", { name: "Log Time" });
  await expect(logTime).toBeEnabled();
  await card.getByLabel("Hours (quarter hours)", { exact: true }).fill("3");
  await card.getByLabel("Person", { exact: true }).fill("Casey Park");
  await card.getByLabel("Description", { exact: true }).fill("Prompt-injection regression suite");
  await logTime.click();
  await expect(card.getByText("2 h logged within the month's hours; the other 1 h wait for an owner's approval.")).toBeVisible();
  await expect(card.getByTestId("retainer-burndown")).toContainText("2 h of 2 h used (100%)");
  await expect(card.getByTestId("retainer-entry").filter({ hasText: "Prompt-injection regression suite" })).toContainText("2 h");

  // Closing a month asks first; Cancel leaves it open.
  await card.getByRole("button", { name: "Close Month" }).click();
  const ask = page.getByRole("dialog", { name: /^Close \d{4}-\d{2}\?$/ });
  await expect(ask).toContainText("A closed month cannot be reopened.");
  await ask.getByRole("button", { name: "Cancel" }).click();
  await expect(ask).toHaveCount(0);
  await context.close();
});
