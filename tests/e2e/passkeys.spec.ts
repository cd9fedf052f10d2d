// Passkeys in the browser (docs/PRODUCT.md#passkeys), with Chromium's virtual authenticator (CDP
// WebAuthn) standing in for the device: a client confirms it is them with the password, adds a
// passkey in Settings, renames and removes it within the proof's five minutes, adds one again,
// signs out and signs in with "Sign in with a passkey", then through the email field's autofill,
// sees its last use; removing it then asks for the passkey, which, added minutes ago, proves
// nothing yet.
import type { BrowserContext, CDPSession, Page } from "@playwright/test";
import { invitedClientSignedIn } from "./admin-helpers";
import { logoutButton } from "./auth-helpers";
import { DEMO, expect, signInViaApi, test } from "./fixtures";

/** The virtual authenticator of the test's page: its credentials can be deleted, as on a device. */
const device: { cdp?: CDPSession; authenticatorId?: string } = {};

/** A platform authenticator that verifies the user at once, as a fingerprint reader would. */
async function addVirtualAuthenticator(context: BrowserContext, page: Page) {
  device.cdp = await context.newCDPSession(page);
  await device.cdp.send("WebAuthn.enable");
  const { authenticatorId } = await device.cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  });
  device.authenticatorId = authenticatorId;
}

const passkeysCard = (page: Page) => page.getByRole("heading", { name: "Passkeys" }).locator("../..");

test("a client adds a passkey after the password step-up, signs in with it, renames and removes it", async ({ page, browser }) => {
  await signInViaApi(page, DEMO.admin);
  const password = "passkey-e2e-password";
  const { client, context, me } = await invitedClientSignedIn(page, browser, "Passkey", password, addVirtualAuthenticator);

  await me.goto("/client-portal?section=settings&tab=security");
  const card = passkeysCard(me);
  await expect(card.getByText("No passkeys yet.")).toBeVisible();
  // No second factor yet: adding one asks for the password first, then runs the ceremony.
  await card.getByRole("button", { name: "Add a passkey" }).click();
  const stepUp = me.getByRole("dialog", { name: "Confirm it is you" });
  await expect(stepUp.getByText("Enter your password to confirm it is you.")).toBeVisible();
  await stepUp.getByLabel("Password").fill("not-the-password");
  await stepUp.getByRole("button", { name: "Confirm" }).click();
  await expect(stepUp.getByRole("alert")).toHaveText("That password is not right.");
  await stepUp.getByLabel("Password").fill(password);
  await stepUp.getByRole("button", { name: "Confirm" }).click();
  await expect(me.getByRole("status").filter({ hasText: "The passkey was added." })).toBeVisible();
  const list = card.getByRole("list", { name: "Passkeys" });
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await expect(list.getByText("Never used")).toBeVisible();

  await list.getByRole("button", { name: /^Rename / }).click();
  await list.getByRole("textbox", { name: /^New name for / }).fill("Test laptop");
  await list.getByRole("button", { name: "Save" }).click();
  await expect(list.getByText("Test laptop", { exact: true })).toBeVisible();

  // Within the password proof's five minutes, removing and adding again ask nothing more.
  await list.getByRole("button", { name: "Remove Test laptop" }).click();
  await me.getByRole("dialog", { name: "Remove Test laptop?" }).getByRole("button", { name: "Remove passkey" }).click();
  await expect(card.getByText("No passkeys yet.")).toBeVisible();
  // Deleted on the device too, so the next sign-in offers only the passkey added next.
  await device.cdp!.send("WebAuthn.clearCredentials", { authenticatorId: device.authenticatorId! });
  await card.getByRole("button", { name: "Add a passkey" }).click();
  await expect(me.getByRole("status").filter({ hasText: "The passkey was added." })).toBeVisible();
  await expect(list.getByRole("listitem")).toHaveCount(1);

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

  await me.goto("/client-portal?section=settings&tab=security");
  await expect(list.getByText(/Last used/)).toBeVisible();
  // This session's proof is a passkey added minutes ago: removing asks for a passkey, and that one
  // cannot confirm it yet.
  await list.getByRole("button", { name: /^Remove / }).click();
  await me
    .getByRole("dialog", { name: /^Remove / })
    .getByRole("button", { name: "Remove passkey" })
    .click();
  await expect(stepUp.getByText("Use your passkey to confirm it is you.")).toBeVisible();
  await expect(stepUp.getByLabel("Password")).toHaveCount(0);
  await stepUp.getByRole("button", { name: "Use your passkey" }).click();
  await expect(stepUp.getByRole("alert")).toContainText("This passkey was added less than 5 minutes ago");
  await me.keyboard.press("Escape");
  await expect(stepUp).toHaveCount(0);
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await context.close();
});
