// Passkeys (docs/PRODUCT.md#passkeys) through better-auth's real passkey endpoints, answered by a
// software authenticator with a real key pair: registration, sign-in, the session counting as
// two-factor for the admin requirement, last use and audit; the list, rename and remove actions
// scoped to the user's own passkeys; the area check after a passkey sign-in.
import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { finishPasskeySignInAction } from "@/features/identity/actions/sign-in";
import { confirmPasskeyAction, listPasskeysAction, removePasskeyAction, renamePasskeyAction } from "@/features/identity/actions/account";
import { confirmStepUpAction } from "@/features/identity/actions/step-up";
import { POST as authRoutePost } from "@/app/api/auth/[...all]/route";
import { PASSKEY_MESSAGES } from "@/lib/passkey-errors";
import { auditLog } from "@/features/audit/server/schema";
import { clientPeople, clients } from "@/features/clients/server/schema";
import { passkey, session, user } from "@/features/identity/server/schema";
import { ssoDomains, ssoSettings } from "@/features/sso/server/schema";
import { emailOutbox } from "@/server/core/db/schema/mail";
import { createCredentialUser, getAuth } from "@/features/identity/server";
import { getSession, requireAdmin, TwoFactorRequiredError } from "@/features/identity/server/sessions/session";
import { INACTIVE_COMPANY_MESSAGE } from "@/features/identity/server/client-membership";
import { resetUserTwoFactor } from "@/features/identity/server/second-factor/two-factor-reset";
import { APP_ORIGIN, signIn } from "@tests/integration/helpers/auth";
import { Browser } from "@tests/integration/helpers/browser";
import { setupTestDatabase } from "@tests/integration/helpers/db";
import { cookiesSet } from "@tests/integration/helpers/next-headers-mock";
import { assert, createCredential, type SoftCredential } from "@tests/integration/helpers/soft-authenticator";

vi.mock("next/headers", async () => (await import("@tests/integration/helpers/next-headers-mock")).nextHeadersMock);
vi.mock("next/server", async (importOriginal) =>
  (await import("@tests/integration/helpers/next-headers-mock")).nextServerMock(importOriginal),
);

const t = setupTestDatabase({ seedDemo: true });
beforeEach(() => {
  cookiesSet.length = 0;
});

const PASSWORD = "passkey-tests-1";
let seq = 0;

