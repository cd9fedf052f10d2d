// Forgot and reset password in the browser: the messages of docs/PRODUCT.md in their situations,
// and the full flow from the mailed link (on a private server whose mail log the test reads).
import { interceptNextAction, logoutButton } from "./auth-helpers";
import { DEMO, expect, test } from "./fixtures";
import { type MailServer, startMailServer, waitForResetLink } from "./mail-server";

const INVALID_LINK = "Invalid or expired reset link. Please request a new password reset.";

test.describe("forgot password (/forgot-password)", () => {
  test("validates the email field", async ({ page }) => {
    await page.goto("/forgot-password");
    await expect(page.getByRole("heading", { name: "Forgot Password" })).toBeVisible();
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(page.getByText("Email is required")).toBeVisible();
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(page.getByText("Invalid email address")).toBeVisible();
  });

  test("shows 'Sending...' and then the same 'Check Your Email' screen for known and unknown addresses", async ({ page }) => {
    const screens: string[] = [];
    for (const email of [DEMO.client2.email, `nobody-${Date.now()}@example.com`]) {
      await page.goto("/forgot-password");
      await page.getByLabel("Email").fill(email);
      const held = await interceptNextAction(page, "delay");
      await page.getByRole("button", { name: "Send Reset Link" }).click();
      await expect(page.getByRole("button", { name: "Sending..." })).toBeDisabled();
      held.release();
      await expect(page.getByRole("heading", { name: "Check Your Email" })).toBeVisible();
      await expect(page.getByText("If an account exists with that email, we've sent password reset instructions.")).toBeVisible();
      await expect(page.getByText("The link expires in 1 hour. Check your spam folder if you don't see it.")).toBeVisible();
      await expect(page.getByRole("link", { name: "Back to Login" }).first()).toHaveAttribute("href", "/client-portal");
      screens.push(await page.locator("main").innerText());
    }
    expect(screens[0]).toBe(screens[1]);
  });

  test("says 'Failed to send reset email' only when the request itself fails", async ({ page }) => {
    await page.goto("/forgot-password");
    await page.getByLabel("Email").fill(`nobody-${Date.now()}@example.com`);
    await interceptNextAction(page, "abort");
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Failed to send reset email" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Check Your Email" })).toHaveCount(0);
  });

  test("has links back to the logins", async ({ page }) => {
    await page.goto("/forgot-password");
    await expect(page.getByRole("link", { name: "client login" })).toHaveAttribute("href", "/client-portal");
    await expect(page.getByRole("link", { name: "admin login" })).toHaveAttribute("href", "/admin/login");
  });
});

test.describe("reset password with a missing or unknown token", () => {
  for (const url of ["/reset-password", "/reset-password?token=doesNotExist123456789012", "/reset-password?token=<script>"]) {
    test(`${url} shows the invalid-link message and 'Request New Reset Link'`, async ({ page }) => {
      await page.goto(url);
      await expect(page.getByRole("alert").filter({ hasText: INVALID_LINK })).toBeVisible();
      await expect(page.getByLabel("New Password")).toHaveCount(0);
      await page.getByRole("link", { name: "Request New Reset Link" }).click();
      await expect(page).toHaveURL(/\/forgot-password$/);
    });
  }
});

test.describe("reset password from the mailed link", () => {
  test.describe.configure({ mode: "serial" });
  let server: MailServer;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    server = await startMailServer();
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  async function requestLink(page: import("@playwright/test").Page, email: string): Promise<string> {
    const since = server.output().length;
    await page.goto(`${server.baseURL}/forgot-password`);
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(page.getByRole("heading", { name: "Check Your Email" })).toBeVisible();
    return waitForResetLink(server, email, since);
  }

  test("a client resets the password once, is sent to the portal after 2 seconds, and signs in with it", async ({ page }) => {
    const link = await requestLink(page, DEMO.client.email);
    expect(link.startsWith(`${server.baseURL}/reset-password?token=`)).toBe(true);

    await page.goto(link);
    await expect(page.getByRole("heading", { name: "Reset Password" })).toBeVisible();
    await expect(page.getByLabel("New Password")).toHaveAttribute("minlength", "8");
    await expect(page.getByLabel("New Password")).toHaveAttribute("required", "");
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expect(page.getByText("Password must be at least 8 characters")).toBeVisible();
    await page.getByLabel("New Password").fill("fresh-client-password");
    await page.getByLabel("Confirm Password").fill("fresh-client-passwrd");
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expect(page.getByText("Passwords do not match")).toBeVisible();

    await page.getByLabel("Confirm Password").fill("fresh-client-password");
    // A request that never reaches the server changes nothing and says so.
    await interceptNextAction(page, "abort");
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Failed to reset password" })).toBeVisible();

    const held = await interceptNextAction(page, "delay");
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expect(page.getByRole("button", { name: "Resetting Password..." })).toBeDisabled();
    held.release();
    await expect(page.getByRole("heading", { name: "Password Reset Successfully" })).toBeVisible();
    const shownAt = Date.now();
    await expect(page).toHaveURL(/\/client-portal$/, { timeout: 10_000 });
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(1500);

    // The new password works; the link does not work twice.
    await page.getByLabel("Email").fill(DEMO.client.email);
    await page.getByLabel("Password").fill("fresh-client-password");
    await page.getByRole("button", { name: "Login" }).click();
    await expect(logoutButton(page)).toBeVisible();
    await page.goto(link);
    await expect(page.getByRole("alert").filter({ hasText: INVALID_LINK })).toBeVisible();
  });

  test("the old password stops working", async ({ page }) => {
    await page.goto(`${server.baseURL}/client-portal`);
    await page.getByLabel("Email").fill(DEMO.client.email);
    await page.getByLabel("Password").fill(DEMO.client.password);
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Invalid email or password" })).toBeVisible();
  });

  test("an admin is sent to the admin login after the reset", async ({ page }) => {
    const link = await requestLink(page, DEMO.admin.email);
    await page.goto(link);
    await page.getByLabel("New Password").fill("fresh-admin-password");
    await page.getByLabel("Confirm Password").fill("fresh-admin-password");
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expect(page.getByRole("heading", { name: "Password Reset Successfully" })).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/login$/, { timeout: 10_000 });
  });

  test("an invitation link (&invite=1) asks to set the password", async ({ page }) => {
    const link = await requestLink(page, DEMO.client2.email);
    await page.goto(`${link}&invite=1`);
    await expect(page.getByRole("heading", { name: "Set Your Password" })).toBeVisible();
    await page.getByLabel("New Password").fill("invited-password");
    await page.getByLabel("Confirm Password").fill("invited-password");
    await page.getByRole("button", { name: "Set Password" }).click();
    await expect(page.getByRole("heading", { name: "Your password is set" })).toBeVisible();
    await expect(page.getByText("You can sign in with it now. Redirecting you to the login page...")).toBeVisible();
    await expect(page).toHaveURL(/\/client-portal$/, { timeout: 10_000 });
  });
});
