// The setup project (playwright.config.ts): signs each demo role in once and saves its browser
// state, which signInViaApi then hands to every test of that role (one password check per role
// per run instead of one per test).
import { test as setup, expect } from "@playwright/test";
import { DEMO, roleStatePath, uniqueIp } from "./fixtures";

for (const who of Object.values(DEMO)) {
  setup(`sign in ${who.email}`, async ({ request, baseURL }) => {
    const response = await request.post("/api/auth/sign-in/email", {
      data: { email: who.email, password: who.password, rememberMe: true },
      headers: { origin: baseURL!, "x-forwarded-for": uniqueIp() },
    });
    expect(response.status(), await response.text()).toBe(200);
    await request.storageState({ path: roleStatePath(who.email) });
  });
}
