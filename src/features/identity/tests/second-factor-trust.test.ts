// What a session proved (docs/PRODUCT.md#sign-in-two-factor): the second factor is recorded on the
// session when it is passed, never read from the user's current settings; enrolling, turning
// two-factor off and resets end the other sessions; a code is accepted once; resets revoke trusted
// devices; better-auth's raw endpoints for sensitive operations are not served over HTTP.
import { eq } from "drizzle-orm";
import * as OTPAuth from "otpauth";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { signInClientAction, verifySignInCodeAction } from "@/features/identity/actions/sign-in";
import { confirmTwoFactorAction, disableTwoFactorAction, startTwoFactorAction } from "@/features/identity/actions/account";
import { GET as authGet, POST as authPost } from "@/app/api/auth/[...all]/route";
import { AUTH_MESSAGES } from "@/features/identity/validation/sign-in";
import { clientPeople, clients } from "@/features/clients/server/schema";
import { session, twoFactor, user } from "@/features/identity/server/schema";
import { emailOutbox } from "@/server/core/db/schema/mail";
import { createInvitationLink } from "@/features/identity/server";
import { createCredentialUser, getAuth } from "@/features/identity/server";
import { getSession, requireAdmin, requireClient, TwoFactorRequiredError } from "@/features/identity/server/sessions/session";
import { resetUserTwoFactor } from "@/features/identity/server/second-factor/two-factor-reset";
import { APP_ORIGIN } from "@tests/integration/helpers/auth";
import { resetPasswordWithToken } from "@tests/integration/helpers/auth-actions";
import { Browser } from "@tests/integration/helpers/browser";
import { setupTestDatabase } from "@tests/integration/helpers/db";
import { cookiesSet } from "@tests/integration/helpers/next-headers-mock";

vi.mock("next/headers", async () => (await import("@tests/integration/helpers/next-headers-mock")).nextHeadersMock);
vi.mock("next/server", async (importOriginal) =>
  (await import("@tests/integration/helpers/next-headers-mock")).nextServerMock(importOriginal),
);

const t = setupTestDatabase();
const PASSWORD = "second-factor-password-1";
beforeEach(() => {
  cookiesSet.length = 0;
});

let seq = 0;
async function newUser(role: "client" | "admin", opts: { requireTwoFactor?: boolean } = {}) {
  seq += 1;
  const email = `sf-${role}-${seq}-${Date.now()}@example.test`;
  const { id } = await createCredentialUser(t.db, { email, name: "Second Factor", role, password: PASSWORD });
  if (role === "client") {
    const [c] = await t.db
      .insert(clients)
      .values({
        company: `SF ${seq}`,
        contactPerson: "SF",
        contactEmail: email,
        requireTwoFactor: opts.requireTwoFactor ?? false,
      })
      .returning({ id: clients.id });
    await t.db.insert(clientPeople).values({ userId: id, clientId: c!.id, role: "owner", status: "active" });
  }
  return { id, email, role };
}

const headersOf = (browser: Browser) => new Headers({ cookie: browser.cookieHeader(), origin: APP_ORIGIN, "x-forwarded-for": browser.ip });
/**
 * A code of the step after the current one (accepted one step ahead): each step is accepted once,
 * so the one code a test uses after the enrolment's must belong to a later step.
 */
const nextStepCode = (totp: OTPAuth.TOTP) => totp.generate({ timestamp: Date.now() + 30_000 });
const totpOf = (secret: string) => new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 });
const hasSession = (browser: Browser) => [...browser.jar.keys()].some((k) => k.includes("session_token"));

async function passwordSession(account: { email: string }) {
  const browser = new Browser();
  const signedIn = await browser.call(() => signInClientAction({ email: account.email, password: PASSWORD, rememberMe: false }));
  if (!signedIn.success) throw new Error(signedIn.error);
  return browser;
}

/** A browser that signs in with the password (admins through better-auth itself) and enrols. */
async function enrolIn(browser: Browser) {
  const started = await browser.call(() => startTwoFactorAction({ password: PASSWORD }));
  if (!started.success) throw new Error(started.error);
  const totp = totpOf(started.data.secret);
  const confirmed = await browser.call(() => confirmTwoFactorAction({ code: totp.generate() }));
  if (!confirmed.success) throw new Error(confirmed.error);
  return { totp, backupCodes: confirmed.data.backupCodes };
}

