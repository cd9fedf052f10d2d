// A company's single sign-on (docs/PRODUCT.md#single-sign-on) against the local OpenID Provider and
// DNS server the browser tests start (tools/test-idp): Acme's owner verifies a domain of its own by
// its TXT record, sets up the provider, runs the test sign-in, requires single sign-on; then Dana,
// new to the portal, signs in through the provider as a member, and the password form is gone for
// her address. Acme's owner keeps the password (break-glass). Only this test uses acme.example.
import { randomUUID } from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import { DEMO, expect, signInViaApi, test } from "./fixtures";

const idp = `http://127.0.0.1:${process.env.E2E_IDP_PORT ?? 3996}`;

async function go(page: Page, path: string) {
  await page.goto(path);
  await page.locator("html[data-hydrated=true]").waitFor({ state: "attached", timeout: 15_000 });
}

/**
 * A change that may ask for the step-up first (a proof lasts five minutes): waits for what the
 * owner sees next, the prompt or the change's own message, and answers the prompt when it came.
 */
async function savedAfterStepUp(page: Page, saved: Locator) {
  const prompt = page.getByRole("group", { name: "Confirm it is you" });
  await expect(prompt.or(saved)).toBeVisible();
  if (await prompt.isVisible()) {
    await prompt.getByLabel("Password").fill(DEMO.client.password);
    await prompt.getByRole("button", { name: "Confirm" }).click();
  }
  await expect(saved).toBeVisible();
}

test.describe.configure({ timeout: 120_000 });

