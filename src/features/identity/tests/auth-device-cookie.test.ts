// Brute-force protection that strangers cannot turn into a lockout (OWASP device cookies): wrong
// passwords from unknown browsers spend the account's shared budget, while a browser holding a
// device cookie for the account has its own budget and gets in.
import { describe, expect, it, vi } from "vitest";
import { AUTH_MESSAGES } from "@/features/identity/validation/sign-in";
import { DEMO_PASSWORDS, DEMO_USERS } from "@/features/demo/server/demo-data";
import { createCredentialUser } from "@/features/identity/server";
import { AUTH_LIMITS } from "@/features/identity/server/sign-in/brute-force";
import { DEVICE_COOKIE, issueDeviceCookie, verifyDeviceCookie } from "@/features/identity/server/sign-in/device-cookie";
import { signInToArea } from "@tests/integration/helpers/auth-actions";
import { nextTestIp, signIn } from "@tests/integration/helpers/auth";
import { setupTestDatabase } from "@tests/integration/helpers/db";

vi.mock("next/headers", async () => (await import("@tests/integration/helpers/next-headers-mock")).nextHeadersMock);
vi.mock("next/server", async (importOriginal) =>
  (await import("@tests/integration/helpers/next-headers-mock")).nextServerMock(importOriginal),
);

const t = setupTestDatabase({ seedDemo: true });
const ADMIN = { email: DEMO_USERS.admin.email, password: DEMO_PASSWORDS.admin };

const fromIp = (cookie?: string) => new Headers({ "x-forwarded-for": nextTestIp(), "user-agent": "vitest", ...(cookie ? { cookie } : {}) });

/** Signs in over HTTP and returns the device cookie pair (name=value) the answer set. */
async function deviceCookieAfterSignIn(email: string, password: string): Promise<{ pair: string; setCookie: string }> {
  const { response, setCookies } = await signIn(email, password);
  expect(response.status).toBe(200);
  const setCookie = setCookies.find((c) => c.startsWith(`${DEVICE_COOKIE}=`));
  expect(setCookie).toBeDefined();
  return { pair: setCookie!.split(";")[0]!, setCookie: setCookie! };
}

describe("device cookie", () => {
  it("is issued after a successful sign-in: httpOnly, long-lived, signed for that account", async () => {
    const { pair, setCookie } = await deviceCookieAfterSignIn(ADMIN.email, ADMIN.password);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Max-Age=\d{8}/);
    const value = decodeURIComponent(pair.split("=")[1]!);
    expect(verifyDeviceCookie(value, ADMIN.email)).not.toBeNull();
    expect(verifyDeviceCookie(value, " ADMIN@example.com ")).not.toBeNull();
    // Bound to the account, and to the signature.
    expect(verifyDeviceCookie(value, DEMO_USERS.acme.email)).toBeNull();
    expect(verifyDeviceCookie(value.slice(0, -2) + (value.endsWith("AA") ? "BB" : "AA"), ADMIN.email)).toBeNull();
    expect(verifyDeviceCookie(`${value}x`, ADMIN.email)).toBeNull();
    expect(verifyDeviceCookie("v1.a.b.c", ADMIN.email)).toBeNull();
  });

  it("is not issued for a wrong password", async () => {
    const { response, setCookies } = await signIn(ADMIN.email, "wrong-password");
    expect(response.status).toBe(401);
    expect(setCookies.some((c) => c.startsWith(`${DEVICE_COOKIE}=`))).toBe(false);
  });

  it("lets the owner in after 20 wrong passwords from other addresses; without it the sign-in is limited", async () => {
    const { pair } = await deviceCookieAfterSignIn(ADMIN.email, ADMIN.password);
    const results = [];
    for (let i = 0; i < 20; i++) results.push(await signInToArea("admin", { email: ADMIN.email, password: `guess-${i}` }, fromIp()));
    const limit = AUTH_LIMITS.signInPerAccount.max;
    expect(results.slice(0, limit).every((r) => !r.success && r.error === "Invalid admin credentials")).toBe(true);
    expect(results.slice(limit).every((r) => !r.success && r.error === AUTH_MESSAGES.signInRateLimited)).toBe(true);

    // The right password from yet another unknown browser: limited, with the existing message.
    expect(await signInToArea("admin", ADMIN, fromIp())).toMatchObject({ success: false, error: AUTH_MESSAGES.signInRateLimited });
    const http = await signIn(ADMIN.email, ADMIN.password);
    expect(http.response.status).toBe(429);

    // The owner's browser, with its device cookie: signed in.
    expect(await signInToArea("admin", ADMIN, fromIp(`${pair}; other=1`))).toEqual({
      success: true,
      data: { redirectTo: "/admin/dashboard" },
    });
    // Over HTTP too.
    expect((await signIn(ADMIN.email, ADMIN.password, { cookie: pair })).response.status).toBe(200);
  });

  it("does not open the account's limit with a cookie of another account or a forged one", async () => {
    const email = "device-victim@example.com";
    await createCredentialUser(t.db, { email, name: "Victim", role: "admin", password: "victim-password" });
    const { pair: otherAccount } = await deviceCookieAfterSignIn(DEMO_USERS.acme.email, DEMO_PASSWORDS.client);
    for (let i = 0; i < AUTH_LIMITS.signInPerAccount.max; i++) await signInToArea("admin", { email, password: `guess-${i}` }, fromIp());
    expect(await signInToArea("admin", { email, password: "victim-password" }, fromIp(otherAccount))).toMatchObject({
      success: false,
      error: AUTH_MESSAGES.signInRateLimited,
    });
    const forged = `${DEVICE_COOKIE}=${issueDeviceCookie(email).replace(/\.[^.]+$/, ".forgedsignatureforgedsignatureforgedsig")}`;
    expect(await signInToArea("admin", { email, password: "victim-password" }, fromIp(forged))).toMatchObject({
      success: false,
      error: AUTH_MESSAGES.signInRateLimited,
    });
    // A genuine cookie for this account (as the owner's browser holds) gets in.
    expect(
      (await signInToArea("admin", { email, password: "victim-password" }, fromIp(`${DEVICE_COOKIE}=${issueDeviceCookie(email)}`))).success,
    ).toBe(true);
  });

  it("gives a known browser its own small budget: a stolen cookie is no unlimited pass", async () => {
    const email = "device-budget@example.com";
    await createCredentialUser(t.db, { email, name: "Budget", role: "admin", password: "budget-password" });
    const cookie = `${DEVICE_COOKIE}=${issueDeviceCookie(email)}`;
    for (let i = 0; i < AUTH_LIMITS.signInPerDevice.max; i++) {
      expect(await signInToArea("admin", { email, password: `guess-${i}` }, fromIp(cookie))).toMatchObject({
        success: false,
        error: "Invalid admin credentials",
      });
    }
    expect(await signInToArea("admin", { email, password: "budget-password" }, fromIp(cookie))).toMatchObject({
      success: false,
      error: AUTH_MESSAGES.signInRateLimited,
    });
    // Its guesses did not spend the account's budget for unknown browsers, nor another device's.
    expect((await signInToArea("admin", { email, password: "budget-password" }, fromIp())).success).toBe(true);
    expect(
      (await signInToArea("admin", { email, password: "budget-password" }, fromIp(`${DEVICE_COOKIE}=${issueDeviceCookie(email)}`))).success,
    ).toBe(true);
  });
});
