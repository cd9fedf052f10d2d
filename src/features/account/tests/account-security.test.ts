// Account security (docs/PRODUCT.md#account-security) through the very server actions the Settings
// and Account cards, the client row and the login pages call: change password, the sessions list
// and its sign-outs (own sessions only), a company's two-factor requirement held in the client
// guard, an admin's reset of a client's two-factor, and the new-browser mail.
import { and, eq } from "drizzle-orm";
import * as OTPAuth from "otpauth";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { signInAdminAction, signInClientAction, verifySignInCodeAction } from "@/features/identity/actions/sign-in";
import {
  changePasswordAction,
  confirmTwoFactorAction,
  listSessionsAction,
  revokeOtherSessionsAction,
  revokeSessionAction,
  startTwoFactorAction,
} from "@/features/identity/actions/account";
import { resetClientTwoFactorAction, setClientTwoFactorRequirementAction } from "@/features/clients/actions/admin";
import { saveNotificationPreferencesAction } from "@/features/notifications/actions/portal";
import ClientPortalPage from "@/app/client-portal/page";
import { AUTH_MESSAGES } from "@/features/identity/validation/sign-in";
import { auditLog } from "@/features/audit/server/schema";
import { clientPeople, clients } from "@/features/clients/server/schema";
import { session, twoFactor, user } from "@/features/identity/server/schema";
import { emailOutbox } from "@/server/core/db/schema/mail";
import { DEMO_PASSWORDS, DEMO_USERS } from "@/features/demo/server/demo-data";
import { createCredentialUser } from "@/features/identity/server";
import { CLIENT_TWO_FACTOR_REQUIRED } from "@/features/identity/server/sessions/session";
import { Browser, FIREFOX_WINDOWS } from "@tests/integration/helpers/browser";
import { setupTestDatabase } from "@tests/integration/helpers/db";
import { callPage } from "@tests/integration/helpers/entry-outcome";
import { cookiesSet, requestHeaders } from "@tests/integration/helpers/next-headers-mock";

vi.mock("next/headers", async () => (await import("@tests/integration/helpers/next-headers-mock")).nextHeadersMock);
vi.mock("next/server", async (importOriginal) =>
  (await import("@tests/integration/helpers/next-headers-mock")).nextServerMock(importOriginal),
);

const t = setupTestDatabase({ seedDemo: true });
const PASSWORD = "account-security-1";
const NEW_PASSWORD = "account-security-2";
const PREFERENCES: { enabled: "documents"[]; delivery: "each" } = { enabled: ["documents"], delivery: "each" };

beforeEach(() => {
  cookiesSet.length = 0;
});

let seq = 0;
async function newClient() {
  seq += 1;
  const email = `sec-${seq}-${Date.now()}@example.test`;
  const { id } = await createCredentialUser(t.db, { email, name: "Security", role: "client", password: PASSWORD });
  const [row] = await t.db
    .insert(clients)
    .values({ company: `Security ${seq}`, contactPerson: "Sec", contactEmail: email })
    .returning({ id: clients.id });
  await t.db.insert(clientPeople).values({ userId: id, clientId: row!.id, role: "owner", status: "active" });
  return { id, email, clientId: row!.id };
}

async function signedIn(account: { email: string }, browser = new Browser(), password = PASSWORD) {
  const result = await browser.call(() => signInClientAction({ email: account.email, password, rememberMe: false }));
  expect(result.success).toBe(true);
  return browser;
}

async function adminBrowser() {
  const browser = new Browser();
  const result = await browser.call(() => signInAdminAction({ email: DEMO_USERS.admin.email, password: DEMO_PASSWORDS.admin }));
  expect(result.success).toBe(true);
  return browser;
}

const totpOf = (secret: string) => new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 });

