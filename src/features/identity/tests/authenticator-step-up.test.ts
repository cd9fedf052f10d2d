// Adding or removing an authenticator asks for a fresh proof (docs/PRODUCT.md#passkeys,
// docs/PRODUCT.md#sign-in-two-factor): an existing second factor proved in the last five minutes,
// or the password for a person with none; a passkey added minutes ago vouches for nothing yet; the
// person is mailed at every change. Real better-auth endpoints, a software authenticator, the real
// database; the vault's password step-up (docs/PRODUCT.md#portal-reports) and the sign-in options.
import { symmetricEncrypt } from "better-auth/crypto";
import { desc, eq, sql } from "drizzle-orm";
import * as OTPAuth from "otpauth";
import { beforeAll, describe, expect, it, vi } from "vitest";
import {
  confirmTwoFactorAction,
  disableTwoFactorAction,
  regenerateBackupCodesAction,
  removePasskeyAction,
  startTwoFactorAction,
} from "@/features/identity/actions/account";
import { confirmStepUpAction } from "@/features/identity/actions/step-up";
import { GET as authRouteGet } from "@/app/api/auth/[...all]/route";
import { POST as downloadRoute } from "@/app/api/client/reports/[id]/download/route";
import { clientPeople } from "@/features/clients/server/schema";
import { passkey, session, twoFactor, user, verification } from "@/features/identity/server/schema";
import { emailOutbox } from "@/server/core/db/schema/mail";
import { createCredentialUser, getAuth } from "@/features/identity/server";
import {
  FRESH_CODE_PROMPT,
  FRESH_PASSKEY_PROMPT,
  FRESH_PASSKEY_TOO_NEW,
  FRESH_PASSWORD_PROMPT,
  FRESH_PASSWORD_WRONG,
} from "@/features/identity/server/second-factor/fresh-second-factor";
import { APP_ORIGIN, sessionCookie } from "@tests/integration/helpers/auth";
import { Browser } from "@tests/integration/helpers/browser";
import { setupTestDatabase } from "@tests/integration/helpers/db";
import { assert, createCredential, type SoftCredential } from "@tests/integration/helpers/soft-authenticator";
import { seedTenantReports, TENANTS } from "@tests/integration/helpers/tenants";

vi.mock("next/headers", async () => (await import("@tests/integration/helpers/next-headers-mock")).nextHeadersMock);
vi.mock("next/server", async (importOriginal) =>
  (await import("@tests/integration/helpers/next-headers-mock")).nextServerMock(importOriginal),
);

const t = setupTestDatabase({ seedDemo: true });
beforeAll(async () => seedTenantReports(t.db));
const acme = TENANTS.acme;
const PASSWORD = "step-up-password-1";
const SECRET = "step-up-totp-secret-0123456789";
const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromUTF8(SECRET), digits: 6, period: 30 });
let seq = 0;

type Answer = {
  status: number;
  json: { fieldErrors?: Record<string, string>; error?: string; challenge?: string; userVerification?: string };
};

/** A browser calling better-auth's HTTP endpoints, keeping the cookies they set (the challenge cookie). */
async function fetchAuth(browser: Browser, path: string, body?: unknown): Promise<Answer> {
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
    if (rest.join("=") === "" || attributes.some((a) => /max-age=0$/i.test(a.trim()))) browser.jar.delete(name!);
    else browser.jar.set(name!, rest.join("="));
  }
  return { status: response.status, json: (await response.json().catch(() => ({}))) as Answer["json"] };
}

/** A member of Acme signed in (with `factor`, its session records that factor now), with an authenticator app if `totp`. */
async function person({ totp: withTotp = false, factor }: { totp?: boolean; factor?: "totp" | "passkey" } = {}) {
  seq += 1;
  const email = `step-up-${seq}@example.test`;
  const { id } = await createCredentialUser(t.db, { email, name: `Step Up ${seq}`, role: "client", password: PASSWORD });
  await t.db.insert(clientPeople).values({ userId: id, clientId: acme.clientId, role: "member", status: "active" });
  if (withTotp) {
    const ctx = await getAuth().$context;
    await t.db.insert(twoFactor).values({
      id: `step-up-2fa-${seq}`,
      userId: id,
      secret: await symmetricEncrypt({ key: ctx.secretConfig, data: SECRET }),
      backupCodes: await symmetricEncrypt({ key: ctx.secretConfig, data: "[]" }),
    });
    await t.db.update(user).set({ twoFactorEnabled: true }).where(eq(user.id, id));
  }
  const browser = new Browser();
  for (const pair of (await sessionCookie(email, factor ? { secondFactor: factor } : {})).split("; ")) {
    const [name, ...rest] = pair.split("=");
    browser.jar.set(name!, rest.join("="));
  }
  return { id, email, browser };
}

