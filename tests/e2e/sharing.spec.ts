// Sharing with third parties (docs/PRODUCT.md#sharing-with-third-parties): the owner shares the
// latest report behind the step-up; the recipient, in a browser of their own, opens the mailed link,
// accepts the NDA, views a page and downloads a stamped copy; the owner sees both in the access log;
// the copy's code verifies at /verify. A private server, whose log holds the mailed link.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { DEMO, expect, test } from "./fixtures";
import { type MailServer, startMailServer } from "./mail-server";

let server: MailServer;
test.beforeAll(async () => {
  // Migrating and seeding a fresh server takes longer than a test on a loaded machine.
  test.setTimeout(180_000);
  server = await startMailServer();
});
test.afterAll(async () => {
  await server?.stop();
});

async function waitForShareLink(email: string, since: number): Promise<string> {
  const pattern = new RegExp(
    `To: ${email.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\n[\\s\\S]*?(http://localhost:\\d+/shared/open\\?token=[A-Za-z0-9_-]+)`,
  );
  const deadline = Date.now() + 20_000;
  for (;;) {
    const match = server.output().slice(since).match(pattern);
    if (match) return match[1]!;
    if (Date.now() > deadline) throw new Error(`no share mail to ${email} in the server output`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

test("an owner shares behind the step-up; the recipient accepts the NDA, views and downloads; the owner sees it; the code verifies", async ({
  page,
  browser,
}) => {
  // A journey across a fresh private server, each page's first render there included, as the other
  // private-server specs allow for.
  test.setTimeout(120_000);
  const recipient = `reviewer-${Date.now()}@audit-firm.example`;
  await page.goto(`${server.baseURL}/client-portal`);
  await expect(page.getByRole("button", { name: "Login" })).toBeEnabled();
  await page.getByLabel("Email").fill(DEMO.client.email);
  await page.getByLabel("Password").fill(DEMO.client.password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByRole("heading", { name: "Dashboard Overview" })).toBeVisible();
  await page.goto(`${server.baseURL}/client-portal?section=settings&tab=sharing`);
  const room = page.getByRole("region", { name: "Share room" });
  await room.getByRole("button", { name: "Share documents" }).click();
  const dialog = page.getByRole("dialog", { name: "Share documents" });
  await dialog.getByLabel("Recipients").fill(`Robin Reviewer <${recipient}>`);
  const since = server.output().length;
  await dialog.getByRole("button", { name: "Share", exact: true }).click();
  const prompt = page.getByRole("group", { name: "Confirm it is you" });
  await prompt.getByLabel("Password").fill(DEMO.client.password);
  await prompt.getByRole("button", { name: "Confirm" }).click();
  await expect(room.getByText("Shared: each recipient was sent a sign-in link.")).toBeVisible();
  const link = await waitForShareLink(recipient, since);

  // The recipient: a fresh browser, no account.
  const context = await browser.newContext();
  const guest = await context.newPage();
  await guest.goto(link);
  await guest.getByRole("button", { name: "Open the shared documents" }).click();
  await expect(guest.getByRole("heading", { name: "Confidentiality agreement" })).toBeVisible();
  await guest.getByLabel("Your full name").fill("Robin Reviewer");
  await guest.getByRole("checkbox").check();
  await guest.getByRole("button", { name: "Accept and continue" }).click();
  const documents = guest.getByRole("list", { name: "Shared documents" });
  await expect(documents).toBeVisible();
  await documents.getByRole("link", { name: "View" }).first().click();
  const shown = guest.getByTestId("shared-page");
  await expect(shown).toBeVisible();
  await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(100);
  const downloading = guest.waitForEvent("download");
  await documents.getByRole("link", { name: "Download" }).first().click();
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "share-e2e-")), "copy.pdf");
  await (await downloading).saveAs(file);
  const text = execFileSync("pdftotext", [file, "-"]).toString("utf8").replace(/\s+/g, " ");
  expect(text).toContain(`Shared with Robin Reviewer <${recipient}>`);
  const code = /verify ([0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4})/.exec(text)?.[1];
  expect(code).toBeTruthy();
  await context.close();

  // The owner's access log has the view and the download, by the recipient.
  await page.goto(`${server.baseURL}/client-portal?section=settings&tab=access-log`);
  const log = page.getByRole("main");
  await expect(log.getByText("A recipient viewed a shared page").first()).toBeVisible();
  await expect(log.getByText("A recipient downloaded a stamped copy").first()).toBeVisible();
  await expect(log.getByText(recipient).first()).toBeVisible();

  // Anyone holding the copy checks it.
  await page.goto(`${server.baseURL}/verify/${code}`);
  await expect(page.getByRole("heading", { name: "Genuine copy shared by Acme Robotics" })).toBeVisible();
  await expect(page.getByTestId("copy-state")).toContainText("Current");
  await expect(page.getByText(recipient)).toBeVisible();
});
