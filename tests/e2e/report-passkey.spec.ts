// A passkey as the fresh second factor of a report download (docs/PRODUCT.md#portal-reports), with
// Chromium's virtual authenticator standing in for the device: a client without a second factor
// confirms the download with the password; once they have added a passkey and signed in again with
// the password (no fresh proof), the vault asks for the passkey alone, and one added minutes ago
// does not confirm it yet. (A passkey's accepted answer: src/features/identity/tests/fresh-passkey.test.ts.)
import fs from "node:fs";
import type { BrowserContext, Page } from "@playwright/test";
import { pdfPageTexts } from "../helpers/pdf-text";
import { invitedClientSignedIn } from "./admin-helpers";
import { logOut } from "./auth-helpers";
import { DEMO, expect, signInViaApi, test } from "./fixtures";
import { publishReportFor } from "./report-helpers";

/** A platform authenticator that verifies the user at once, as a fingerprint reader would. */
async function addVirtualAuthenticator(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  });
}

test("the vault asks a client without a second factor for the password, then for the passkey they add, which proves nothing for minutes", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signInViaApi(page, DEMO.admin);
  const password = "report-passkey-e2e-password";
  const { client, context, me } = await invitedClientSignedIn(page, browser, "Vault passkey", password, addVirtualAuthenticator);
  const title = "Passkey Confirmed Report";
  await publishReportFor(page, client.company, "Vault passkey", title);

  // No second factor: the download asks for the password, in place, and the copy is stamped.
  await me.goto("/client-portal?section=documents");
  await me.getByRole("button", { name: `Download ${title} v1` }).click();
  const prompt = me.getByRole("group", { name: "Confirm it is you" });
  await expect(prompt.getByText("Enter your password to confirm it is you.")).toBeVisible();
  await prompt.getByLabel("Password").fill(password);
  const [saved] = await Promise.all([me.waitForEvent("download"), prompt.getByRole("button", { name: "Confirm and download" }).click()]);
  expect(saved.suggestedFilename()).toBe(`${title} v1.pdf`);
  const texts = await pdfPageTexts(fs.readFileSync((await saved.path())!));
  expect(texts).toHaveLength(3);
  for (const text of texts) expect(text).toContain(client.email);
  await expect(prompt).toHaveCount(0);

  // Within the proof's five minutes a passkey is added without another question.
  await me.goto("/client-portal?section=settings&tab=security");
  const card = me.getByRole("heading", { name: "Passkeys" }).locator("../..");
  await card.getByRole("button", { name: "Add a passkey" }).click();
  await expect(me.getByRole("status").filter({ hasText: "The passkey was added." })).toBeVisible();

  // Signed in again with the password: the vault asks for the passkey alone, which is too new.
  // Through the API, not the login form: Chromium's virtual authenticator answers the form's passkey
  // autofill at once (a person would have to pick the passkey), so the form would sign in with it.
  await logOut(me);
  await signInViaApi(me, { email: client.email, password }, { ownSession: true });
  await me.goto("/client-portal?section=documents");
  await expect(me.getByText(client.email).first()).toBeVisible();
  await me.getByRole("button", { name: `Download ${title} v1` }).click();
  await expect(prompt.getByText("Use your passkey to confirm it is you.")).toBeVisible();
  await expect(prompt.getByLabel("Authentication code")).toHaveCount(0);
  await expect(prompt.getByLabel("Password")).toHaveCount(0);
  await prompt.getByRole("button", { name: "Use your passkey" }).click();
  await expect(prompt.getByRole("alert")).toContainText("This passkey was added less than 5 minutes ago");
  await context.close();
});