/** The session's factor (and any password proof) made `minutes` old: past the step-up window. */
const ageSession = (userId: string, minutes = 6) =>
  t.db
    .update(session)
    .set({ secondFactorAt: new Date(Date.now() - minutes * 60_000) })
    .where(eq(session.userId, userId));
const agePasskeys = (userId: string, minutes = 10) =>
  t.db
    .update(passkey)
    .set({ createdAt: new Date(Date.now() - minutes * 60_000) })
    .where(eq(passkey.userId, userId));

async function registerPasskey(browser: Browser, name = "Laptop"): Promise<SoftCredential> {
  const options = await fetchAuth(browser, `/passkey/generate-register-options?name=${name}`);
  expect(options.status, JSON.stringify(options.json)).toBe(200);
  const { credential, response } = createCredential(options.json as { challenge: string; rp: { id?: string } }, APP_ORIGIN);
  const verified = await fetchAuth(browser, "/passkey/verify-registration", { response, name });
  expect(verified.status, JSON.stringify(verified.json)).toBe(200);
  return credential;
}

type PasskeyProof = NonNullable<Parameters<typeof confirmStepUpAction>[0]["passkey"]>;

async function passkeyAnswer(browser: Browser, credential: SoftCredential): Promise<PasskeyProof> {
  const options = await fetchAuth(browser, "/passkey/generate-authenticate-options");
  return assert(credential, options.json as { challenge: string; rpId?: string }, APP_ORIGIN) as PasskeyProof;
}

async function download(browser: Browser, json: unknown = {}) {
  const request = new Request(`${APP_ORIGIN}/api/client/reports/${acme.reportId}/download`, {
    method: "POST",
    headers: { cookie: browser.cookieHeader(), origin: APP_ORIGIN, "x-forwarded-for": browser.ip, "content-type": "application/json" },
    body: JSON.stringify(json),
  });
  const response = await downloadRoute(request, { params: Promise.resolve({ id: acme.reportId }) });
  return { status: response.status, json: (await response.json()) as Answer["json"] };
}

const mailsTo = (email: string) =>
  t.db
    .select({ subject: emailOutbox.subject, text: emailOutbox.textBody })
    .from(emailOutbox)
    .where(eq(emailOutbox.toAddress, email))
    .orderBy(desc(emailOutbox.createdAt));
/** Every password proof made stale, as five minutes would. */
const expirePasswordProofs = () =>
  t.db
    .update(verification)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(sql`${verification.identifier} like 'fresh-password:%'`);
const passkeysOf = (userId: string) => t.db.select({ id: passkey.id }).from(passkey).where(eq(passkey.userId, userId));

