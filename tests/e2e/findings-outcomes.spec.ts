// The firm corrects findings (docs/PRODUCT.md#admin-findings, #portal-findings): it publishes a
// SARIF import's drafts at once with "Select all drafts", withdraws a published finding (the client
// reads the reason on its page and its counts drop) and marks one a duplicate of another. Each
// test imports its own findings, with titles of its own, into an Acme engagement of its own.
import { randomUUID } from "node:crypto";
import type { Browser, Page } from "@playwright/test";
import { DEMO, expect, signInViaApi, test, uniqueIp } from "./fixtures";

// Acme's engagements without demo findings, one per test.
const ENGAGEMENTS = {
  bulk: "00000000-0000-4000-8000-c00000000003",
  withdraw: "00000000-0000-4000-8000-c00000000004",
  duplicate: "00000000-0000-4000-8000-c00000000002",
};

const sarifOf = (titles: string[], level = "error") =>
  JSON.stringify({
    version: "2.1.0",
    runs: [
      {
        tool: { driver: { name: "llm-scanner", rules: titles.map((title, i) => ({ id: `R${i}`, shortDescription: { text: title } })) } },
        results: titles.map((_, i) => ({ ruleId: `R${i}`, level, message: { text: `Result ${i}` } })),
      },
    ],
  });

async function go(page: Page, path: string) {
  await page.goto(path);
  await page.locator("html[data-hydrated=true]").waitFor({ state: "attached", timeout: 15_000 });
}

async function importDrafts(page: Page, projectId: string, titles: string[]) {
  await go(page, `/admin/findings?projectId=${projectId}`);
  await page
    .getByLabel("Scan file")
    .setInputFiles({ name: "scan.sarif", mimeType: "application/json", buffer: Buffer.from(sarifOf(titles)) });
  await page.getByRole("button", { name: "Preview import" }).click();
  await page.getByRole("region", { name: "Import preview" }).getByRole("button", { name: "Import", exact: true }).click();
  await expect(page.getByText(`Imported: ${titles.length} new draft${titles.length === 1 ? "" : "s"}, 0 already known`)).toBeVisible();
}

async function publish(page: Page, titles: string[]) {
  for (const title of titles) await page.getByRole("checkbox", { name: `Select ${title}` }).check();
  await page.getByRole("button", { name: `Publish selected (${titles.length})` }).click();
  await expect(page.getByText(`Published ${titles.length} finding${titles.length === 1 ? "" : "s"}`)).toBeVisible();
}

async function clientPage(browser: Browser) {
  const context = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": uniqueIp() } });
  const page = await context.newPage();
  await signInViaApi(page, DEMO.client);
  return { context, page };
}

const tag = () => randomUUID().slice(0, 8);

test.describe.configure({ timeout: 120_000 });

test("Select all drafts publishes a whole import at once, announced as it is selected", async ({ page, browser }) => {
  await signInViaApi(page, DEMO.admin);
  const t = tag();
  const titles = [`Bulk A ${t}`, `Bulk B ${t}`, `Bulk C ${t}`];
  await importDrafts(page, ENGAGEMENTS.bulk, titles);

  await page.getByRole("checkbox", { name: /^Select all drafts/ }).check();
  for (const title of titles) await expect(page.getByRole("checkbox", { name: `Select ${title}` })).toBeChecked();
  await expect(page.getByRole("status").filter({ hasText: /selected: \d+ drafts, 0 published/ })).toBeVisible();
  await page.getByRole("button", { name: /^Publish selected \(\d+\)$/ }).click();
  await expect(page.getByText(/^Published \d+ findings$/)).toBeVisible();
  await expect(page.getByRole("checkbox", { name: /^Select all drafts/ })).toHaveCount(0);

  const client = await clientPage(browser);
  await go(client.page, "/client-portal?section=findings");
  const list = client.page.getByRole("list", { name: "Findings" });
  for (const title of titles) await expect(list.getByRole("link", { name: title })).toBeVisible();
  await client.context.close();
});

test("a withdrawn finding leaves the client's counts and list; its page says why", async ({ page, browser }) => {
  await signInViaApi(page, DEMO.admin);
  const title = `Withdrawn ${tag()}`;
  const reason = `Reported against a host outside the scope (${tag()}).`;
  await importDrafts(page, ENGAGEMENTS.withdraw, [title]);
  await publish(page, [title]);

  const client = await clientPage(browser);
  await go(client.page, "/client-portal?section=findings");
  await expect(client.page.getByRole("list", { name: "Findings" }).getByRole("link", { name: title })).toBeVisible();
  const high = Number(await client.page.getByTestId("count-high").textContent());

  await page.getByRole("link", { name: title }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await page.getByText("Set an outcome").click();
  // Nothing preselected: Withdrawn mails the client, so it is never the default.
  await expect(page.getByLabel("Outcome", { exact: true })).toHaveValue("");
  await page.getByRole("button", { name: "Set outcome" }).click();
  await expect(page.getByLabel("Outcome", { exact: true })).toHaveAccessibleDescription("Choose an outcome");
  await page.getByLabel("Outcome", { exact: true }).selectOption("withdrawn");
  await page.getByLabel("Reason (the client reads it)").fill(reason);
  await page.getByRole("button", { name: "Set outcome" }).click();
  await expect(page.getByText(`Withdrawn by the firm: ${reason}`)).toBeVisible();
  // The form is gone: focus is on Undo, which took its place, not on the page's body.
  await expect(page.getByRole("button", { name: "Undo outcome (reopen)" })).toBeFocused();

  await go(client.page, "/client-portal?section=findings");
  await expect(client.page.getByTestId("count-high")).toHaveText(String(high - 1));
  await expect(client.page.getByRole("link", { name: title })).toHaveCount(0);
  await client.page.getByLabel("Show closed by the firm").check();
  await client.page.getByRole("button", { name: "Apply" }).click();
  await client.page.getByRole("list", { name: "Findings" }).getByRole("link", { name: title }).click();
  await expect(client.page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(client.page.getByText(`Withdrawn by the firm: ${reason}`)).toBeVisible();
  await expect(client.page.getByRole("button", { name: "Request retest" })).toHaveCount(0);
  await client.context.close();
});

test("a published finding is marked a duplicate of another from the engagement's list", async ({ page }) => {
  await signInViaApi(page, DEMO.admin);
  const t = tag();
  const original = `Original ${t}`;
  const copy = `Copy ${t}`;
  await importDrafts(page, ENGAGEMENTS.duplicate, [original, copy]);
  await publish(page, [original, copy]);

  await page.getByRole("checkbox", { name: `Select ${copy}` }).check();
  await expect(page.getByRole("status").filter({ hasText: "1 selected: 0 drafts, 1 published" })).toBeVisible();
  await page.getByText("Change outcome of the selected published (1)").click();
  await page.getByLabel("Outcome", { exact: true }).selectOption("duplicate");
  await page.getByLabel("Duplicate of", { exact: true }).selectOption({ label: original });
  await page.getByLabel("Reason", { exact: true }).fill("The same route, found twice.");
  await page.getByRole("button", { name: "Set outcome" }).click();
  await expect(page.getByText("Duplicate: 1 finding")).toBeVisible();
  await expect(page.getByRole("list", { name: "Engagement findings" })).toBeFocused();

  await page.getByRole("link", { name: copy }).click();
  await expect(page.getByRole("heading", { level: 1, name: copy })).toBeVisible();
  await expect(page.getByText(`Duplicate of ${original}: The same route, found twice.`)).toBeVisible();
  await expect(page.getByRole("button", { name: "Undo outcome (reopen)" })).toBeVisible();
});
