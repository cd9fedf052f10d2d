// The people of a client company (docs/PRODUCT.md#portal-team), the admin's client page
// (docs/PRODUCT.md#admin-client-page) and the complete read-only view as client
// (docs/PRODUCT.md#admin-view-as-client).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser, Page } from "@playwright/test";
import { acceptInvitation, clientRowAction, createClientViaUi, invitedClientSignedIn, pickClient, uniqueSuffix } from "./admin-helpers";
import { submitPortalLogin } from "./auth-helpers";
import { DEMO, expect, signInViaApi, test, uniqueIp } from "./fixtures";
import { type MailServer, startMailServer, waitForResetLink } from "./mail-server";

const PASSWORD = "colleague-password-1";

async function newBrowser(browser: Browser, baseURL?: string) {
  // The shared server's address unless another is named (an explicit undefined would unset it).
  const context = await browser.newContext({ ...(baseURL ? { baseURL } : {}), extraHTTPHeaders: { "x-forwarded-for": uniqueIp() } });
  return { context, page: await context.newPage() };
}

test.describe("an owner's team, on a server of its own (its mails are read from its output)", () => {
  let server: MailServer;
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    server = await startMailServer();
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test("an owner invites a colleague, who signs in to the same company; demoted then removed, their browser is signed out; a member reaches neither Team actions nor withheld Billing", async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const owner = await newBrowser(browser, server.baseURL);
    await submitPortalLogin(owner.page, DEMO.client.email, DEMO.client.password);
    // This server started a moment ago: its first sign-in also waits for its first database work.
    await expect(owner.page.getByText(DEMO.client.email).first()).toBeVisible({ timeout: 30_000 });
    await owner.page.goto("/client-portal?section=settings&tab=team");
    const team = owner.page.locator("#team");
    await expect(team.getByText("member@example.com")).toBeVisible();
    // The company's only owner is offered neither demotion nor removal of themself.
    const me = team.locator(`[data-person="${DEMO.client.email}"]`);
    await expect(me.getByText("The only owner: make someone else an owner before changing this role.")).toBeVisible();
    await expect(me.getByRole("button")).toHaveCount(0);

    // Invite, as an owner.
    const email = `colleague-${uniqueSuffix()}@example.org`;
    const since = server.output().length;
    await team.getByRole("button", { name: "Invite a colleague" }).click();
    const dialog = owner.page.getByRole("dialog", { name: "Invite a colleague" });
    await dialog.getByLabel("Name").fill("Casey Colleague");
    await dialog.getByLabel("Email").fill(email);
    await dialog.getByLabel("Role").selectOption("owner");
    await dialog.getByRole("button", { name: "Send invitation" }).click();
    // This server logs its mail instead of sending it, so the owner is not told it was sent.
    await expect(owner.page.getByText(`The invitation for ${email} is kept in the outbox: mail is not configured yet`)).toBeVisible();
    const row = team.locator(`[data-person="${email}"]`);
    await expect(row.locator('[data-status="invited"]')).toBeVisible();

    // An address another company uses: refused, nothing said about it.
    await team.getByRole("button", { name: "Invite a colleague" }).click();
    await dialog.getByLabel("Name").fill("Sam Elsewhere");
    await dialog.getByLabel("Email").fill(DEMO.client2.email);
    await dialog.getByRole("button", { name: "Send invitation" }).click();
    await expect(dialog.getByText("This e-mail address cannot be invited.").first()).toBeVisible();
    await dialog.getByRole("button", { name: "Cancel" }).click();

    // The colleague sets a password from the mail and sees Acme's data.
    const link = await waitForResetLink(server, email, since);
    const colleague = await newBrowser(browser, server.baseURL);
    await acceptInvitation(colleague.page, `${link}&invite=1`, PASSWORD);
    await submitPortalLogin(colleague.page, email, PASSWORD);
    await expect(colleague.page.getByText("Acme Robotics").first()).toBeVisible();
    await colleague.page.goto("/client-portal?section=billing");
    await expect(colleague.page.getByText("INV-1001").first()).toBeVisible();

    // Demoted, then removed: their open browser is signed out on its next request.
    await owner.page.reload();
    await expect(row.locator('[data-status="active"]')).toBeVisible();
    await row.getByRole("button", { name: "Make member: Casey Colleague" }).click();
    await expect(row.locator('[data-status="member"]')).toBeVisible();
    // The member sees no Team card, and when Billing is withheld, no Billing either.
    await owner.page.getByRole("switch", { name: "Hide Billing from members" }).click();
    await expect(owner.page.getByRole("switch", { name: "Hide Billing from members" })).toHaveAttribute("aria-checked", "true");
    await colleague.page.goto("/client-portal?section=settings");
    await expect(colleague.page.getByRole("heading", { name: "Account Settings" })).toBeVisible();
    await expect(colleague.page.locator("#team")).toHaveCount(0);
    await expect(colleague.page.getByRole("link", { name: "Billing" })).toHaveCount(0);
    await colleague.page.goto("/client-portal?section=billing");
    await expect(colleague.page.getByText("Billing is not available to you. Ask an owner of your company.")).toBeVisible();
    await expect(colleague.page.getByText("INV-1001")).toHaveCount(0);
    // Nor the projects' money: the cards come without Total Value, Outstanding or payment progress.
    await colleague.page.goto("/client-portal?section=projects");
    await expect(colleague.page.getByRole("heading", { name: "LLM Gateway Security Assessment" })).toBeVisible();
    await expect(colleague.page.getByText("Total Value")).toHaveCount(0);
    await expect(colleague.page.getByText("Outstanding")).toHaveCount(0);
    await expect(colleague.page.getByText("Payment progress")).toHaveCount(0);
    // The server refuses them too.
    expect((await colleague.page.request.get("/api/client/invoices/export")).status()).toBe(403);
    await owner.page.getByRole("switch", { name: "Hide Billing from members" }).click();
    await expect(owner.page.getByRole("switch", { name: "Hide Billing from members" })).toHaveAttribute("aria-checked", "false");

    await row.getByRole("button", { name: "Remove Casey Colleague" }).click();
    const confirm = owner.page.getByRole("dialog", { name: "Remove Casey Colleague?" });
    await confirm.getByRole("button", { name: "Remove" }).click();
    await expect(row.locator('[data-status="deactivated"]')).toBeVisible();
    // The button that opened the dialog went with the change: focus is on the card's heading, not lost.
    await expect(team.getByRole("heading", { name: "Team" })).toBeFocused();
    await colleague.page.reload();
    await expect(colleague.page.getByRole("button", { name: "Login" })).toBeVisible();
    await owner.context.close();
    await colleague.context.close();
  });
});