async function adminPasswordSession(email: string) {
  const browser = new Browser();
  const answer = await getAuth().api.signInEmail({ body: { email, password: PASSWORD }, headers: headersOf(browser), returnHeaders: true });
  for (const line of answer.headers.getSetCookie()) {
    const [pair] = line.split(";");
    const [name, ...rest] = pair!.split("=");
    browser.jar.set(name!, rest.join("="));
  }
  return browser;
}

describe("the second factor is the session's, not the user's", () => {
  it("a password session opened before a client's enrolment is ended by it, never upgraded", async () => {
    const account = await newUser("client", { requireTwoFactor: true });
    const attacker = await passwordSession(account);
    const owner = await passwordSession(account);
    await expect(requireClient(headersOf(attacker))).rejects.toBeInstanceOf(TwoFactorRequiredError);

    await enrolIn(owner);
    // The owner's browser holds the new session, which records the code and when.
    await expect(requireClient(headersOf(owner))).resolves.toMatchObject({ userId: account.id });
    const mine = await getSession(headersOf(owner));
    expect(mine?.secondFactor?.method).toBe("totp");
    expect(Math.abs(mine!.secondFactor!.at.getTime() - Date.now())).toBeLessThan(60_000);
    // The password-only session is gone, not promoted.
    expect(await getSession(headersOf(attacker))).toBeNull();
    await expect(requireClient(headersOf(attacker))).rejects.toMatchObject({ code: "unauthorized" });
    const left = await t.db.select({ id: session.id }).from(session).where(eq(session.userId, account.id));
    expect(left).toHaveLength(1);
  });

  it("a non-demo admin's password session does not become an admin session when the admin enrols elsewhere", async () => {
    const admin = await newUser("admin");
    const attacker = await adminPasswordSession(admin.email);
    const owner = await adminPasswordSession(admin.email);
    await expect(requireAdmin(headersOf(attacker))).rejects.toBeInstanceOf(TwoFactorRequiredError);
    await enrolIn(owner);
    await expect(requireAdmin(headersOf(owner))).resolves.toMatchObject({ userId: admin.id });
    await expect(requireAdmin(headersOf(attacker))).rejects.toMatchObject({ code: "unauthorized" });
  });

  it("a session of a two-factor user that records no factor (older than this rule) counts as signed out", async () => {
    const account = await newUser("client");
    const browser = await passwordSession(account);
    // As a session surviving from before the rule: the user turned two-factor on, the session stayed.
    await t.db.update(user).set({ twoFactorEnabled: true }).where(eq(user.id, account.id));
    expect(await getSession(headersOf(browser))).toBeNull();
  });

  it("the code step records the factor; a trusted device records itself as such", async () => {
    const account = await newUser("client");
    const { totp } = await enrolIn(await passwordSession(account));
    const browser = new Browser();
    await browser.call(() => signInClientAction({ email: account.email, password: PASSWORD, rememberMe: false }));
    expect(
      await browser.call(() => verifySignInCodeAction({ area: "client", method: "totp", code: nextStepCode(totp), trustDevice: true })),
    ).toMatchObject({ success: true });
    expect((await getSession(headersOf(browser)))?.secondFactor?.method).toBe("totp");
    // Signed out, the trusted browser signs in again with the password alone.
    browser.jar.forEach((_v, k) => k.includes("session_token") && browser.jar.delete(k));
    expect(await browser.call(() => signInClientAction({ email: account.email, password: PASSWORD, rememberMe: false }))).toEqual({
      success: true,
      data: { redirectTo: "/client-portal" },
    });
    expect((await getSession(headersOf(browser)))?.secondFactor?.method).toBe("trusted_device");
  });

  it("turning two-factor off keeps only the browser that did it, and forgets trusted devices", async () => {
    const account = await newUser("client");
    const owner = await passwordSession(account);
    const { totp, backupCodes } = await enrolIn(owner);
    const trusted = new Browser();
    await trusted.call(() => signInClientAction({ email: account.email, password: PASSWORD, rememberMe: false }));
    await trusted.call(() => verifySignInCodeAction({ area: "client", method: "backup", code: backupCodes[0]!, trustDevice: true }));
    expect((await getSession(headersOf(trusted)))?.secondFactor?.method).toBe("backup_code");

    expect(await owner.call(() => disableTwoFactorAction({ password: PASSWORD, code: nextStepCode(totp) }))).toEqual({
      success: true,
      data: { disabled: true },
    });
    expect(await getSession(headersOf(owner))).not.toBeNull();
    expect(await getSession(headersOf(trusted))).toBeNull();
    // Turned on again, the once-trusted browser is asked for a code.
    await enrolIn(owner);
    trusted.jar.forEach((_v, k) => k.includes("session_token") && trusted.jar.delete(k));
    expect(await trusted.call(() => signInClientAction({ email: account.email, password: PASSWORD, rememberMe: false }))).toMatchObject({
      success: true,
      data: { needsCode: true },
    });
  });
});