describe("adding a passkey", () => {
  it("with a factor older than five minutes, both registration steps answer the step-up prompt, never success", async () => {
    const who = await person({ totp: true, factor: "totp" });
    // Options fetched while fresh, answered after the window: the second step asks too.
    const options = await fetchAuth(who.browser, "/passkey/generate-register-options?name=Late");
    expect(options.status).toBe(200);
    await ageSession(who.id);
    const asked = await fetchAuth(who.browser, "/passkey/generate-register-options?name=Stolen");
    expect(asked).toEqual({
      status: 403,
      json: expect.objectContaining({
        success: false,
        code: "forbidden",
        error: FRESH_CODE_PROMPT,
        fieldErrors: { code: FRESH_CODE_PROMPT },
      }),
    });
    const { response } = createCredential(options.json as { challenge: string; rp: { id?: string } }, APP_ORIGIN);
    const verify = await fetchAuth(who.browser, "/passkey/verify-registration", { response, name: "Late" });
    expect(verify.status).toBe(403);
    expect(verify.json.fieldErrors).toEqual({ code: FRESH_CODE_PROMPT });
    expect(await passkeysOf(who.id)).toEqual([]);

    // The step-up with a current code, then the ceremony goes through and the person is mailed.
    expect(await who.browser.call(() => confirmStepUpAction({ code: totp.generate() }))).toEqual({
      success: true,
      data: { confirmed: true },
    });
    await registerPasskey(who.browser, "Desk");
    expect(await passkeysOf(who.id)).toHaveLength(1);
    const [mail] = await mailsTo(who.email);
    expect(mail!.subject).toBe("A passkey was added to your account");
    expect(mail!.text).toContain('"Desk"');
    expect(mail!.text).toContain("/client-portal?section=settings&tab=security#passkeys");
  });

  it("a person with no second factor is asked for the password; a wrong one is refused", async () => {
    const who = await person();
    // Through the served route (which strips credentials from bodies) the prompt keeps its fields.
    const served = await authRouteGet(
      new Request(`${APP_ORIGIN}/api/auth/passkey/generate-register-options?name=Key`, {
        headers: { cookie: who.browser.cookieHeader(), "x-forwarded-for": who.browser.ip },
      }),
    );
    expect(served.status).toBe(403);
    expect(await served.json()).toMatchObject({ fieldErrors: { password: FRESH_PASSWORD_PROMPT } });
    const asked = await fetchAuth(who.browser, "/passkey/generate-register-options?name=Key");
    expect(asked.status).toBe(403);
    expect(asked.json.fieldErrors).toEqual({ password: FRESH_PASSWORD_PROMPT });
    expect(await who.browser.call(() => confirmStepUpAction({ password: "not-the-password" }))).toMatchObject({
      success: false,
      error: FRESH_PASSWORD_WRONG,
      fieldErrors: { password: FRESH_PASSWORD_WRONG },
    });
    expect(await who.browser.call(() => confirmStepUpAction({ password: PASSWORD }))).toEqual({ success: true, data: { confirmed: true } });
    await registerPasskey(who.browser);
    expect(await passkeysOf(who.id)).toHaveLength(1);
  });

  it("a passkey-only person proves an older passkey; a passkey added minutes ago proves nothing yet", async () => {
    const who = await person();
    await who.browser.call(() => confirmStepUpAction({ password: PASSWORD }));
    const first = await registerPasskey(who.browser, "First");
    // Its own session proved the password; a new browser signs in with the brand-new passkey.
    const other = new Browser();
    const options = await fetchAuth(other, "/passkey/generate-authenticate-options");
    const signedIn = await fetchAuth(other, "/passkey/verify-authentication", {
      response: assert(first, options.json as { challenge: string }, APP_ORIGIN),
    });
    expect(signedIn.status).toBe(200);
    // That session's factor is the new passkey: not fresh, for a download as for another passkey.
    expect((await download(other)).json.fieldErrors).toEqual({ passkey: FRESH_PASSKEY_PROMPT });
    expect((await fetchAuth(other, "/passkey/generate-register-options?name=Second")).status).toBe(403);
    const newAnswer = await passkeyAnswer(other, first);
    const tooNew = await other.call(() => confirmStepUpAction({ passkey: newAnswer }));
    expect(tooNew).toMatchObject({ success: false, fieldErrors: { passkey: FRESH_PASSKEY_TOO_NEW } });

    // Once the passkey is older than the window its answer is a step-up.
    await agePasskeys(who.id);
    const oldAnswer = await passkeyAnswer(other, first);
    expect(await other.call(() => confirmStepUpAction({ passkey: oldAnswer }))).toEqual({
      success: true,
      data: { confirmed: true },
    });
    await registerPasskey(other, "Second");
    expect(await passkeysOf(who.id)).toHaveLength(2);
  });
});

describe("removing a passkey", () => {
  it("with a factor older than five minutes answers the step-up prompt and keeps the passkey; after the proof it goes, mailed", async () => {
    const who = await person();
    await who.browser.call(() => confirmStepUpAction({ password: PASSWORD }));
    const credential = await registerPasskey(who.browser, "Phone");
    await agePasskeys(who.id);
    // Five minutes on, the password proof is stale and the person now has a passkey.
    await expirePasswordProofs();
    const [{ id: passkeyId }] = (await passkeysOf(who.id)) as [{ id: string }];
    expect(await who.browser.call(() => removePasskeyAction({ passkeyId }))).toEqual({
      success: false,
      error: FRESH_PASSKEY_PROMPT,
      code: "forbidden",
      fieldErrors: { passkey: FRESH_PASSKEY_PROMPT },
    });
    expect(await passkeysOf(who.id)).toHaveLength(1);
    // The password is no proof for a person with a second factor.
    expect(await who.browser.call(() => confirmStepUpAction({ password: PASSWORD }))).toMatchObject({ success: false, code: "forbidden" });

    const answer = await passkeyAnswer(who.browser, credential);
    expect(await who.browser.call(() => confirmStepUpAction({ passkey: answer }))).toEqual({ success: true, data: { confirmed: true } });
    expect(await who.browser.call(() => removePasskeyAction({ passkeyId }))).toEqual({ success: true, data: { removed: 1 } });
    expect(await passkeysOf(who.id)).toEqual([]);
    const [mail] = await mailsTo(who.email);
    expect(mail!.subject).toBe("A passkey was removed from your account");
    expect(mail!.text).toContain('"Phone"');
  });
});

