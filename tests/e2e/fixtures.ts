// Shared by browser tests. The e2e server runs with TRUST_PROXY=true and every test sends its own
// X-Forwarded-For, so per-IP rate limits (sign-in, contact) never leak from one test into another.
import { test as base, expect, type Page } from "@playwright/test";

export const DEMO = {
  admin: { email: "admin@example.com", password: "demo-admin-password" },
  client: { email: "client@example.com", password: "demo-client-password" },
  client2: { email: "client2@example.com", password: "demo-client-password" },
} as const;

let counter = 0;
export function uniqueIp(): string {
  counter += 1;
  const n = (process.pid % 200) * 65536 + counter;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

export const test = base.extend({
  extraHTTPHeaders: async ({}, use) => {
    await use({ "x-forwarded-for": uniqueIp() });
  },
});
export { expect };

/** Signs in through the API (no UI), leaving the session cookie in the page's context. */
export async function signInViaApi(page: Page, who: { email: string; password: string }): Promise<void> {
  const baseURL = test.info().project.use.baseURL!;
  const response = await page.request.post("/api/auth/sign-in/email", {
    data: { email: who.email, password: who.password, rememberMe: true },
    headers: { origin: baseURL },
  });
  expect(response.status(), await response.text()).toBe(200);
}