describe("one code, one use", () => {
  it("refuses a code that already opened a session, and a code of an earlier step", async () => {
    const account = await newUser("client");
    const { totp } = await enrolIn(await passwordSession(account));
    const at = Date.now() + 30_000;
    const step = Math.floor(at / 30_000);
    const code = totp.generate({ timestamp: at });
    const first = new Browser();
    await first.call(() => signInClientAction({ email: account.email, password: PASSWORD, rememberMe: false }));
    expect(await first.call(() => verifySignInCodeAction({ area: "client", method: "totp", code, trustDevice: false }))).toMatchObject({
      success: true,
    });

    const second = new Browser();
    await second.call(() => signInClientAction({ email: account.email, password: PASSWORD, rememberMe: false }));
    expect(await second.call(() => verifySignInCodeAction({ area: "client", method: "totp", code, trustDevice: false }))).toEqual({
      success: false,
      code: "bad_request",
      error: AUTH_MESSAGES.codeUsed,
    });
    // The enrolment's step, earlier than the code's, is refused too.
    const earlier = totp.generate({ timestamp: (step - 1) * 30_000 });
    expect(
      await second.call(() => verifySignInCodeAction({ area: "client", method: "totp", code: earlier, trustDevice: false })),
    ).toMatchObject({ success: false, error: AUTH_MESSAGES.codeUsed });
    expect(hasSession(second)).toBe(false);
    const [row] = await t.db.select({ step: twoFactor.lastTotpStep }).from(twoFactor).where(eq(twoFactor.userId, account.id));
    expect(row!.step).toBe(step);
  });
});