describe("two-factor with an authenticator app", () => {
  it("new backup codes need a fresh factor besides the password, and are mailed", async () => {
    const who = await person({ totp: true, factor: "totp" });
    await ageSession(who.id);
    expect(await who.browser.call(() => regenerateBackupCodesAction({ password: PASSWORD }))).toMatchObject({
      success: false,
      code: "forbidden",
      fieldErrors: { code: FRESH_CODE_PROMPT },
    });
    await who.browser.call(() => confirmStepUpAction({ code: totp.generate() }));
    expect(await who.browser.call(() => regenerateBackupCodesAction({ password: PASSWORD }))).toMatchObject({ success: true });
    expect((await mailsTo(who.email))[0]!.subject).toBe("New backup codes were made");
  });

  it("setting it up without a second factor takes the password as the proof, and is mailed", async () => {
    const who = await person();
    const started = await who.browser.call(() => startTwoFactorAction({ password: PASSWORD }));
    expect(started).toMatchObject({ success: true });
    const secret = (started as { data: { secret: string } }).data.secret;
    const app = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 });
    expect(await who.browser.call(() => confirmTwoFactorAction({ code: app.generate() }))).toMatchObject({ success: true });
    const [mail] = await mailsTo(who.email);
    expect(mail!.subject).toBe("Two-factor sign-in was turned on");
    expect(mail!.text).toContain("/client-portal?section=settings&tab=security");
  });

  it("setting it up asks a passkey holder for the passkey; turning it off is mailed", async () => {
    const who = await person();
    await who.browser.call(() => confirmStepUpAction({ password: PASSWORD }));
    await registerPasskey(who.browser);
    await expirePasswordProofs();
    expect(await who.browser.call(() => startTwoFactorAction({ password: PASSWORD }))).toMatchObject({
      success: false,
      fieldErrors: { passkey: FRESH_PASSKEY_PROMPT },
    });

    const withApp = await person({ totp: true, factor: "totp" });
    await ageSession(withApp.id);
    expect(await withApp.browser.call(() => disableTwoFactorAction({ password: PASSWORD, code: totp.generate() }))).toEqual({
      success: true,
      data: { disabled: true },
    });
    expect((await mailsTo(withApp.email))[0]!.subject).toBe("Two-factor sign-in was turned off");
  });
});

describe("the vault for a person without a second factor", () => {
  it("asks for the password, refuses a wrong one, then passes for five minutes", async () => {
    const who = await person();
    const asked = await download(who.browser);
    expect(asked).toEqual({
      status: 403,
      json: { success: false, code: "forbidden", error: FRESH_PASSWORD_PROMPT, fieldErrors: { password: FRESH_PASSWORD_PROMPT } },
    });
    expect(await download(who.browser, { password: "wrong-password" })).toMatchObject({
      status: 400,
      json: { fieldErrors: { password: FRESH_PASSWORD_WRONG } },
    });
    const ok = await download(who.browser, { password: PASSWORD });
    expect(ok.status).toBe(200);
    expect((await download(who.browser)).status).toBe(200);
    // Another session of the same person proved nothing.
    const elsewhere = await person();
    expect((await download(elsewhere.browser)).status).toBe(403);
  });

  it("counts password proofs against the five-per-five-minutes limit", async () => {
    const who = await person();
    for (let i = 0; i < 5; i += 1) expect((await download(who.browser, { password: `wrong-${i}-password` })).status).toBe(400);
    expect((await download(who.browser, { password: PASSWORD })).status).toBe(429);
  });
});

describe("passkey sign-in options", () => {
  it("ask for user verification outright, as the server requires it", async () => {
    const options = await fetchAuth(new Browser(), "/passkey/generate-authenticate-options");
    expect(options.status).toBe(200);
    expect(options.json.userVerification).toBe("required");
  });
});
