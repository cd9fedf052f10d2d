// Shared steps of the admin browser tests. Records they create carry a unique suffix, because all
// specs share one server and one demo database.
import { type APIRequestContext, type Page } from "@playwright/test";
import { expect, test } from "./fixtures";

export function uniqueSuffix(): string {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
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
  await expect(done.getByText(`Invitation sent to ${client.email}`)).toBeVisible();
  const inviteUrl = await done.getByLabel("Invitation link").inputValue();
  expect(inviteUrl).toMatch(/\/reset-password\?token=[A-Za-z0-9]+&invite=1$/);
  await done.getByRole("button", { name: "Done" }).click();
  return { ...client, inviteUrl };
}

/** Sets the invited client's password through better-auth's reset endpoint (the token of the link). */
export async function acceptInvitationViaApi(request: APIRequestContext, inviteUrl: string, password: string): Promise<void> {
  const token = new URL(inviteUrl).searchParams.get("token");
  const baseURL = test.info().project.use.baseURL!;
  const response = await request.post("/api/auth/reset-password", { data: { token, newPassword: password }, headers: { origin: baseURL } });
  expect(response.status(), await response.text()).toBe(200);
}

/** True once the client portal of issue 5 replaced the stub (it has a Documents section). */
export async function portalHasSections(page: Page): Promise<boolean> {
  await page.goto("/client-portal");
  await page.waitForLoadState("networkidle");
  return (await page.getByRole("button", { name: /^Documents$/ }).or(page.getByRole("link", { name: /^Documents$/ })).count()) > 0;
}
