// The demo's connections without the demo services (docs/PRODUCT.md#demo-services): the browser suite
// runs with DEMO_SERVICES=off, so Acme's GitHub, Slack channel and identity provider read "Not
// connected (demo data)" and none of them Connected or Failing.
import { DEMO, expect, signInViaApi, test } from "./fixtures";

test("without the demo services, the demo connections say so instead of Connected or Failing", async ({ page }) => {
  await signInViaApi(page, DEMO.client);
  await page.goto("/client-portal?section=settings&tab=integrations");
  const github = page.getByRole("list", { name: "Connections" }).getByRole("listitem").filter({ hasText: "acme/webapp" });
  await expect(github).toContainText("Not connected (demo data)");
  await expect(github.locator('[data-status="connected"], [data-status="failing"]')).toHaveCount(0);
  await expect(github).not.toContainText("Connected by");

  await page.goto("/client-portal?section=settings&tab=api");
  const endpoints = page.getByRole("list", { name: "Webhook endpoints" }).getByRole("listitem");
  for (const description of ["Ticket sync receiver", "Security channel"]) {
    const endpoint = endpoints.filter({ hasText: description });
    await expect(endpoint).toContainText("Not connected (demo data)");
    await expect(endpoint.locator('[data-status="active"], [data-status="failing"]')).toHaveCount(0);
  }

  await page.goto("/client-portal?section=settings&tab=sso");
  await expect(page.getByText("The demo's identity provider is not running, so signing in through it fails until it is.")).toBeVisible();
});

test("the firm's view of Acme's single sign-on marks the demo's identity provider", async ({ page }) => {
  await signInViaApi(page, DEMO.admin);
  await page.goto("/admin/clients/00000000-0000-4000-8000-00000000a001");
  const sso = page.getByRole("region", { name: "Single sign-on" });
  await expect(sso).toContainText("Not connected (demo data)");
});