// The server's refusal of every Team action to a member: src/features/clients/tests/client-team.test.ts.
test("a member of the demo company sees no Team card and no Team actions", async ({ browser }) => {
  const member = await newBrowser(browser);
  await submitPortalLogin(member.page, "member@example.com", DEMO.client.password);
  await expect(member.page.getByText("member@example.com").first()).toBeVisible();
  await member.page.goto("/client-portal?section=settings&tab=team");
  await expect(member.page.getByRole("heading", { name: "Account Settings" })).toBeVisible();
  await expect(member.page.getByRole("button", { name: "Invite a colleague" })).toHaveCount(0);
  await expect(member.page.locator("#team")).toHaveCount(0);
  await member.context.close();
});

test("an admin deactivates a company (its people cannot sign in, with a clear message) and reactivates it", async ({ page, browser }) => {
  await signInViaApi(page, DEMO.admin);
  const { client, context, me } = await invitedClientSignedIn(page, browser, "Lifecycle", PASSWORD);
  // A new company has no documents yet: its library says so, rather than asking to adjust a search.
  await me.goto("/client-portal?section=documents");
  await expect(me.getByText("No documents yet")).toBeVisible();
  await page.goto(`/admin/clients?q=${encodeURIComponent(client.company)}`);
  await (await clientRowAction(page, client.company, "Settings")).click();
  await expect(page.getByRole("heading", { level: 1, name: client.company })).toBeVisible();
  // Nothing to keep: it could be deleted.
  await expect(page.getByRole("button", { name: "Delete client" })).toBeEnabled();
  // A dialog closed without a change gives focus back to what opened it; after the change, to the
  // button in its place (Reactivate, to undo it).
  await page.getByRole("button", { name: "Deactivate client" }).click();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("button", { name: "Deactivate client" })).toBeFocused();
  await page.getByRole("button", { name: "Deactivate client" }).click();
  await page
    .getByRole("dialog", { name: `Deactivate ${client.company}?` })
    .getByRole("button", { name: "Deactivate" })
    .click();
  await expect(page.getByText(`${client.company} is deactivated. Its people were signed out.`)).toBeVisible();
  await expect(page.getByRole("button", { name: "Reactivate client" })).toBeFocused();

  // Their open browser is signed out; signing in says why.
  await me.reload();
  await expect(me.getByRole("button", { name: "Login" })).toBeVisible();
  await submitPortalLogin(me, client.email, PASSWORD);
  await expect(me.getByText("This client account is inactive. Please contact us to reactivate it.")).toBeVisible();

  await page.getByRole("button", { name: "Reactivate client" }).click();
  await page
    .getByRole("dialog", { name: `Reactivate ${client.company}?` })
    .getByRole("button", { name: "Reactivate" })
    .click();
  await expect(page.getByText(`${client.company} is active again.`)).toBeVisible();
  await submitPortalLogin(me, client.email, PASSWORD);
  await expect(me.getByText(client.email).first()).toBeVisible();
  await context.close();
});