async function enrol(browser: Browser) {
  const started = await browser.call(() => startTwoFactorAction({ password: PASSWORD }));
  if (!started.success) throw new Error(started.error);
  const totp = totpOf(started.data.secret);
  const confirmed = await browser.call(() => confirmTwoFactorAction({ code: totp.generate() }));
  if (!confirmed.success) throw new Error(confirmed.error);
  return totp;
}

const mailsTo = (email: string, kind: string) =>
  t.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.kind, kind)));
const auditOf = (entityId: string, action: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, entityId), eq(auditLog.action, action)));

describe("change password", () => {
  it("needs the current password and the reset page's rules", async () => {
    const account = await newClient();
    const browser = await signedIn(account);
    expect(
      await browser.call(() =>
        changePasswordAction({ currentPassword: "wrong-password", password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }),
      ),
    ).toEqual({
      success: false,
      error: AUTH_MESSAGES.wrongPassword,
      code: "bad_request",
    });
    const short = await browser.call(() =>
      changePasswordAction({ currentPassword: PASSWORD, password: "short", confirmPassword: "short" }),
    );
    expect(short).toMatchObject({ success: false, fieldErrors: { password: "Password must be at least 8 characters" } });
    const mismatch = await browser.call(() =>
      changePasswordAction({ currentPassword: PASSWORD, password: NEW_PASSWORD, confirmPassword: "something-else" }),
    );
    expect(mismatch).toMatchObject({ success: false, fieldErrors: { confirmPassword: "Passwords do not match" } });
    expect(await mailsTo(account.email, "password_changed")).toHaveLength(0);
  });

  it("ends the other sessions, keeps this browser signed in, mails and audits", async () => {
    const account = await newClient();
    const here = await signedIn(account);
    const other = await signedIn(account, new Browser(FIREFOX_WINDOWS));
    expect(
      await here.call(() => changePasswordAction({ currentPassword: PASSWORD, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD })),
    ).toEqual({ success: true, data: { changed: true } });

    expect(await other.call(() => listSessionsAction({}))).toMatchObject({ success: false, error: "Please sign in." });
    const mine = await here.call(() => listSessionsAction({}));
    if (!mine.success) throw new Error(mine.error);
    expect(mine.data).toHaveLength(1);
    expect(mine.data[0]!.current).toBe(true);

    const [mail] = await mailsTo(account.email, "password_changed");
    expect(mail?.subject).toBe("Your password was changed");
    expect(mail?.textBody).toContain("Chrome 131 on macOS");
    expect(mail?.textBody).toContain(here.ip);
    expect(mail?.textBody).toContain("/client-portal?section=settings&tab=security#sessions");
    expect(await auditOf(account.id, "account.password_changed")).toHaveLength(1);

    expect(
      (await new Browser().call(() => signInClientAction({ email: account.email, password: PASSWORD, rememberMe: false }))).success,
    ).toBe(false);
    expect(
      (await new Browser().call(() => signInClientAction({ email: account.email, password: NEW_PASSWORD, rememberMe: false }))).success,
    ).toBe(true);
  });
});

