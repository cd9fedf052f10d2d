// Admin → Operations (docs/PRODUCT.md#admin-operations): the demo's dead webhook delivery (a job to
// Acme's failing receiver that used up its retries, dead-lettered through the job engine at the
// demo's start) is listed with its queue and its error in plain words; the admin retries it and it
// leaves the dead jobs. The page fits a phone and passes axe first, while the row is there.
import { DEMO, expect, signInViaApi, test } from "./fixtures";
import { expectPhoneReady, PHONE } from "./phone-ready";

const DELIVERY = "id 00000000-0000-4000-8000-a7000000c001";

test.describe("at a phone's width", () => {
  test.use(PHONE);
  test("the queues and the dead jobs fit the screen as cards", async ({ page }) => {
    await signInViaApi(page, DEMO.admin);
    await page.goto("/admin/operations");
    await expect(page.getByRole("heading", { name: "Operations", level: 1 })).toBeVisible();
    await expect(page.getByRole("table", { name: "Queues" })).toBeVisible();
    await expect(page.getByRole("table", { name: "Dead jobs" }).getByRole("row").filter({ hasText: DELIVERY })).toBeVisible();
    await expectPhoneReady(page, "Admin → Operations");
  });
});

test("the admin sees the dead webhook delivery with its error and retries it", async ({ page }) => {
  await signInViaApi(page, DEMO.admin);
  await page.goto("/admin/dashboard");
  // Reached from the admin navigation.
  await page.getByRole("navigation").getByRole("link", { name: "Operations" }).first().click();
  await expect(page).toHaveURL(/\/admin\/operations$/);

  const queues = page.getByRole("table", { name: "Queues" });
  const webhooks = queues.getByRole("row").filter({ hasText: /^webhooks\./ });
  await expect(webhooks.first()).toBeVisible();
  await expect(queues.getByRole("columnheader", { name: "Oldest waiting" })).toBeVisible();

  const dead = page.getByRole("table", { name: "Dead jobs" });
  const row = dead.getByRole("row").filter({ hasText: DELIVERY });
  await expect(row).toContainText(/webhooks\./);
  // The receiver's answer in plain words: no stack trace.
  await expect(row).toContainText("Answered HTTP 503.");
  await expect(row).not.toContainText(" at ");
  const before = Number((await page.getByTestId("dead-job-count").textContent())?.match(/\d+/)?.[0]);
  expect(before).toBeGreaterThanOrEqual(1);

  await row.getByRole("button", { name: `Retry the dead ${await queueOf(row)} job (${DELIVERY})` }).click();
  await expect(page.getByRole("status").filter({ hasText: "job is queued again." })).toBeVisible();
  await expect(row).toHaveCount(0);
  await expect(page.getByTestId("dead-job-count")).toHaveText(`${before - 1} dead`);

  // Still gone after a reload: it went back to its queue, not just off the screen.
  await page.reload();
  await expect(page.getByRole("table", { name: "Dead jobs" }).getByRole("row").filter({ hasText: DELIVERY })).toHaveCount(0);
});

/** The queue name shown in a dead job's row (its first cell's monospace line). */
async function queueOf(row: import("@playwright/test").Locator): Promise<string> {
  return (await row.locator("th .font-mono").first().textContent())?.trim() ?? "";
}