/** A browser calling better-auth's HTTP endpoints, keeping the cookies they set. */
async function fetchAuth(browser: Browser, path: string, body?: unknown): Promise<{ status: number; json: unknown; setCookies: string[] }> {
  const response = await getAuth().handler(
    new Request(`${APP_ORIGIN}/api/auth${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers: {
        cookie: browser.cookieHeader(),
        origin: APP_ORIGIN,
        "x-forwarded-for": browser.ip,
        "user-agent": browser.userAgent,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
  for (const line of response.headers.getSetCookie()) {
    const [pair, ...attributes] = line.split(";");
    const [name, ...rest] = pair!.split("=");
    const value = rest.join("=");
    if (value === "" || attributes.some((a) => /max-age=0$/i.test(a.trim()))) browser.jar.delete(name!);
    else browser.jar.set(name!, value);
  }
  return { status: response.status, json: await response.json().catch(() => null), setCookies: response.headers.getSetCookie() };
}

async function newUser(role: "admin" | "client") {
  seq += 1;
  const email = `passkey-${role}-${seq}-${Date.now()}@example.test`;
  const { id } = await createCredentialUser(t.db, { email, name: "Passkey", role, password: PASSWORD });
  if (role === "client") {
    const [c] = await t.db
      .insert(clients)
      .values({ company: `Passkey ${seq}`, contactPerson: "Key", contactEmail: email })
      .returning({ id: clients.id });
    await t.db.insert(clientPeople).values({ userId: id, clientId: c!.id, role: "owner", status: "active" });
  }
  const browser = new Browser();
  const { cookie } = await signIn(email, PASSWORD, { ip: browser.ip });
  for (const pair of cookie.split("; ")) {
    const [name, ...rest] = pair.split("=");
    browser.jar.set(name!, rest.join("="));
  }
  // Adding a passkey needs a fresh step-up: the password, for an account with no second factor.
  expect(await browser.call(() => confirmStepUpAction({ password: PASSWORD }))).toEqual({ success: true, data: { confirmed: true } });
  return { id, email, browser };
}

async function register(browser: Browser, name: string): Promise<SoftCredential> {
  const options = await fetchAuth(browser, `/passkey/generate-register-options?name=${encodeURIComponent(name)}`);
  expect(options.status).toBe(200);
  const { credential, response } = createCredential(options.json as { challenge: string; rp: { id?: string } }, APP_ORIGIN);
  const verified = await fetchAuth(browser, "/passkey/verify-registration", { response, name });
  expect(verified.status, JSON.stringify(verified.json)).toBe(200);
  return credential;
}

async function passkeySignIn(credential: SoftCredential, browser = new Browser(), verification: { userVerified?: boolean } = {}) {
  const options = await fetchAuth(browser, "/passkey/generate-authenticate-options");
  expect(options.status).toBe(200);
  const result = await fetchAuth(browser, "/passkey/verify-authentication", {
    response: assert(credential, options.json as { challenge: string; rpId?: string }, APP_ORIGIN, verification),
  });
  return { browser, ...result };
}

const headersOf = (browser: Browser) => new Headers({ cookie: browser.cookieHeader(), origin: APP_ORIGIN, "x-forwarded-for": browser.ip });

describe("passkeys", () => {
  it("a passkey is added and signs in; that session counts as two-factor for an admin; last use and audit are kept", async () => {
    const admin = await newUser("admin");
    // The password alone: an admin without two-factor is held at enrolment.
    await expect(requireAdmin(headersOf(admin.browser))).rejects.toBeInstanceOf(TwoFactorRequiredError);

    const credential = await register(admin.browser, "Work laptop");
    const [stored] = await t.db.select().from(passkey).where(eq(passkey.userId, admin.id));
    expect(stored).toMatchObject({ name: "Work laptop", lastUsedAt: null });

    const signedIn = await passkeySignIn(credential);
    expect(signedIn.status).toBe(200);
    await expect(requireAdmin(headersOf(signedIn.browser))).resolves.toMatchObject({ userId: admin.id });
    // The password session is still held: the passkey marks only its own session.
    await expect(requireAdmin(headersOf(admin.browser))).rejects.toBeInstanceOf(TwoFactorRequiredError);

    const [used] = await t.db
      .select({ lastUsedAt: passkey.lastUsedAt, counter: passkey.counter })
      .from(passkey)
      .where(eq(passkey.id, stored!.id));
    expect(used!.lastUsedAt).toBeInstanceOf(Date);
    expect(used!.counter).toBe(1);
    const methods = await t.db.select({ method: session.signInMethod }).from(session).where(eq(session.userId, admin.id));
    expect(methods.map((m) => m.method ?? "password").sort()).toEqual(["passkey", "password"]);
    const actions = await t.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.actorUserId, admin.id));
    expect(actions.map((a) => a.action)).toEqual(expect.arrayContaining(["account.passkey_added", "account.passkey_sign_in"]));

    // The login page's last step sends the admin on, and a client page refuses the admin's session.
    expect(await signedIn.browser.call(() => finishPasskeySignInAction({ area: "admin" }))).toEqual({
      success: true,
      data: { redirectTo: "/admin/dashboard" },
    });
    expect(await signedIn.browser.call(() => finishPasskeySignInAction({ area: "client" }))).toMatchObject({
      success: false,
      error: "Access denied. Please use the admin portal.",
    });
    expect(await signedIn.browser.call(() => finishPasskeySignInAction({ area: "admin" }))).toMatchObject({
      success: false,
      error: PASSKEY_MESSAGES.failed,
    });
  });

  it("a signature from a key the server never registered, or a replayed challenge, signs nobody in", async () => {
    const client = await newUser("client");
    const credential = await register(client.browser, "Phone");
    const stranger = createCredential({ challenge: "x", rp: {} }, APP_ORIGIN).credential;
    const unknown = await passkeySignIn(stranger);
    expect(unknown.status).toBe(401);
    expect(unknown.json).toMatchObject({ code: "PASSKEY_NOT_FOUND" });

    const browser = new Browser();
    const options = (await fetchAuth(browser, "/passkey/generate-authenticate-options")).json as { challenge: string };
    const answer = assert(credential, options, APP_ORIGIN);
    expect((await fetchAuth(browser, "/passkey/verify-authentication", { response: answer })).status).toBe(200);
    const replay = await fetchAuth(browser, "/passkey/verify-authentication", { response: answer });
    expect(replay.status).toBe(400);
    expect(replay.json).toMatchObject({ code: "CHALLENGE_NOT_FOUND" });
  });

  it("lists, renames and removes only the user's own passkeys, audited", async () => {
    const owner = await newUser("client");
    const other = await newUser("client");
    await register(owner.browser, "Laptop");
    const listed = await owner.browser.call(() => listPasskeysAction({}));
    expect(listed).toMatchObject({ success: true, data: [{ name: "Laptop", lastUsedAt: null }] });
    const id = (listed as { data: { id: string }[] }).data[0]!.id;

    // Someone else's id answers like an unknown one, and changes nothing.
    const notFound = { success: false, error: "That passkey is not registered any more." };
    expect(await other.browser.call(() => renamePasskeyAction({ passkeyId: id, name: "Mine now" }))).toMatchObject(notFound);
    expect(await other.browser.call(() => removePasskeyAction({ passkeyId: id }))).toMatchObject(notFound);
    expect(await other.browser.call(() => listPasskeysAction({}))).toEqual({ success: true, data: [] });

    expect(await owner.browser.call(() => renamePasskeyAction({ passkeyId: id, name: "   " }))).toMatchObject({
      success: false,
      fieldErrors: { name: "Enter a name for the passkey" },
    });
    expect(await owner.browser.call(() => renamePasskeyAction({ passkeyId: id, name: "  Desk key  " }))).toEqual({
      success: true,
      data: { id, name: "Desk key" },
    });
    expect(await owner.browser.call(() => removePasskeyAction({ passkeyId: id }))).toEqual({ success: true, data: { removed: 1 } });
    expect(
      await t.db
        .select()
        .from(passkey)
        .where(and(eq(passkey.userId, owner.id))),
    ).toEqual([]);
    const audit = await t.db
      .select({ action: auditLog.action, before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(eq(auditLog.actorUserId, owner.id));
    expect(audit).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: "account.passkey_renamed", before: { name: "Laptop" }, after: { name: "Desk key" } }),
        expect.objectContaining({ action: "account.passkey_removed", before: { name: "Desk key" } }),
      ]),
    );
  });

  it("an admin removing its last passkey (no authenticator app) ends its other sessions and must set up a factor again", async () => {
    const admin = await newUser("admin");
    const credential = await register(admin.browser, "Only key");
    const laptop = await passkeySignIn(credential);
    const phone = await passkeySignIn(credential);
    await expect(requireAdmin(headersOf(phone.browser))).resolves.toMatchObject({ userId: admin.id });
    const [only] = await t.db.select({ id: passkey.id }).from(passkey).where(eq(passkey.userId, admin.id));

    // From the browser that registered it (its fresh proof is the password: the admin had no factor yet).
    expect(await admin.browser.call(() => removePasskeyAction({ passkeyId: only!.id }))).toEqual({ success: true, data: { removed: 1 } });
    // The laptop's and the phone's passkey sessions are gone; this one stays, not counting as two-factor.
    const left = await t.db.select({ method: session.secondFactorMethod }).from(session).where(eq(session.userId, admin.id));
    expect(left).toEqual([{ method: null }]);
    for (const gone of [laptop, phone]) await expect(requireAdmin(headersOf(gone.browser))).rejects.toThrow();
    await expect(requireAdmin(headersOf(admin.browser))).rejects.toBeInstanceOf(TwoFactorRequiredError);
    const [entry] = await t.db
      .select({ after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.actorUserId, admin.id), eq(auditLog.action, "account.passkey_removed")));
    expect(entry!.after).toEqual({ lastSecondFactor: true, otherSessionsEnded: 2 });
  });

  it("keeps the plugin's own list, rename and delete endpoints closed (ours are audited)", async () => {
    const owner = await newUser("client");
    for (const [path, body] of [
      ["/passkey/list-user-passkeys", undefined],
      ["/passkey/update-passkey", { id: "x", name: "y" }],
      ["/passkey/delete-passkey", { id: "x" }],
    ] as const) {
      expect((await fetchAuth(owner.browser, path, body)).status, path).toBe(404);
    }
  });
});

describe("what a passkey must prove", () => {
  it("refuses a registration without user verification, with the reason, and stores nothing", async () => {
    const client = await newUser("client");
    const options = await fetchAuth(client.browser, "/passkey/generate-register-options?name=Key");
    // The browser is asked for user verification outright.
    expect(options.json).toMatchObject({ authenticatorSelection: { userVerification: "required" } });
    const { response } = createCredential(options.json as { challenge: string; rp: { id?: string } }, APP_ORIGIN, { userVerified: false });
    const refused = await fetchAuth(client.browser, "/passkey/verify-registration", { response, name: "Key" });
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({ code: "USER_VERIFICATION_REQUIRED", message: PASSKEY_MESSAGES.userVerificationRequired });
    expect(await t.db.select().from(passkey).where(eq(passkey.userId, client.id))).toEqual([]);
  });

  it("refuses a sign-in whose assertion lacks user verification: possession alone is one factor", async () => {
    const admin = await newUser("admin");
    const credential = await register(admin.browser, "Security key");
    const refused = await passkeySignIn(credential, new Browser(), { userVerified: false });
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({ code: "USER_VERIFICATION_REQUIRED", message: PASSKEY_MESSAGES.userVerificationRequired });
    expect([...refused.browser.jar.keys()].some((k) => k.includes("session_token"))).toBe(false);
    const sessions = await t.db.select({ method: session.signInMethod }).from(session).where(eq(session.userId, admin.id));
    expect(sessions.map((s) => s.method)).not.toContain("passkey");
  });

  it("records the passkey on the session it makes, and gives an admin a browser-session cookie", async () => {
    const admin = await newUser("admin");
    const signedIn = await passkeySignIn(await register(admin.browser, "Laptop"));
    expect(signedIn.status).toBe(200);
    const cookies = signedIn.setCookies.filter((c) => c.split("=")[0]!.endsWith("session_token"));
    expect(cookies).toHaveLength(1);
    expect(cookies[0]).not.toMatch(/max-age|expires/i);
    const current = await getSession(headersOf(signedIn.browser));
    expect(current?.secondFactor).toMatchObject({ method: "passkey" });
    expect(Math.abs(current!.secondFactor!.at.getTime() - Date.now())).toBeLessThan(60_000);

    // A client's passkey sign-in keeps the persistent cookie.
    const client = await newUser("client");
    const clientSignIn = await passkeySignIn(await register(client.browser, "Phone"));
    expect(clientSignIn.setCookies.find((c) => c.split("=")[0]!.endsWith("session_token"))).toMatch(/max-age=\d+/i);
  });

  it("answers 400 with the reason, not 500, to a registration it cannot verify", async () => {
    const client = await newUser("client");
    const options = await fetchAuth(client.browser, "/passkey/generate-register-options?name=Key");
    const { response } = createCredential(options.json as { challenge: string; rp: { id?: string } }, "https://elsewhere.example");
    const answer = await authRoutePost(
      new Request(`${APP_ORIGIN}/api/auth/passkey/verify-registration`, {
        method: "POST",
        headers: {
          cookie: client.browser.cookieHeader(),
          origin: APP_ORIGIN,
          "content-type": "application/json",
          "x-forwarded-for": client.browser.ip,
        },
        body: JSON.stringify({ response, name: "Key" }),
      }),
    );
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({
      code: "FAILED_TO_VERIFY_REGISTRATION",
      message: expect.stringMatching(/could not be verified/),
    });
  });

  it("a two-factor reset puts every passkey on hold until its owner confirms it with the password", async () => {
    const admin = await newUser("admin");
    const credential = await register(admin.browser, "Laptop");
    await resetUserTwoFactor(t.db, { userId: admin.id, actorUserId: null });
    const [mail] = await t.db
      .select({ text: emailOutbox.textBody })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, admin.email), eq(emailOutbox.kind, "two_factor_reset")));
    expect(mail!.text).toMatch(/passkey is on hold/);
    expect(mail!.text).toMatch(/every device trusted for 30 days was forgotten/);

    const held = await passkeySignIn(credential);
    expect(held.status).toBe(400);
    expect(held.json).toMatchObject({ code: "PASSKEY_NEEDS_CONFIRMATION", message: PASSKEY_MESSAGES.needsConfirmation });

    // The owner signs in with the password (the reset ended every session) and confirms it.
    const owner = new Browser();
    for (const pair of (await signIn(admin.email, PASSWORD, { ip: owner.ip })).cookie.split("; ")) {
      const [name, ...rest] = pair.split("=");
      owner.jar.set(name!, rest.join("="));
    }
    const listed = await owner.call(() => listPasskeysAction({}));
    expect(listed).toMatchObject({ success: true, data: [{ name: "Laptop", needsConfirmation: true }] });
    const id = (listed as { data: { id: string }[] }).data[0]!.id;
    expect(await owner.call(() => confirmPasskeyAction({ passkeyId: id, password: "not-the-password" }))).toMatchObject({
      success: false,
      error: "That password is not right.",
    });
    expect((await passkeySignIn(credential)).status).toBe(400);
    expect(await owner.call(() => confirmPasskeyAction({ passkeyId: id, password: PASSWORD }))).toEqual({ success: true, data: { id } });
    expect((await passkeySignIn(credential)).status).toBe(200);
    const audit = await t.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.actorUserId, admin.id));
    expect(audit.map((a) => a.action)).toContain("account.passkey_confirmed");
  });
});

describe("a company that requires its identity provider", () => {
  it("refuses a member's passkey sign-in and keeps no session of it (docs/PRODUCT.md#single-sign-on)", async () => {
    const person = await newUser("client");
    const credential = await register(person.browser, "Laptop");
    const domain = `sso-${seq}.example`;
    const [membership] = await t.db.select().from(clientPeople).where(eq(clientPeople.userId, person.id));
    await t.db
      .update(user)
      .set({ email: `kim@${domain}` })
      .where(eq(user.id, person.id));
    await t.db.update(clientPeople).set({ role: "member" }).where(eq(clientPeople.userId, person.id));
    await t.db
      .insert(ssoDomains)
      .values({ clientId: membership!.clientId, domain, token: "t", verifiedAt: new Date(), createdByName: "Test" });
    await t.db.insert(ssoSettings).values({ clientId: membership!.clientId, mode: "required", testedAt: new Date() });
    const before = await t.db.select({ id: session.id }).from(session).where(eq(session.userId, person.id));

    const refused = await passkeySignIn(credential);
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({ code: "SSO_REQUIRED" });
    expect(await t.db.select({ id: session.id }).from(session).where(eq(session.userId, person.id))).toHaveLength(before.length);

    // An owner keeps the passkey as the way back in.
    await t.db.update(clientPeople).set({ role: "owner" }).where(eq(clientPeople.userId, person.id));
    expect((await passkeySignIn(credential)).status).toBe(200);
  });
});

describe("a company that is not active", () => {
  it("refuses its people's passkey sign-in before any session is made", async () => {
    const person = await newUser("client");
    const credential = await register(person.browser, "Laptop");
    const [membership] = await t.db.select().from(clientPeople).where(eq(clientPeople.userId, person.id));
    await t.db.update(clients).set({ status: "inactive" }).where(eq(clients.id, membership!.clientId));
    const before = await t.db.select({ id: session.id }).from(session).where(eq(session.userId, person.id));

    const refused = await passkeySignIn(credential);
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({ code: "CLIENT_ACCOUNT_INACTIVE", message: INACTIVE_COMPANY_MESSAGE });
    expect(refused.setCookies.some((line) => line.includes("session_token=") && !/max-age=0/i.test(line))).toBe(false);
    expect(await t.db.select({ id: session.id }).from(session).where(eq(session.userId, person.id))).toHaveLength(before.length);

    // Active again: the same passkey signs in.
    await t.db.update(clients).set({ status: "active" }).where(eq(clients.id, membership!.clientId));
    expect((await passkeySignIn(credential)).status).toBe(200);
  });
});
