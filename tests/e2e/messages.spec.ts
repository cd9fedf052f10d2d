// Messages between a client and the team (docs/PRODUCT.md#portal-messages), and the overview's
// Upcoming Meetings figure. Globex starts the thread: portal.spec checks Acme's overview figures.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser, Page } from "@playwright/test";
import { createClientViaUi, pickClient } from "./admin-helpers";
import { DEMO, expect, signInViaApi, test, uniqueIp } from "./fixtures";

const messagesFigure = (page: Page) => page.getByRole("main").getByText("Messages", { exact: true }).locator("xpath=following-sibling::p");

async function pageAs(browser: Browser, who: { email: string; password: string }) {
  const context = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": uniqueIp() } });
  const page = await context.newPage();
  await signInViaApi(page, who);
  return { page, context };
}
const open = async (page: Page, url: string) => {
  await page.goto(url);
  await page.locator("html[data-hydrated=true]").waitFor({ state: "attached", timeout: 15_000 });
};

test("a client starts a thread with an attachment, the admin replies, the client sees the reply and the unread figure change; another client gets 404", async ({
  browser,
  page,
}) => {
  const subject = `Findings ${Date.now()}`;
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "e2e-msg-")), "evidence.pdf");
  fs.writeFileSync(file, "%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");

  await signInViaApi(page, DEMO.client2);
  await page.goto("/client-portal?section=messages");
  await expect(page.getByRole("heading", { level: 1, name: "Messages" })).toBeVisible();
  await page.getByRole("button", { name: "New conversation" }).click();
  await page.getByLabel("Subject").fill(subject);
  await page
    .getByRole("textbox", { name: "Message", exact: true })
    .fill("Prompt injection in the support bot, details in https://example.com/f1 <b>not bold</b>");
  await page.locator('input[type="file"]').setInputFiles(file);
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByRole("heading", { name: subject })).toBeVisible();
  const threadUrl = page.url();
  const threadId = new URL(threadUrl).searchParams.get("thread")!;
  expect(threadId).toMatch(/^[0-9a-f-]{36}$/);
  // Text stays text; the link is a safe link.
  await expect(page.getByText("<b>not bold</b>", { exact: false })).toBeVisible();
  const link = page.getByRole("link", { name: "https://example.com/f1" });
  await expect(link).toHaveAttribute("rel", "noopener noreferrer nofollow");
  await expect(page.getByRole("button", { name: /evidence\.pdf/ })).toBeVisible();

  await open(page, "/client-portal");
  await expect(messagesFigure(page)).toHaveText("0");

  // The team sees it unread, opens it, downloads nothing, replies.
  const admin = await pageAs(browser, DEMO.admin);
  await open(admin.page, "/admin/messages?unread=1");
  await admin.page.getByRole("link", { name: new RegExp(subject) }).click();
  await expect(admin.page.getByRole("heading", { name: subject })).toBeVisible();
  await expect(admin.page.getByRole("button", { name: /evidence\.pdf/ })).toBeVisible();
  await admin.page.getByLabel("Your reply").fill("Thanks, we are on it.");
  await admin.page.getByRole("button", { name: "Send reply" }).click();
  await expect(admin.page.getByText("Thanks, we are on it.")).toBeVisible();
  await admin.context.close();

  // The client's figure shows the unread reply, and goes back to 0 once the thread is opened.
  await page.reload();
  await expect(messagesFigure(page)).toHaveText("1");
  await open(page, threadUrl);
  await expect(page.getByText("Thanks, we are on it.")).toBeVisible();
  await expect(page.getByText("Seen").first()).toBeVisible();
  await open(page, "/client-portal");
  await expect(messagesFigure(page)).toHaveText("0");

  // Another client naming the thread's id: 404 from the API, "Conversation not found" on screen.
  const other = await pageAs(browser, DEMO.client);
  const response = await other.page.request.get(`/api/client/messages/threads/${threadId}`);
  expect(response.status()).toBe(404);
  await open(other.page, `/client-portal?section=messages&thread=${threadId}`);
  await expect(other.page.getByText("Conversation not found.")).toBeVisible();
  await expect(other.page.getByText(subject)).toHaveCount(0);
  await other.context.close();
});