describe("active sessions", () => {
  it("lists the user's own sessions with browser, system, address and This device", async () => {
    const account = await newClient();
    const here = await signedIn(account);
    const other = await signedIn(account, new Browser(FIREFOX_WINDOWS));
    const stranger = await signedIn(await newClient());
    const listed = await here.call(() => listSessionsAction({}));
    if (!listed.success) throw new Error(listed.error);
    expect(listed.data.map((s) => [s.browser, s.os, s.ipAddress, s.current])).toEqual([
      ["Chrome 131", "macOS", here.ip, true],
      ["Firefox 133", "Windows", other.ip, false],
    ]);
    const theirs = await stranger.call(() => listSessionsAction({}));
    expect(theirs.success && theirs.data).toHaveLength(1);
    // No token in the answer: sessions are named by id.
    const tokens = await t.db.select({ token: session.token }).from(session).where(eq(session.userId, account.id));
    for (const { token } of tokens) expect(JSON.stringify(listed)).not.toContain(token);
  });

  it("signs out one session, never the current one nor anyone else's", async () => {
    const account = await newClient();
    const here = await signedIn(account);
    const other = await signedIn(account, new Browser(FIREFOX_WINDOWS));
    const stranger = await signedIn(await newClient());
    const theirs = await stranger.call(() => listSessionsAction({}));
    const mine = await here.call(() => listSessionsAction({}));
    if (!theirs.success || !mine.success) throw new Error("list failed");

    // Another user's session id answers like an unknown one, and that session lives on.
    expect(await here.call(() => revokeSessionAction({ sessionId: theirs.data[0]!.id }))).toEqual({
      success: false,
      error: "That session has already ended.",
      code: "not_found",
    });
    expect((await stranger.call(() => listSessionsAction({}))).success).toBe(true);
    expect(await here.call(() => revokeSessionAction({ sessionId: mine.data[0]!.id }))).toMatchObject({
      success: false,
      code: "bad_request",
    });

    expect(await here.call(() => revokeSessionAction({ sessionId: mine.data[1]!.id }))).toEqual({ success: true, data: { revoked: 1 } });
    expect(await other.call(() => listSessionsAction({}))).toMatchObject({ success: false, error: "Please sign in." });
    expect(await here.call(() => revokeSessionAction({ sessionId: mine.data[1]!.id }))).toMatchObject({
      success: false,
      code: "not_found",
    });
    expect(await auditOf(account.id, "account.session_revoked")).toHaveLength(1);
  });

  it("signs out all other sessions of the user only", async () => {
    const account = await newClient();
    const here = await signedIn(account);
    const others = [await signedIn(account, new Browser(FIREFOX_WINDOWS)), await signedIn(account)];
    const stranger = await signedIn(await newClient());
    expect(await here.call(() => revokeOtherSessionsAction({}))).toEqual({ success: true, data: { revoked: 2 } });
    for (const browser of others) expect((await browser.call(() => listSessionsAction({}))).success).toBe(false);
    expect((await here.call(() => listSessionsAction({}))).success).toBe(true);
    expect((await stranger.call(() => listSessionsAction({}))).success).toBe(true);
    expect(await auditOf(account.id, "account.other_sessions_revoked")).toHaveLength(1);
  });
});

describe("a company's two-factor requirement", () => {
  it("lets its users without two-factor reach only the enrolment until they set it up", async () => {
    const account = await newClient();
    const client = await signedIn(account);
    const admin = await adminBrowser();
    expect(await admin.call(() => setClientTwoFactorRequirementAction({ clientId: account.clientId, required: true }))).toEqual({
      success: true,
      data: { required: true },
    });
    expect(await auditOf(account.clientId, "client.two_factor_requirement")).toHaveLength(1);
    // A client can't flip it.
    expect(await client.call(() => setClientTwoFactorRequirementAction({ clientId: account.clientId, required: false }))).toMatchObject({
      success: false,
      code: "forbidden",
    });

    expect(await client.call(() => saveNotificationPreferencesAction(PREFERENCES))).toEqual({
      success: false,
      error: CLIENT_TWO_FACTOR_REQUIRED,
      code: "forbidden",
    });
    expect((await client.call(() => callPage(ClientPortalPage as never, {}))).outcome).toBe("renders PortalEnrolment");
    // A fresh sign-in lands there too.
    const again = await signedIn(account);
    expect((await again.call(() => callPage(ClientPortalPage as never, {}))).outcome).toBe("renders PortalEnrolment");

    await enrol(client);
    expect(await client.call(() => saveNotificationPreferencesAction(PREFERENCES))).toEqual({ success: true, data: expect.anything() });
    expect((await client.call(() => callPage(ClientPortalPage as never, {}))).outcome).toBe("renders ClientPortal");

    // Switched off, a user without two-factor is let through again.
    const colleague = await newClient();
    await t.db.update(clients).set({ requireTwoFactor: true }).where(eq(clients.id, colleague.clientId));
    const colleagueBrowser = await signedIn(colleague);
    expect((await colleagueBrowser.call(() => saveNotificationPreferencesAction(PREFERENCES))).success).toBe(false);
    expect(await admin.call(() => setClientTwoFactorRequirementAction({ clientId: colleague.clientId, required: false }))).toEqual({
      success: true,
      data: { required: false },
    });
    expect((await colleagueBrowser.call(() => saveNotificationPreferencesAction(PREFERENCES))).success).toBe(true);
  });
});