describe("recovery revokes", () => {
  it("a two-factor reset forgets trusted devices: the next sign-in from one asks for the password, then enrolment", async () => {
    const account = await newUser("client");
    const { totp } = await enrolIn(await passwordSession(account));
    const trusted = new Browser();
    await trusted.call(() => signInClientAction({ email: account.email, password: PASSWORD, rememberMe: false }));
    await trusted.call(() => verifySignInCodeAction({ area: "client", method: "totp", code: nextStepCode(totp), trustDevice: true }));

    await resetUserTwoFactor(t.db, { userId: account.id, actorUserId: null });
    expect(await getSession(headersOf(trusted))).toBeNull();
    // Enrolled again, the browser trusted before the reset is asked for a code.
    const fresh = await passwordSession(account);
    await enrolIn(fresh);
    trusted.jar.forEach((_v, k) => k.includes("session_token") && trusted.jar.delete(k));
    expect(await trusted.call(() => signInClientAction({ email: account.email, password: PASSWORD, rememberMe: false }))).toMatchObject({
      success: true,
      data: { needsCode: true },
    });
  });

  it("a password reset ends every session, forgets trusted devices and tells the owner", async () => {
    const account = await newUser("client");
    const { totp } = await enrolIn(await passwordSession(account));
    const trusted = new Browser();
    await trusted.call(() => signInClientAction({ email: account.email, password: PASSWORD, rememberMe: false }));
    await trusted.call(() => verifySignInCodeAction({ area: "client", method: "totp", code: nextStepCode(totp), trustDevice: true }));

    const { token } = await createInvitationLink(account.id, 3600);
    const reset = await resetPasswordWithToken(
      { token, password: "a-new-password-2", confirmPassword: "a-new-password-2" },
      new Headers({ "x-forwarded-for": trusted.ip }),
    );
    expect(reset).toMatchObject({ success: true });
    expect(await t.db.select({ id: session.id }).from(session).where(eq(session.userId, account.id))).toEqual([]);
    trusted.jar.forEach((_v, k) => k.includes("session_token") && trusted.jar.delete(k));
    const again = await trusted.call(() => signInClientAction({ email: account.email, password: "a-new-password-2", rememberMe: false }));
    expect(again).toMatchObject({ success: true, data: { needsCode: true } });
    const mails = await t.db
      .select({ subject: emailOutbox.subject, text: emailOutbox.textBody })
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, account.email));
    expect(mails.find((m) => m.subject === "Your password was reset")?.text).toMatch(/every device trusted for 30 days was forgotten/);
  });

  it("an invitation's first password sends no reset notice", async () => {
    const email = `sf-invite-${Date.now()}@example.test`;
    const { id } = await createCredentialUser(t.db, { email, name: "Invited", role: "client" });
    const [c] = await t.db
      .insert(clients)
      .values({ company: `SF invite ${Date.now()}`, contactPerson: "I", contactEmail: email })
      .returning({ id: clients.id });
    await t.db.insert(clientPeople).values({ userId: id, clientId: c!.id, role: "owner", status: "invited" });
    const { token } = await createInvitationLink(id, 3600);
    expect(
      await resetPasswordWithToken(
        { token, password: "first-password-1", confirmPassword: "first-password-1" },
        new Headers({ "x-forwarded-for": "10.9.9.9" }),
      ),
    ).toMatchObject({ success: true });
    const mails = await t.db.select({ subject: emailOutbox.subject }).from(emailOutbox).where(eq(emailOutbox.toAddress, email));
    expect(mails.map((m) => m.subject)).not.toContain("Your password was reset");
  });
});

describe("better-auth's raw endpoints", () => {
  const call = (method: "GET" | "POST", path: string, cookie: string, body?: unknown) => {
    const request = new Request(`${APP_ORIGIN}/api/auth${path}`, {
      method,
      headers: { cookie, origin: APP_ORIGIN, "content-type": "application/json", "x-forwarded-for": "10.200.0.1" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return method === "GET" ? authGet(request) : authPost(request);
  };

  it("answer 404 to a signed-in client for every sensitive operation, and change nothing", async () => {
    const account = await newUser("client");
    const browser = await passwordSession(account);
    await enrolIn(browser);
    const cookie = browser.cookieHeader();
    const sensitive: ["GET" | "POST", string, unknown][] = [
      ["POST", "/two-factor/disable", { password: PASSWORD }],
      ["POST", "/two-factor/get-totp-uri", { password: PASSWORD }],
      ["POST", "/two-factor/generate-backup-codes", { password: PASSWORD }],
      ["POST", "/two-factor/verify-totp", { code: "123456" }],
      ["POST", "/change-password", { currentPassword: PASSWORD, newPassword: "another-password-9", revokeOtherSessions: false }],
      ["POST", "/verify-password", { password: PASSWORD }],
      ["POST", "/revoke-sessions", {}],
      ["POST", "/update-user", { name: "Renamed" }],
      ["GET", "/list-sessions", undefined],
    ];
    for (const [method, path, body] of sensitive) {
      const answer = await call(method, path, cookie, body);
      expect(answer.status, `${method} ${path}`).toBe(404);
    }
    const [row] = await t.db.select({ on: user.twoFactorEnabled, name: user.name }).from(user).where(eq(user.id, account.id));
    expect(row).toEqual({ on: true, name: "Second Factor" });
    expect(await getSession(headersOf(browser))).not.toBeNull();
    // What the browser does call is still served.
    const current = await call("GET", "/get-session", cookie);
    expect(current.status).toBe(200);
    expect(await current.json()).toMatchObject({ user: { email: account.email } });
    expect((await call("GET", "/passkey/generate-authenticate-options", "")).status).toBe(200);
    expect((await call("POST", "/sign-out", cookie, {})).status).toBe(200);
    expect(await getSession(headersOf(browser))).toBeNull();
  });
});