test("the owner sets up and requires single sign-on; a newcomer signs in through the provider, without a password form", async ({
  browser,
}) => {
  const domain = `e2e-${randomUUID().slice(0, 8)}.example`;
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await signInViaApi(owner, DEMO.client, { ownSession: true });
  await go(owner, "/client-portal?section=settings&tab=sso");
  const card = owner.getByRole("region", { name: "Single sign-on" });

  // The domain, proved by the TXT record the card shows.
  await card.getByRole("textbox", { name: "Domain" }).fill(domain);
  await card.getByRole("button", { name: "Add domain" }).click();
  const row = card.getByRole("listitem").filter({ hasText: domain });
  await expect(row.getByText("Not verified")).toBeVisible();
  const recordName = await row.locator("dd").nth(0).innerText();
  const recordValue = await row.locator("dd").nth(1).innerText();
  expect(recordName).toBe(`_sentinel-verify.${domain}`);
  // What verifying means for the people who sign in with a password today, said before it is done.
  await expect(row.getByText(/Once verified, your identity provider can sign in your company's people at this domain/)).toBeVisible();
  // Before the record is published, Verify is refused in the domain's row: red, announced, no check mark.
  await row.getByRole("button", { name: `Verify ${domain}` }).click();
  const refusal = row.getByRole("alert");
  await expect(refusal).toContainText(`No TXT record found at ${recordName} yet.`);
  await expect(refusal.locator("svg.lucide-circle-check")).toHaveCount(0);
  const published = await owner.request.post(`${idp}/_fake/txt`, { data: { name: recordName, value: recordValue } });
  expect(published.ok()).toBe(true);
  await row.getByRole("button", { name: `Verify ${domain}` }).click();
  await expect(row.getByRole("status").filter({ hasText: `${domain} is verified.` })).toBeVisible();
  await expect(row.getByText("No TXT record found")).toHaveCount(0);
  await expect(row.getByText("Verified", { exact: true })).toBeVisible();

  // The provider (the demo's client at the local provider), after the password.
  const provider = card.getByRole("form", { name: "Identity provider" });
  await provider.getByLabel("Issuer URL").fill(idp);
  await provider.getByLabel("Client ID").fill("sentinel-demo-portal");
  await provider.getByLabel("Client secret").fill("demo-oidc-client-secret-for-the-local-test-idp-only");
  await provider.getByRole("button", { name: "Save identity provider" }).click();
  await savedAfterStepUp(owner, provider.getByText("Identity provider saved. Run a test sign-in before switching single sign-on on."));

  // The test sign-in: through the provider and back, the owner still signed in as themselves.
  await provider.getByRole("button", { name: "Test sign-in" }).click();
  await owner.getByRole("button", { name: "Sign in as Dana Whitfield (dana@acme.example)" }).click();
  await expect(owner.getByText("Test sign-in passed: you can switch single sign-on on.")).toBeVisible({ timeout: 20_000 });
  await expect(owner.getByRole("banner").getByText(DEMO.client.email)).toBeVisible();

  const policy = owner.getByRole("form", { name: "Single sign-on policy" });
  await policy.getByRole("radio", { name: /^Required/ }).check();
  await policy.getByRole("checkbox", { name: /new people of our domains members/ }).check();
  await policy.getByRole("button", { name: "Save single sign-on" }).click();
  await savedAfterStepUp(owner, policy.getByText("Single sign-on settings saved."));

  // Dana, new to the portal: no password form for her address, the provider instead.
  const danaContext = await browser.newContext();
  const dana = await danaContext.newPage();
  await go(dana, "/client-portal");
  await dana.getByRole("textbox", { name: "Email" }).fill("dana@acme.example");
  const continueButton = dana.getByRole("button", { name: "Continue with single sign-on" });
  await expect(continueButton).toBeVisible();
  await expect(dana.getByText("Your company signs you in through its identity provider.")).toBeVisible();
  await expect(dana.getByLabel("Password", { exact: true })).toHaveCount(0);
  await expect(dana.getByRole("button", { name: "Login" })).toHaveCount(0);
  await continueButton.click();
  await dana.getByRole("button", { name: "Sign in as Dana Whitfield (dana@acme.example)" }).click();
  await expect(dana.getByRole("banner").getByText("dana@acme.example")).toBeVisible({ timeout: 20_000 });

  // The owners see that Dana signed in, how, and that she joined through the provider.
  await go(owner, "/client-portal?section=settings&tab=team");
  const danaRow = owner.getByRole("list", { name: "People" }).locator('[data-person="dana@acme.example"]');
  await expect(danaRow).toContainText(/Last sign-in (just now|\d+ minutes? ago) \(single sign-on\)/);
  await expect(danaRow).toContainText("Joined through single sign-on");

  // The owner's way back in stays: the link brings the password form back.
  const ownerLogin = await (await browser.newContext()).newPage();
  await go(ownerLogin, "/client-portal");
  await ownerLogin.getByRole("textbox", { name: "Email" }).fill("someone@acme.example");
  await expect(ownerLogin.getByRole("button", { name: "Continue with single sign-on" })).toBeVisible();
  await ownerLogin.getByRole("button", { name: "Owner, or not of this company? Sign in with your password" }).click();
  await expect(ownerLogin.getByLabel("Password", { exact: true })).toBeVisible();

  // Back to "allowed", the demo's setting, so acme.example's password sign-ins work again.
  await go(owner, "/client-portal?section=settings&tab=sso");
  const again = owner.getByRole("form", { name: "Single sign-on policy" });
  await again.getByRole("radio", { name: /^Allowed/ }).check();
  await again.getByRole("button", { name: "Save single sign-on" }).click();
  await savedAfterStepUp(owner, again.getByText("Single sign-on settings saved."));
  await go(owner, "/client-portal?section=settings&tab=sso");
  await expect(owner.getByRole("form", { name: "Single sign-on policy" }).getByRole("radio", { name: /^Allowed/ })).toBeChecked();
});

test("a person signed in through the provider confirms a report download by signing in there again", async ({ browser }) => {
  const context = await browser.newContext();
  const dana = await context.newPage();
  await go(dana, "/client-portal");
  await dana.getByRole("textbox", { name: "Email" }).fill("dana@acme.example");
  await dana.getByRole("button", { name: "Continue with single sign-on" }).click();
  const atProvider = dana.getByRole("button", { name: "Sign in as Dana Whitfield (dana@acme.example)" });
  await atProvider.click();
  await expect(dana.getByRole("banner").getByText("dana@acme.example")).toBeVisible({ timeout: 20_000 });

  // The vault never takes the provider's session as the proof, and asks for no password.
  await go(dana, "/client-portal?section=documents");
  const download = dana.getByRole("button", { name: "Download LLM Gateway Security Assessment - Final Report v1" });
  await download.click();
  const prompt = dana.getByRole("group", { name: "Confirm it is you" });
  await expect(prompt.getByText("Sign in again at your company's identity provider to confirm it is you.")).toBeVisible();
  await expect(prompt.getByLabel("Password")).toHaveCount(0);

  // A fresh sign-in at the provider, and back on Documents, the download goes through.
  await prompt.getByRole("button", { name: "Sign in again at your identity provider" }).click();
  await atProvider.click();
  await expect(dana.getByText("Confirmed at your identity provider: for the next 5 minutes you can do what asked for it.")).toBeVisible({
    timeout: 20_000,
  });
  await dana.locator("html[data-hydrated=true]").waitFor({ state: "attached", timeout: 15_000 });
  const [saved] = await Promise.all([dana.waitForEvent("download"), download.click()]);
  expect(saved.suggestedFilename()).toBe("LLM Gateway Security Assessment - Final Report v1.pdf");
  await context.close();
});