describe("admin reset of a client's two-factor", () => {
  it("turns it off, ends the user's sessions, audits and mails; a user without it is refused", async () => {
    const account = await newClient();
    const client = await signedIn(account);
    await enrol(client);
    const admin = await adminBrowser();
    expect(await admin.call(() => resetClientTwoFactorAction({ clientId: account.clientId }))).toEqual({
      success: true,
      data: { reset: true },
    });

    const [row] = await t.db.select({ enabled: user.twoFactorEnabled }).from(user).where(eq(user.id, account.id));
    expect(row?.enabled).toBe(false);
    expect(await t.db.select().from(twoFactor).where(eq(twoFactor.userId, account.id))).toHaveLength(0);
    expect(await t.db.select().from(session).where(eq(session.userId, account.id))).toHaveLength(0);
    expect(await mailsTo(account.email, "two_factor_reset")).toHaveLength(1);
    const [audit] = await auditOf(account.id, "account.two_factor_reset");
    expect(audit?.actorUserId).not.toBeNull();
    expect(audit?.actorUserId).not.toBe(account.id);

    expect(await admin.call(() => resetClientTwoFactorAction({ clientId: account.clientId }))).toMatchObject({
      success: false,
      code: "conflict",
    });
    expect(await client.call(() => resetClientTwoFactorAction({ clientId: account.clientId }))).toMatchObject({
      success: false,
      code: "unauthorized",
    });
  });
});

describe("new-browser sign-in mail", () => {
  it("is sent for a browser not seen before, never for the first sign-in or a known browser", async () => {
    const account = await newClient();
    const first = await signedIn(account);
    expect(await mailsTo(account.email, "new_sign_in")).toHaveLength(0);
    await signedIn(account, first);
    expect(await mailsTo(account.email, "new_sign_in")).toHaveLength(0);

    const stranger = await signedIn(account, new Browser(FIREFOX_WINDOWS));
    const mails = await mailsTo(account.email, "new_sign_in");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.textBody).toContain("Firefox 133 on Windows");
    expect(mails[0]!.textBody).toContain(stranger.ip);
    expect(mails[0]!.textBody).toContain("/client-portal?section=settings&tab=security#sessions");
    // That browser is known from now on.
    await signedIn(account, stranger);
    expect(await mailsTo(account.email, "new_sign_in")).toHaveLength(1);
  });

  it("with two-factor on, is sent once the code step completes", async () => {
    const account = await newClient();
    const first = await signedIn(account);
    const totp = await enrol(first);
    const browser = new Browser(FIREFOX_WINDOWS);
    const password = await browser.call(() => signInClientAction({ email: account.email, password: PASSWORD, rememberMe: false }));
    expect(password).toEqual({ success: true, data: { redirectTo: "/client-portal", needsCode: true } });
    expect(await mailsTo(account.email, "new_sign_in")).toHaveLength(0);
    // The code of the enrolment may not be used twice: wait for the next one if needed.
    const code = totp.generate({ timestamp: Date.now() + 30_000 });
    const verified = await browser.call(() => verifySignInCodeAction({ area: "client", method: "totp", code, trustDevice: false }));
    expect(verified.success).toBe(true);
    expect(await mailsTo(account.email, "new_sign_in")).toHaveLength(1);
  });
});

// Keep the request headers of one test from leaking into the next file's expectations.
afterAll(() => {
  requestHeaders.current = new Headers();
});
