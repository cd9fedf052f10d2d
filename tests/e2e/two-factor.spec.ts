// Two-factor sign-in in the browser (docs/PRODUCT.md#sign-in-two-factor): a client enrols from
// Settings with codes computed here from the shown secret, signs in with a code and with a backup
// code that works only once; an admin without two-factor (on a production start, where the demo
// admin has no exemption) reaches nothing but enrolment.
import type { Page } from "@playwright/test";
import * as OTPAuth from "otpauth";
import { invitedClientSignedIn } from "./admin-helpers";
import { logOut, submitPortalLogin } from "./auth-helpers";
import { DEMO, expect, signInViaApi, test } from "./fixtures";
import { startMailServer } from "./mail-server";

/** The app's code `steps` periods from now: each step's code is accepted once, so the sign-in after the enrolment uses the next one. */
const codeFor = (secret: string, steps = 0) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + steps * 30_000,
  });

/** Turns two-factor on from the card on the current page; returns the secret and the backup codes. */
async function enrol(page: Page, password: string): Promise<{ secret: string; backupCodes: string[] }> {
  const card = page.getByRole("heading", { name: "Two-factor authentication" }).locator("..");
  await expect(card).toHaveAttribute("data-hydrated", "true");
  await card.getByRole("button", { name: "Set up two-factor" }).click();
  await card.getByLabel("Current password").fill(password);
  await card.getByRole("button", { name: "Continue" }).click();
  await expect(card.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  const secret = (await card.getByTestId("totp-secret").textContent())!.trim();
  await card.getByLabel("6-digit code").fill("000000" === codeFor(secret) ? "111111" : "000000");
  await card.getByRole("button", { name: "Confirm" }).click();
  await expect(card.getByRole("alert").filter({ hasText: "That code is not right" })).toBeVisible();
  await card.getByLabel("6-digit code").fill(codeFor(secret));
  await card.getByRole("button", { name: "Confirm" }).click();
  await expect(card.getByText("They are shown only now.")).toBeVisible();
  await expect(card.getByTestId("backup-code")).toHaveCount(10);
  const backupCodes = (await card.getByTestId("backup-code").allTextContents()).map((c) => c.trim());
  await expect(card.getByRole("button", { name: "Download" })).toBeVisible();
  await card.getByRole("button", { name: "I saved my codes" }).click();
  await expect(card.getByText("On: signing in needs your password")).toBeVisible();
  return { secret, backupCodes };
}

test("a client enrols, then signs in with a code and with a backup code that works once", async ({ page, browser }) => {
  await signInViaApi(page, DEMO.admin);
  const password = "two-factor-e2e-password";
  const { client, context, me } = await invitedClientSignedIn(page, browser, "Two Factor", password);

  await me.goto("/client-portal?section=settings&tab=security");
  const { secret, backupCodes } = await enrol(me, password);
  expect(new Set(backupCodes).size).toBe(10);

  // Signed out, the password alone is no longer enough: the code step follows.
  await logOut(me);
  await submitPortalLogin(me, client.email, password);
  await me.getByLabel("Authentication code").fill(codeFor(secret, 1));
  await me.getByRole("button", { name: "Verify" }).click();
  await expect(me.getByText(client.email).first()).toBeVisible();

  // A backup code instead of the app, once.
  await logOut(me);
  await submitPortalLogin(me, client.email, password);
  await me.getByRole("button", { name: "Use a backup code" }).click();
  await me.getByLabel("Backup code").fill(backupCodes[0]!);
  await me.getByRole("button", { name: "Verify" }).click();
  await expect(me.getByText(client.email).first()).toBeVisible();

  await logOut(me);
  await submitPortalLogin(me, client.email, password);
  await me.getByRole("button", { name: "Use a backup code" }).click();
  await me.getByLabel("Backup code").fill(backupCodes[0]!);
  await me.getByRole("button", { name: "Verify" }).click();
  await expect(me.getByRole("alert").filter({ hasText: "That backup code is not right, or it has been used already." })).toBeVisible();
  await context.close();
});

test("the demo admin's exemption reads the same on the dashboard and the Account page, which does not call two-factor required", async ({
  page,
}) => {
  const exemption = "Demo mode: this demo admin may sign in without two-factor authentication while the demo data is in use.";
  await signInViaApi(page, DEMO.admin);
  await page.goto("/admin/dashboard");
  await expect(page.getByText(exemption)).toBeVisible();
  await page.goto("/admin/account");
  const card = page.getByRole("heading", { name: "Two-factor authentication" }).locator("..");
  await expect(card.getByText(exemption)).toBeVisible();
  await expect(page.getByText("Two-factor authentication is required for your account.")).toHaveCount(0);
});

test("an admin without two-factor reaches nothing but enrolment (production start: no demo exemption)", async ({ browser }) => {
  test.setTimeout(180_000);
  const server = await startMailServer({
    APP_ENV: "production",
    AUTH_SECRET: "e2e-production-secret-e2e-production-secret",
    STORAGE: "disk",
    MAIL_TRANSPORT: "log",
  });
  const context = await browser.newContext({ baseURL: server.baseURL });
  const page = await context.newPage();
  try {
    await page.goto(`${server.baseURL}/admin/login`);
    await page.getByLabel("Admin Email").fill(DEMO.admin.email);
    await page.getByLabel("Password").fill(DEMO.admin.password);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/account$/);
    for (const path of ["/admin/dashboard", "/admin/clients", "/admin/documents"]) {
      await page.goto(`${server.baseURL}${path}`);
      await expect(page).toHaveURL(/\/admin\/account$/);
    }
    await expect(page.getByText("Two-factor authentication is required for your account.")).toBeVisible();
    await enrol(page, DEMO.admin.password);
    await page.goto(`${server.baseURL}/admin/dashboard`);
    await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
    await expect(page.getByText(/^Demo mode:/)).toHaveCount(0);
  } finally {
    await context.close();
    await server.stop();
  }
});
