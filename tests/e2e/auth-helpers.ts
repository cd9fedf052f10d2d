// Helpers for the authentication browser specs.
import { type BrowserContext, expect, type Page, type Route } from "@playwright/test";

export const SESSION_COOKIE = "better-auth.session_token";

export async function sessionCookie(context: BrowserContext) {
  return (await context.cookies()).find((c) => c.name === SESSION_COOKIE || c.name === `__Secure-${SESSION_COOKIE}`);
}

/** Whether the server still accepts a session cookie value (get-session answers null when not). */
export async function isSessionAlive(page: Page, cookieValue: string): Promise<boolean> {
  const response = await page.request.get("/api/auth/get-session", { headers: { cookie: `${SESSION_COOKIE}=${cookieValue}` } });
  return (await response.json()) !== null;
}

/**
 * Holds (or breaks) the next server action the page sends, so a test can see the busy state
 * or a failed request. Server actions are POSTs to the page's own URL with a Next-Action header.
 * `bodyIncludes` picks the action by what it sends, when other actions (a card loading its list)
 * may go out first.
 */
export async function interceptNextAction(page: Page, mode: "delay" | "abort", { bodyIncludes }: { bodyIncludes?: string } = {}) {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let used = false;
  const handler = async (route: Route) => {
    const request = route.request();
    if (used || request.method() !== "POST" || !(await request.headerValue("next-action"))) return route.fallback();
    if (bodyIncludes && !(request.postData() ?? "").includes(bodyIncludes)) return route.fallback();
    used = true;
    if (mode === "abort") return route.abort("failed");
    await released;
    return route.continue();
  };
  await page.route("**/*", handler);
  return { release };
}

/** The visible Logout button (a layout may render one per breakpoint). */
export function logoutButton(page: Page) {
  return page.getByRole("button", { name: "Logout" }).filter({ visible: true }).first();
}

/** Logs out as a person would, and waits until the signed-out page with its login form is there. */
export async function logOut(page: Page) {
  await logoutButton(page).click();
  await page.getByRole("button", { name: "Login" }).waitFor();
}

/** Fills and sends the portal's login form as a person would (not through the API). */
export async function submitPortalLogin(page: Page, email: string, password: string) {
  await page.goto("/client-portal");
  // Enabled once the page is interactive (typed text would otherwise be reset by the form's hydration).
  await expect(page.getByRole("button", { name: "Login" })).toBeEnabled();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Login" }).click();
}
