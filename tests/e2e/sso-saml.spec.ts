// A company's single sign-on through SAML 2.0 (docs/PRODUCT.md#single-sign-on) against the local
// SAML identity provider the browser tests start (tools/test-idp/saml.ts): a new company's owner
// verifies a domain, gives the provider's metadata URL, and runs the test sign-in, whose answer
// comes back by the form the provider's page posts across sites to our ACS (no cookie of ours
// goes with it); then a person of the domain signs in through it.
import { randomUUID } from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import { invitedClientSignedIn } from "./admin-helpers";
import { DEMO, expect, signInViaApi, test } from "./fixtures";

const idp = `http://127.0.0.1:${process.env.E2E_IDP_PORT ?? 3996}`;
const saml = `http://127.0.0.1:${process.env.E2E_SAML_PORT ?? 3994}`;

test.describe.configure({ timeout: 150_000 });

/** A change that may ask for the step-up first: waits for the prompt or the change's message, answering the prompt. */
async function savedAfterStepUp(me: Page, saved: Locator, password: string) {
  const prompt = me.getByRole("group", { name: "Confirm it is you" });
  await expect(prompt.or(saved)).toBeVisible();
  if (await prompt.isVisible()) {
    await prompt.getByLabel("Password").fill(password);
    await prompt.getByRole("button", { name: "Confirm" }).click();
  }
  await expect(saved).toBeVisible();
}

test("an owner sets up a SAML provider by its metadata URL; the test sign-in and a person's sign-in come back by its form", async ({
  page,
  browser,
}) => {
  await signInViaApi(page, DEMO.admin);
  const password = "saml-e2e-owner-password";
  const { client, context, me } = await invitedClientSignedIn(page, browser, "Saml Co", password);
  const domain = `saml-${randomUUID().slice(0, 8)}.example`;
  const person = { nameId: `kai-${domain}`, email: `kai@${domain}`, name: "Kai Morgan" };
  expect((await me.request.post(`${saml}/_fake/people`, { data: person })).status()).toBe(204);

  await me.goto("/client-portal?section=settings&tab=sso");
  await me.locator("html[data-hydrated=true]").waitFor({ state: "attached", timeout: 15_000 });
  const card = me.getByRole("region", { name: "Single sign-on" });
  await card.getByRole("textbox", { name: "Domain" }).fill(domain);
  await card.getByRole("button", { name: "Add domain" }).click();
  const row = card.getByRole("listitem").filter({ hasText: domain });
  const recordName = await row.locator("dd").nth(0).innerText();
  const recordValue = await row.locator("dd").nth(1).innerText();
  expect((await me.request.post(`${idp}/_fake/txt`, { data: { name: recordName, value: recordValue } })).ok()).toBe(true);
  await row.getByRole("button", { name: `Verify ${domain}` }).click();
  await expect(card.getByText(`${domain} is verified.`)).toBeVisible();

  // SAML: what the provider needs of us is shown; its metadata URL is all it takes.
  await card.getByRole("radio", { name: "SAML 2.0" }).check();
  await expect(card.getByText("ACS URL (HTTP-POST)")).toBeVisible();
  const provider = card.getByRole("form", { name: "Identity provider" });
  await provider.getByLabel("Metadata URL").fill(`${saml}/saml/metadata`);
  await provider.getByRole("button", { name: "Save identity provider" }).click();
  await savedAfterStepUp(
    me,
    provider.getByText("Identity provider saved. Run a test sign-in before switching single sign-on on."),
    password,
  );
  await expect(card.getByText(`${saml}/saml/sso`)).toBeVisible();

  // The test sign-in: to the provider, and back by its cross-site form post.
  await card.getByRole("form", { name: "Identity provider" }).getByRole("button", { name: "Test sign-in" }).click();
  await me.getByRole("button", { name: `Sign in as ${person.name} (${person.email})` }).click();
  await expect(me.getByText("Test sign-in passed: you can switch single sign-on on.")).toBeVisible({ timeout: 20_000 });
  await expect(me.getByRole("banner").getByText(client.email)).toBeVisible();

  const policy = me.getByRole("form", { name: "Single sign-on policy" });
  await policy.getByRole("radio", { name: /^Allowed/ }).check();
  await policy.getByRole("checkbox", { name: /new people of our domains members/ }).check();
  await policy.getByRole("button", { name: "Save single sign-on" }).click();
  await savedAfterStepUp(me, policy.getByText("Single sign-on settings saved."), password);

  // A person of the domain, new to the portal, signs in through the provider.
  const kaiContext = await browser.newContext();
  const kai = await kaiContext.newPage();
  await kai.goto("/client-portal");
  await kai.locator("html[data-hydrated=true]").waitFor({ state: "attached", timeout: 15_000 });
  await kai.getByRole("textbox", { name: "Email" }).fill(person.email);
  await kai.getByRole("button", { name: "Continue with single sign-on" }).click();
  await kai.getByRole("button", { name: `Sign in as ${person.name} (${person.email})` }).click();
  await expect(kai.getByRole("banner").getByText(person.email)).toBeVisible({ timeout: 20_000 });
  await kaiContext.close();
  await context.close();
});
