// Passkeys in the browser (docs/PRODUCT.md#passkeys), with Chromium's virtual authenticator (CDP
// WebAuthn) standing in for the device: a client adds a passkey in Settings, renames it, signs out
// and signs in with "Sign in with a passkey", then through the email field's autofill, sees its
// last use, then removes it.
import type { BrowserContext, Page } from "@playwright/test";
import { invitedClientSignedIn } from "./admin-helpers";
import { logoutButton } from "./auth-helpers";
import { DEMO, expect, signInViaApi, test } from "./fixtures";

/** A platform authenticator that verifies the user at once, as a fingerprint reader would. */
async function addVirtualAuthenticator(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  });
}

const passkeysCard = (page: Page) => page.getByRole("heading", { name: "Passkeys" }).locator("../..");

test("a client adds a passkey, signs in with it, renames and removes it", async ({ page, browser }) => {
  await signInViaApi(page, DEMO.admin);
  const { client, context, me } = await invitedClientSignedIn(page, browser, "Passkey", "passkey-e2e-password", addVirtualAuthenticator);

  await me.goto("/client-portal?section=settings");
  const card = passkeysCard(me);
  await expect(card.getByText("No passkeys yet.")).toBeVisible();
  await card.getByRole("button", { name: "Add a passkey" }).click();
  await expect(me.getByRole("status").filter({ hasText: "The passkey was added." })).toBeVisible();
  const list = card.getByRole("list", { name: "Passkeys" });
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await expect(list.getByText("Never used")).toBeVisible();

  await list.getByRole("button", { name: /^Rename / }).click();
  await list.getByRole("textbox", { name: /^New name for / }).fill("Test laptop");
  await list.getByRole("button", { name: "Save" }).click();
  await expect(list.getByText("Test laptop", { exact: true })).toBeVisible();

  // Signed out, the passkey alone signs the client in again.
  await logoutButton(me).click();
  await expect(me.getByRole("button", { name: "Login" })).toBeVisible();
  await me.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(me.getByText(client.email).first()).toBeVisible();

  // Again, through the email field's autofill: focusing it offers the passkey, which the virtual
  // authenticator picks at once.
  await logoutButton(me).click();
  await me.getByLabel("Email").focus();
  await expect(me.getByText(client.email).first()).toBeVisible();

  await me.goto("/client-portal?section=settings");
  await expect(list.getByText(/Last used/)).toBeVisible();
  await list.getByRole("button", { name: "Remove Test laptop" }).click();
  await me.getByRole("dialog", { name: "Remove Test laptop?" }).getByRole("button", { name: "Remove passkey" }).click();
  await expect(card.getByText("No passkeys yet.")).toBeVisible();
  await context.close();
});
