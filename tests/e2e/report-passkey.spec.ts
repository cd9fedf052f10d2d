// A passkey as the fresh second factor of a report download (docs/PRODUCT.md#portal-reports), with
// Chromium's virtual authenticator standing in for the device: a client whose only second factor
// is a passkey, signed in with the password (no fresh factor), is asked in place to use the
// passkey, does, and saves a copy stamped with their e-mail on every page.
import fs from "node:fs";
import type { BrowserContext, Page } from "@playwright/test";
import { pdfPageTexts } from "../helpers/pdf-text";
import { invitedClientSignedIn } from "./admin-helpers";
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

test("a passkey-only client confirms a report download with the passkey, inline, and the copy is stamped", async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signInViaApi(page, DEMO.admin);
  const { client, context, me } = await invitedClientSignedIn(
    page,
    browser,
    "Vault passkey",
    "report-passkey-e2e-password",
    addVirtualAuthenticator,
  );
  const title = "Passkey Confirmed Report";
  await publishReportFor(page, client.company, "Vault passkey", title);

  // The client adds a passkey; the session they hold was opened with the password alone.
  await me.goto("/client-portal?section=settings");
  const card = me.getByRole("heading", { name: "Passkeys" }).locator("../..");
  await card.getByRole("button", { name: "Add a passkey" }).click();
  await expect(me.getByRole("status").filter({ hasText: "The passkey was added." })).toBeVisible();

  await me.goto("/client-portal?section=documents");
  await me.getByRole("button", { name: `Download ${title} v1` }).click();
  const prompt = me.getByRole("group", { name: "Confirm it is you" });
  await expect(prompt.getByText("Use your passkey to confirm it is you.")).toBeVisible();
  await expect(prompt.getByLabel("Authentication code")).toHaveCount(0);
  const [saved] = await Promise.all([me.waitForEvent("download"), prompt.getByRole("button", { name: "Use your passkey" }).click()]);
  expect(saved.suggestedFilename()).toBe(`${title} v1.pdf`);
  const texts = await pdfPageTexts(fs.readFileSync((await saved.path())!));
  expect(texts).toHaveLength(3);
  for (const text of texts) expect(text).toContain(client.email);
  await expect(prompt).toHaveCount(0);
  await context.close();
});
