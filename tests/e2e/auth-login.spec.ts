// Client and admin sign-in in the browser: every message of docs/PRODUCT.md in its situation, the
// Remember me cookie, staying signed in across a reload, and signing out on the server.
import { isSessionAlive, interceptNextAction, logoutButton, sessionCookie } from "./auth-helpers";
import { DEMO, expect, test } from "./fixtures";

const SUBTITLE = "Sign in to access your dashboard and project resources";

async function fillClientLogin(page: import("@playwright/test").Page, who: { email: string; password: string }, rememberMe = false) {
  // Enabled once the page is interactive (typed text would otherwise be reset by the form's hydration).
  await expect(page.getByRole("button", { name: "Login" })).toBeEnabled();
  await page.getByLabel("Email").fill(who.email);
  await page.getByLabel("Password").fill(who.password);
  if (rememberMe) await page.getByLabel("Remember me").check();
}

test.describe("client login (/client-portal)", () => {
  test("shows the signed-out screen", async ({ page }) => {
    await page.goto("/client-portal");
    await expect(page.getByRole("heading", { name: "Client Portal" })).toBeVisible();
    await expect(page.getByText(SUBTITLE)).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to Home" })).toHaveAttribute("href", "/");
    await expect(page.getByLabel("Email")).toHaveAttribute("type", "email");
    await expect(page.getByLabel("Password")).toHaveAttribute("type", "password");
    await expect(page.getByLabel("Remember me")).not.toBeChecked();
    await expect(page.getByRole("link", { name: /Forgot password/ })).toHaveAttribute("href", "/forgot-password");
    await expect(page.getByRole("button", { name: "Login" })).toBeEnabled();
  });

  test("validates the fields with the product's messages", async ({ page }) => {
    await page.goto("/client-portal");
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page.getByText("Invalid email address")).toBeVisible();
    await expect(page.getByText("Password must be at least 6 characters")).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
    await page.getByLabel("Email").fill("someone@example.com");
    await page.getByLabel("Password").fill("12345");
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page.getByText("Invalid email address")).toHaveCount(0);
    await expect(page.getByText("Password must be at least 6 characters")).toBeVisible();
  });

  test("rejects wrong credentials with 'Invalid email or password'", async ({ page, context }) => {
    await page.goto("/client-portal");
    await fillClientLogin(page, { email: DEMO.client.email, password: "not-the-password" });
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Invalid email or password" })).toBeVisible();
    expect(await sessionCookie(context)).toBeUndefined();
  });

  test("signs an admin out at once with 'Access denied. Please use the admin portal.'", async ({ page, context }) => {
    await page.goto("/client-portal");
    await fillClientLogin(page, DEMO.admin);
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Access denied. Please use the admin portal." })).toBeVisible();
    expect(await sessionCookie(context)).toBeUndefined();
    await page.goto("/admin/dashboard");
    await expect(page).toHaveURL(/\/admin\/login$/);
  });

  test("shows 'Logging in...' while busy and 'Login failed. Please try again.' when the request fails", async ({ page }) => {
    await page.goto("/client-portal");
    await fillClientLogin(page, { email: DEMO.client.email, password: "not-the-password" });
    const held = await interceptNextAction(page, "delay");
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page.getByRole("button", { name: "Logging in..." })).toBeDisabled();
    held.release();
    await expect(page.getByRole("alert").filter({ hasText: "Invalid email or password" })).toBeVisible();

    await interceptNextAction(page, "abort");
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Login failed. Please try again." })).toBeVisible();
  });

  test("a client signs in with Remember me, stays signed in after a reload, and signs out on the server", async ({ page, context }) => {
    await page.goto("/client-portal");
    await fillClientLogin(page, DEMO.client, true);
    await page.getByRole("button", { name: "Login" }).click();
    const logout = logoutButton(page);
    await expect(logout).toBeVisible();
    await expect(page.getByText(SUBTITLE)).toHaveCount(0);
    await expect(page).toHaveURL(/\/client-portal$/);

    const cookie = await sessionCookie(context);
    expect(cookie?.httpOnly).toBe(true);
    // Remembered: a persistent cookie lasting about the session lifetime (7 days).
    expect(cookie!.expires).toBeGreaterThan(Date.now() / 1000 + 6 * 24 * 3600);

    await page.reload();
    await expect(logoutButton(page)).toBeVisible();
    expect(await isSessionAlive(page, cookie!.value)).toBe(true);

    await logoutButton(page).click();
    await expect(page.getByText(SUBTITLE)).toBeVisible();
    expect(await sessionCookie(context)).toBeUndefined();
    // The session is gone on the server too: the old cookie value no longer works.
    expect(await isSessionAlive(page, cookie!.value)).toBe(false);
    await page.reload();
    await expect(page.getByRole("heading", { name: "Client Portal" })).toBeVisible();
  });

  test("without Remember me the session cookie ends with the browser session", async ({ page, context }) => {
    await page.goto("/client-portal");
    await fillClientLogin(page, DEMO.client2);
    await page.getByRole("button", { name: "Login" }).click();
    await expect(logoutButton(page)).toBeVisible();
    const cookie = await sessionCookie(context);
    expect(cookie).toBeDefined();
    expect(cookie!.expires).toBe(-1);
  });

  test("too many attempts from one address give a clear rate-limit message", async ({ page }) => {
    await page.goto("/client-portal");
    await page.getByLabel("Password").fill("guessing-password");
    const banner = page.getByRole("alert").filter({ hasText: /Invalid email or password|Too many/ });
    const submit = async (email: string) => {
      await page.getByLabel("Email").fill(email);
      // One attempt at a time: wait for the server action's answer before the next click.
      await Promise.all([
        page.waitForResponse((r) => r.request().method() === "POST" && r.request().headers()["next-action"] !== undefined),
        page.getByRole("button", { name: "Login" }).click(),
      ]);
      await expect(page.getByRole("button", { name: "Login" })).toBeEnabled();
    };
    for (let i = 0; i < 10; i++) {
      await submit(`rate-probe-${i}-${Date.now()}@example.com`);
      await expect(banner).toHaveText("Invalid email or password");
    }
    await submit(`rate-probe-last-${Date.now()}@example.com`);
    await expect(banner).toHaveText("Too many sign-in attempts. Please wait a few minutes and try again.");
  });
});

