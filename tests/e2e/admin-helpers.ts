// Shared steps of the admin browser tests. Records they create carry a unique suffix, because all
// specs share one server and one demo database.
import type { Browser, BrowserContext, Locator, Page } from "@playwright/test";
import { submitPortalLogin } from "./auth-helpers";
import { expect } from "./fixtures";

export function uniqueSuffix(): string {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
}

/**
 * Picks a client in a client picker (docs/PRODUCT.md#admin-frame-and-navigation) as a person
 * would: types the first three letters of its name, then chooses it from the matches shown.
 */
export async function pickClient(scope: Page | Locator, label: string, company: string): Promise<void> {
  const box = scope.getByRole("combobox", { name: label, exact: true });
  await box.click();
  await box.pressSequentially(company.slice(0, 3));
  await scope.getByRole("listbox", { name: "Clients" }).getByRole("option", { name: company, exact: true }).click();
  await expect(box).toHaveValue(company);
}

/**
 * Chooses `item` in a list row's menu "Actions for <name>" (docs/PRODUCT.md#admin-lists), as a
 * person would: opens the menu, then picks the item by its words. The menu opens in place, inside
 * `scope`.
 */
export async function chooseRowAction(scope: Page | Locator, name: string, item: string): Promise<void> {
  await scope.getByRole("button", { name: `Actions for ${name}`, exact: true }).click();
  await scope.getByRole("menuitem", { name: item, exact: true }).click();
}

export type InvitedClient = { company: string; contact: string; email: string; inviteUrl: string };

/** Creates a client through the dashboard's Create New Client dialog; returns the invitation link. */
export async function createClientViaUi(page: Page, label: string): Promise<InvitedClient> {
  const suffix = uniqueSuffix();
  const client = { company: `${label} ${suffix}`, contact: `Casey ${suffix}`, email: `e2e-${suffix}@example.org` };
  await page.goto("/admin/dashboard");
  await page.getByRole("button", { name: "Create New Client" }).click();
  const dialog = page.getByRole("dialog", { name: "Create New Client" });
  await dialog.getByLabel("Company").fill(client.company);
  await dialog.getByLabel("Contact person").fill(client.contact);
  await dialog.getByLabel("Email").fill(client.email);
  await dialog.getByLabel("Phone (optional)").fill("+1 555 0100");
  await dialog.getByRole("button", { name: "Create Client" }).click();
  const done = page.getByRole("dialog", { name: "Client created" });
  // Browser tests run without outgoing mail: the dialog says so and hands over the link.
  await expect(done.getByText("Mail is not configured: copy this invitation link and send it yourself.")).toBeVisible();
  await expect(done.getByText(client.email)).toBeVisible();
  const inviteUrl = await done.getByLabel("Invitation link").inputValue();
  expect(inviteUrl).toMatch(/\/reset-password\?token=[A-Za-z0-9]+&invite=1$/);
  await done.getByRole("button", { name: "Done" }).click();
  return { ...client, inviteUrl };
}

/** Follows the invitation link and sets the password on the /reset-password page, as the invitee would. */
export async function acceptInvitation(page: Page, inviteUrl: string, password: string): Promise<void> {
  await page.goto(inviteUrl);
  await page.getByLabel(/^new password/i).fill(password);
  await page.getByLabel(/confirm/i).fill(password);
  // An invitation link (invite=1) words the page as "Set Your Password".
  await expect(page.getByRole("heading", { name: "Set Your Password" })).toBeVisible();
  await page.getByRole("button", { name: "Set Password" }).click();
  // Its own success words: the invitee had no password to reset.
  await expect(page.getByRole("heading", { name: "Your password is set" })).toBeVisible();
  await expect(page.getByText("Password Reset Successfully")).toHaveCount(0);
}

/**
 * The admin signed in on `page` creates a client; its invitee, in a browser of their own, sets
 * `password` from the invitation and signs in on the portal's form. `prepare` runs on that browser
 * first (a virtual authenticator, say).
 */
export async function invitedClientSignedIn(
  page: Page,
  browser: Browser,
  name: string,
  password: string,
  prepare?: (context: BrowserContext, me: Page) => Promise<void>,
): Promise<{ client: InvitedClient; context: BrowserContext; me: Page }> {
  const client = await createClientViaUi(page, name);
  const context = await browser.newContext();
  const me = await context.newPage();
  if (prepare) await prepare(context, me);
  await acceptInvitation(me, client.inviteUrl, password);
  await submitPortalLogin(me, client.email, password);
  await expect(me.getByText(client.email).first()).toBeVisible();
  return { client, context, me };
}

/** Opens a client row's menu on /admin/clients (docs/PRODUCT.md#admin-lists) and returns the item named `item`. */
export async function clientRowAction(page: Page, company: string, item: "Manage rates" | "Invoices" | "Settings"): Promise<Locator> {
  await page.getByRole("button", { name: `Actions for ${company}`, exact: true }).click();
  const action = page.getByRole("menu").getByRole("menuitem", { name: item });
  await expect(action).toBeVisible();
  return action;
}

/**
 * The admin on `page` invites a person from the company's page (docs/PRODUCT.md#admin-client-page);
 * mail is not configured in browser tests, so the dialog hands over the link, which is returned.
 */
export async function inviteFromClientPage(
  page: Page,
  company: string,
  name: string,
  email: string,
  role: "owner" | "member" = "member",
): Promise<string> {
  await page.goto(`/admin/clients?q=${encodeURIComponent(company)}`);
  await (await clientRowAction(page, company, "Settings")).click();
  await expect(page.getByRole("heading", { level: 1, name: company })).toBeVisible();
  await page.getByRole("button", { name: "Invite a colleague" }).click();
  const dialog = page.getByRole("dialog", { name: "Invite a colleague" });
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Role").selectOption(role);
  await dialog.getByRole("button", { name: "Send invitation" }).click();
  await expect(dialog.getByText("Mail is not configured: copy this invitation link and send it yourself.")).toBeVisible();
  const link = await dialog.getByLabel("Invitation link").inputValue();
  await dialog.getByRole("button", { name: "Done" }).click();
  return link;
}
