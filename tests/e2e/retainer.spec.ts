// Retainer hours in the portal (docs/PRODUCT.md#retainer-hours), on the demo data: Acme's retainer
// (AI Engineering Acceleration, 40 hours a month) shows this month's burn-down just under its 80%
// threshold, and last month's overage request waits. A member sees the request without the means
// to decide it; an owner approves it. The approval changes only last month's figures, which the
// burn-down does not show.
import type { Browser } from "@playwright/test";
import { DEMO, expect, signInViaApi, test, uniqueIp } from "./fixtures";

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
  await request.getByRole("button", { name: "Approve 3 h on LLM Gateway Security Assessment" }).click();
  await expect(owner.page.getByText("Overage approved.")).toBeVisible();
  await expect(request).toContainText("Approved by Jordan Lee");
  await expect(request.getByRole("button", { name: /Approve/ })).toHaveCount(0);
  await owner.context.close();
});