test("Upcoming Meetings counts the client's approved booking that starts in the future, and Book Service lists it", async ({ page }) => {
  await signInViaApi(page, DEMO.client);
  await page.goto("/client-portal");
  // Acme's demo booking "Hands-on enablement for the platform team." is approved and starts three weeks after the demo is seeded.
  await expect(page.getByRole("main").getByText("Upcoming Meetings").locator("xpath=following-sibling::p")).toHaveText("1");
  await page.goto("/client-portal?section=book-service");
  const meetings = page.getByRole("region", { name: "Upcoming Meetings" });
  await expect(meetings.getByText("Hands-on enablement for the platform team.")).toBeVisible();
});

test("the team starts a conversation with a client picked by typing, and Close and Reopen show their new state at once", async ({
  page,
}) => {
  const subject = `Scope ${Date.now()}`;
  await signInViaApi(page, DEMO.admin);
  // A company of its own: the conversation is unread for it, which no other test must count.
  const { company } = await createClientViaUi(page, "Picker");
  await page.goto("/admin/messages");
  await page.getByRole("button", { name: "New conversation" }).click();
  const compose = page.locator("form").filter({ has: page.getByRole("button", { name: "Send message" }) });
  await pickClient(compose, "Client", company);
  await compose.getByLabel("Subject").fill(subject);
  await compose.getByRole("textbox", { name: "Message", exact: true }).fill("Shall we schedule the retest?");
  await compose.getByRole("button", { name: "Send message" }).click();
  const thread = page.getByRole("article", { name: subject });
  await expect(thread).toBeVisible();
  await expect(thread.getByText(company)).toBeVisible();
  const status = thread.locator("[data-status]");
  await expect(status).toHaveText("Open");

  // No reload: the saved status shows within a second of the press, with its message.
  await thread.getByRole("button", { name: `Close the conversation ${subject}` }).click();
  await expect(status).toHaveText("Closed", { timeout: 1000 });
  await expect(thread.getByRole("button", { name: `Reopen the conversation ${subject}` })).toBeEnabled({ timeout: 1000 });
  await expect(page.getByRole("status").filter({ hasText: "Conversation closed" })).toBeVisible();
  await thread.getByRole("button", { name: `Reopen the conversation ${subject}` }).click();
  await expect(status).toHaveText("Open", { timeout: 1000 });
  await expect(thread.getByRole("button", { name: `Close the conversation ${subject}` })).toBeEnabled({ timeout: 1000 });
  await expect(page.getByRole("status").filter({ hasText: "Conversation reopened" })).toBeVisible();

  // The list's client filter is the same picker, by keyboard: three letters, Arrow Down, Enter.
  await page.getByRole("button", { name: "All conversations" }).click();
  const filter = page.getByRole("combobox", { name: "Client", exact: true });
  await filter.click();
  // Three letters of its name, arrows down to it, Enter.
  await filter.pressSequentially(company.slice(0, 3));
  const options = page.getByRole("listbox", { name: "Clients" }).getByRole("option");
  await expect(options.filter({ hasText: company })).toBeVisible();
  const position = (await options.allTextContents()).findIndex((text) => text.includes(company));
  // The first match is active while typing: down and back up, then down to the company.
  await filter.press("ArrowDown");
  await filter.press("ArrowUp");
  for (let i = 0; i < position; i += 1) await filter.press("ArrowDown");
  await filter.press("Enter");
  await expect(filter).toHaveValue(company);
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/client=[0-9a-f-]{36}/);
  await expect(page.getByRole("link", { name: new RegExp(subject) })).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Client", exact: true })).toHaveValue(company);
});