test.describe("admin login (/admin/login)", () => {
  test("shows the admin login screen", async ({ page }) => {
    await page.goto("/admin/login");
    await expect(page.getByRole("heading", { name: "Admin Portal" })).toBeVisible();
    await expect(page.getByText("Authorized personnel only")).toBeVisible();
    await expect(page.getByRole("note")).toContainText("attempts are logged");
    await expect(page.getByRole("link", { name: "Back to Home" })).toHaveAttribute("href", "/");
    await expect(page.getByLabel("Admin Email")).toBeVisible();
    await expect(page.getByLabel("Password")).toBeVisible();
  });

  test("answers 'Invalid admin credentials' for a wrong password or an unknown user", async ({ page }) => {
    await page.goto("/admin/login");
    await page.getByLabel("Admin Email").fill(DEMO.admin.email);
    await page.getByLabel("Password").fill("wrong-admin-password");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Invalid admin credentials" })).toBeVisible();
    await page.getByLabel("Admin Email").fill("nobody-admin@example.com");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Invalid admin credentials" })).toBeVisible();
  });

  test("signs a client out at once with 'Access denied. Admins only.'", async ({ page, context }) => {
    await page.goto("/admin/login");
    await page.getByLabel("Admin Email").fill(DEMO.client.email);
    await page.getByLabel("Password").fill(DEMO.client.password);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Access denied. Admins only." })).toBeVisible();
    expect(await sessionCookie(context)).toBeUndefined();
  });

  test("an admin signs in, reaches the dashboard, is sent there from the login page, and logs out", async ({ page, context }) => {
    await page.goto("/admin/login");
    await page.getByLabel("Admin Email").fill(DEMO.admin.email);
    await page.getByLabel("Password").fill(DEMO.admin.password);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    const cookie = await sessionCookie(context);
    // No Remember me for admins: the cookie ends with the browser session.
    expect(cookie!.expires).toBe(-1);
    // The server action also made this browser a known one for the account (device cookie).
    const device = (await context.cookies()).find((c) => c.name === "sentinel_device");
    expect(device?.httpOnly).toBe(true);
    expect(device!.expires).toBeGreaterThan(Date.now() / 1000 + 300 * 24 * 3600);

    await page.goto("/admin/login");
    await expect(page).toHaveURL(/\/admin\/dashboard$/);

    // Logout in the admin header ends the session on the server.
    await logoutButton(page).first().click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    expect(await isSessionAlive(page, cookie!.value)).toBe(false);
  });
});

const ADMIN_ROUTES = [
  "/admin/dashboard",
  "/admin/clients",
  "/admin/projects",
  "/admin/subscriptions",
  "/admin/documents",
  "/admin/client-rates",
];

test.describe("admin guard", () => {
  for (const route of ADMIN_ROUTES) {
    test(`${route} without a session ends on /admin/login`, async ({ page }) => {
      await page.goto(route);
      await expect(page).toHaveURL(/\/admin\/login$/);
      await expect(page.getByRole("heading", { name: "Admin Portal" })).toBeVisible();
    });
  }

  test("a client session is not an admin session: admin pages redirect to /admin/login", async ({ page }) => {
    await page.goto("/client-portal");
    await fillClientLogin(page, DEMO.client);
    await page.getByRole("button", { name: "Login" }).click();
    await expect(logoutButton(page)).toBeVisible();
    for (const route of ADMIN_ROUTES) {
      await page.goto(route);
      await expect(page, route).toHaveURL(/\/admin\/login$/);
    }
  });
});
