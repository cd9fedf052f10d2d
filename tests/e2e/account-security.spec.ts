// Account security in the browser (docs/PRODUCT.md#account-security): a client sees the browsers
// signed in to the account, signs one out from another browser (signed out on its next request),
// then changes the password, which ends the other sessions and keeps this one.
import type { Page } from "@playwright/test";
import { acceptInvitation, createClientViaUi } from "./admin-helpers";
import { DEMO, expect, signInViaApi, test } from "./fixtures";

async function clientPassword(page: Page, email: string, password: string) {
  await page.goto("/client-portal");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByText(email).first()).toBeVisible();
}

const sessionsCard = (page: Page) => page.getByRole("heading", { name: "Active sessions" }).locator("../..");
const sessionsList = (page: Page) => page.getByRole("list", { name: "Active sessions" });

test("a client signs out another browser from the sessions list, then changes the password", async ({ page, browser }) => {
  await signInViaApi(page, DEMO.admin);
  const client = await createClientViaUi(page, "Sessions");
  const password = "sessions-e2e-password";
  const newPassword = "sessions-e2e-password-2";

  const mine = await browser.newContext();
  const me = await mine.newPage();
  await acceptInvitation(me, client.inviteUrl, password);
  await clientPassword(me, client.email, password);
  const elsewhere = await browser.newContext();
  const other = await elsewhere.newPage();
  await clientPassword(other, client.email, password);

  await me.goto("/client-portal?section=settings");
  await expect(sessionsList(me).getByRole("listitem")).toHaveCount(2);
  await expect(sessionsList(me).getByRole("listitem").first()).toContainText("This device");
  await expect(sessionsList(me).getByRole("listitem").first()).toContainText("Chrome");
  await sessionsList(me).getByRole("button", { name: /^Sign out / }).click();
  await expect(me.getByRole("status").filter({ hasText: "The session was signed out." })).toBeVisible();
  await expect(sessionsList(me).getByRole("listitem")).toHaveCount(1);

  // The other browser's next request finds no session: the login shows.
  await other.reload();
  await expect(other.getByRole("button", { name: "Login" })).toBeVisible();
  await clientPassword(other, client.email, password);

  // Change password: a wrong current one is refused under its field, then the change goes through.
  const form = me.getByRole("form", { name: "Change password" });
  await form.getByLabel("Current password").fill("not-my-password");
  await form.getByLabel("New password", { exact: true }).fill(newPassword);
  await form.getByLabel("Confirm new password").fill(newPassword);
  await form.getByRole("button", { name: "Change password" }).click();
  await expect(form.getByText("That password is not right.")).toBeVisible();
  await form.getByLabel("Current password").fill(password);
  await form.getByRole("button", { name: "Change password" }).click();
  await expect(me.getByText("Your password was changed. Every other session of your account was signed out.")).toBeVisible();
  // This browser stays signed in, alone in the list.
  await expect(sessionsList(me).getByRole("listitem")).toHaveCount(1);
  await expect(sessionsCard(me).getByRole("button", { name: "Sign out all other sessions" })).toHaveCount(0);
  await me.reload();
  await expect(me.getByRole("heading", { name: "Change password" })).toBeVisible();

  await other.reload();
  await expect(other.getByRole("button", { name: "Login" })).toBeVisible();
  await clientPassword(other, client.email, newPassword);
  await mine.close();
  await elsewhere.close();
});