test("an admin who invites from the client page gets the invitation link to copy", async ({ page }) => {
  await signInViaApi(page, DEMO.admin);
  const client = await createClientViaUi(page, "Invite Link");
  await page.goto(`/admin/clients?q=${encodeURIComponent(client.company)}`);
  await (await clientRowAction(page, client.company, "Settings")).click();
  await expect(page.getByRole("heading", { level: 1, name: client.company })).toBeVisible();
  await page.getByRole("button", { name: "Invite a colleague" }).click();
  const dialog = page.getByRole("dialog", { name: "Invite a colleague" });
  const email = `link-${uniqueSuffix()}@example.org`;
  await dialog.getByLabel("Name").fill("Linked Colleague");
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByRole("button", { name: "Send invitation" }).click();
  // No outgoing mail here: the admin is told so plainly, with the link to send.
  await expect(dialog.getByText("Mail is not configured: copy this invitation link and send it yourself.")).toBeVisible();
  await expect(dialog.getByLabel("Invitation link")).toHaveValue(/\/reset-password\?token=[A-Za-z0-9]+&invite=1$/);
  await expect(dialog.getByRole("button", { name: "Copy invitation link" })).toBeVisible();
  await dialog.getByRole("button", { name: "Done" }).click();
  await expect(page.getByRole("list", { name: "People" }).locator(`[data-person="${email}"]`)).toContainText("Invited");
});

test("a company with invoices cannot be deleted: the button is disabled and the page says why", async ({ page }) => {
  await signInViaApi(page, DEMO.admin);
  await page.goto("/admin/clients?q=Acme%20Robotics");
  await page.getByRole("link", { name: "Acme Robotics" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Acme Robotics" })).toBeVisible();
  // The demo company has its two people: the owner and the member.
  const people = page.getByRole("list", { name: "People" });
  await expect(people.locator(`[data-person="${DEMO.client.email}"]`)).toContainText("Owner");
  await expect(people.locator('[data-person="member@example.com"]')).toContainText("Member");
  await expect(page.getByRole("link", { name: "Invoices of Acme Robotics" })).toHaveAttribute(
    "href",
    /\/admin\/invoices\?client=[0-9a-f-]{36}$/,
  );
  // The server refuses it too (src/features/clients/tests); the screen does not offer it.
  const remove = page.getByRole("button", { name: "Delete client" });
  await expect(remove).toBeDisabled();
  await expect(remove).toHaveAccessibleDescription(
    "This company has invoices or documents: they are kept, so it can be deactivated but not deleted.",
  );
});

async function teamWritesWithAttachment(page: Page, company: string, subject: string) {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "e2e-view-")), "findings.pdf");
  fs.writeFileSync(file, "%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
  await page.goto("/admin/messages");
  await page.getByRole("button", { name: "New conversation" }).click();
  const compose = page.locator("form").filter({ has: page.getByRole("button", { name: "Send message" }) });
  await pickClient(compose, "Client", company);
  await compose.getByLabel("Subject").fill(subject);
  await compose.getByRole("textbox", { name: "Message", exact: true }).fill("The report is attached.");
  await page.locator('input[type="file"]').setInputFiles(file);
  await compose.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByRole("article", { name: subject })).toBeVisible();
}

test("view as client opens a conversation and downloads its attachment; a send from that view is refused by the server", async ({
  page,
}) => {
  await signInViaApi(page, DEMO.admin);
  // A company of its own: the conversation would be unread for it, which no other test must count.
  const { company } = await createClientViaUi(page, "Viewed");
  const subject = `Report ${Date.now()}`;
  await teamWritesWithAttachment(page, company, subject);

  await page.goto(`/admin/clients?q=${encodeURIComponent(company)}`);
  await page.getByRole("button", { name: `View portal of ${company}` }).click();
  await expect(page.getByRole("region", { name: "Read-only view" })).toBeVisible();
  await page.goto("/client-portal?section=messages");
  await expect(page.getByRole("heading", { level: 1, name: "Messages" })).toBeVisible();
  await expect(page.getByRole("button", { name: "New conversation" })).toHaveCount(0);
  await page.getByRole("link", { name: new RegExp(subject) }).click();
  await expect(page.getByRole("heading", { name: subject })).toBeVisible();
  await expect(page.getByText("The report is attached.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Send reply" })).toHaveCount(0);
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: /findings\.pdf/ }).click()]);
  expect(download.suggestedFilename()).toBe("findings.pdf");

  // A reply sent anyway (the form is not there) is refused by the server.
  const threadId = new URL(page.url()).searchParams.get("thread")!;
  const reply = await page.request.post(`/api/client/messages/threads/${threadId}`, {
    multipart: { body: "Sent from the view" },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(reply.status()).toBe(403);
  expect(await reply.json()).toMatchObject({ error: "Read-only view: changes cannot be made while viewing a client's portal." });
  await page.getByRole("region", { name: "Read-only view" }).getByRole("button", { name: "Exit" }).click();
  await expect(page).toHaveURL(/\/admin\/clients$/);
});
