// The company's API tokens in Settings (docs/PRODUCT.md#api-and-webhooks): the demo token is listed
// with its last use; a new token asks for the password first, shows its secret once, then calls
// the API; revoking it (confirmed) stops it. Its API reference is a page of the portal.
import { DEMO, expect, signInViaApi, test } from "./fixtures";

test("an owner makes an API token after the password, reads findings with it, and revokes it", async ({ page }) => {
  // A session of its own, which has proved nothing yet: the step-up always asks.
  await signInViaApi(page, DEMO.client, { ownSession: true });
  await page.goto("/client-portal?section=settings&tab=api");
  const card = page.getByRole("region", { name: "API tokens" });
  await expect(card.getByRole("listitem").filter({ hasText: "Jira sync (read only)" })).toContainText("Last used Nov 26, 2026");

  await card.getByRole("button", { name: "New API token" }).click();
  const dialog = page.getByRole("dialog", { name: "New API token" });
  const name = `E2E ${Date.now()}`;
  await dialog.getByRole("textbox", { name: "Name" }).fill(name);
  await dialog.getByRole("checkbox", { name: /projects:read/ }).check();
  await dialog.getByLabel("Expires after").selectOption("30");
  await dialog.getByRole("button", { name: "Make token" }).click();

  const prompt = page.getByRole("group", { name: "Confirm it is you" });
  await prompt.getByLabel("Password").fill(DEMO.client.password);
  await prompt.getByRole("button", { name: "Confirm" }).click();

  const shown = page.getByRole("dialog", { name: "Copy your new API token" });
  const secret = await shown.getByLabel("Token").inputValue();
  expect(secret).toMatch(/^sai_pat_[0-9A-Za-z]{43}$/);
  await shown.getByRole("button", { name: "Done" }).click();
  await expect(card.getByText(name)).toBeVisible();

  // The token works where a machine calls from: no cookie, the bearer header.
  const api = await page.context().request.fetch("/api/v1/findings?limit=1", {
    headers: { authorization: `Bearer ${secret}`, cookie: "" },
  });
  expect(api.status()).toBe(200);
  expect(((await api.json()) as { data: unknown[] }).data).toHaveLength(1);

  await card.getByRole("button", { name: `Revoke ${name}` }).click();
  await page.getByRole("dialog", { name: "Revoke this API token?" }).getByRole("button", { name: "Revoke token" }).click();
  await expect(card.getByRole("listitem").filter({ hasText: name })).toContainText("(Revoked)");
  const refused = await page.context().request.fetch("/api/v1/findings", { headers: { authorization: `Bearer ${secret}` } });
  expect(refused.status()).toBe(401);
});

test("the card's API reference shows the generated document in its viewer, under the page's CSP, and leads back to Settings", async ({
  page,
}) => {
  // The fixture fails the test on any CSP violation: the viewer runs with the page's nonce alone.
  await signInViaApi(page, DEMO.client);
  await page.goto("/client-portal?section=settings&tab=api");
  await page.getByRole("region", { name: "API tokens" }).getByRole("link", { name: "API reference" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "API reference" })).toBeVisible();
  // The viewer is the page's main landmark: the first route in full, every part of the API listed.
  const viewer = page.getByRole("main", { name: /^API documentation for / });
  await expect(viewer.getByRole("heading", { name: "The company's engagements, by id, a page at a time" })).toBeVisible();
  for (const part of ["Projects", "Findings", "Retests", "Reports", "Invoices", "Attestation letters", "Access log", "Webhooks"])
    await expect(page.getByText(part, { exact: true }).first()).toBeAttached();
  // Its colours are ours: the viewer's background is the page's.
  const [viewerBackground, pageBackground] = await Promise.all([
    viewer
      .locator(".scalar-app")
      .first()
      .evaluate((el) => getComputedStyle(el).getPropertyValue("--scalar-background-1").trim()),
    page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--color-background").trim()),
  ]);
  expect(viewerBackground).toBe(pageBackground);
  await page.getByRole("link", { name: "Back to Settings" }).click();
  await expect(page.getByRole("region", { name: "API tokens" })).toBeVisible();
});
