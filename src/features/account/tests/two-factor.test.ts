// Two-factor sign-in (docs/PRODUCT.md#sign-in-two-factor) through the very server actions the
// Settings card and the login pages call: enrolment, the code step (app code, backup code, trust
// this device), limits on wrong codes, disabling, and what the database keeps (nothing readable).
import { eq, sql } from "drizzle-orm";
import * as OTPAuth from "otpauth";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { signInClientAction, verifySignInCodeAction } from "@/features/identity/actions/sign-in";
import {
  confirmTwoFactorAction,
  disableTwoFactorAction,
  regenerateBackupCodesAction,
  startTwoFactorAction,
} from "@/features/identity/actions/account";
import { AUTH_MESSAGES } from "@/features/identity/validation/sign-in";
import { auditLog } from "@/features/audit/server/schema";
import { clientPeople, clients } from "@/features/clients/server/schema";
import { session, twoFactor, user } from "@/features/identity/server/schema";
import { emailOutbox } from "@/server/core/db/schema/mail";
import { createCredentialUser } from "@/features/identity/server";
import { resetUserTwoFactor } from "@/features/identity/server/second-factor/two-factor-reset";
import { nextTestIp } from "@tests/integration/helpers/auth";
import { setupTestDatabase } from "@tests/integration/helpers/db";
import { cookiesSet, requestHeaders } from "@tests/integration/helpers/next-headers-mock";

vi.mock("next/headers", async () => (await import("@tests/integration/helpers/next-headers-mock")).nextHeadersMock);
vi.mock("next/server", async (importOriginal) =>
  (await import("@tests/integration/helpers/next-headers-mock")).nextServerMock(importOriginal),
);

const t = setupTestDatabase();
const PASSWORD = "two-factor-password-1";

/** A browser: a cookie jar fed by what each action sets, sent with the next call. */
class Browser {
  jar = new Map<string, string>();
  ip = nextTestIp();
  async call<T>(fn: () => Promise<T>): Promise<T> {
    const cookie = [...this.jar].map(([k, v]) => `${k}=${v}`).join("; ");
    requestHeaders.current = new Headers({ cookie, origin: "http://localhost:3000", "x-forwarded-for": this.ip, "user-agent": "vitest" });
    cookiesSet.length = 0;
    const result = await fn();
    for (const c of cookiesSet) {
      if (c.maxAge === 0 || c.value === "") this.jar.delete(c.name);
      else this.jar.set(c.name, encodeURIComponent(c.value));
    }
    return result;
  }
}

let seq = 0;
async function newClient() {
  seq += 1;
  const email = `tf-${seq}-${Date.now()}@example.test`;
  const { id } = await createCredentialUser(t.db, { email, name: "Two Factor", role: "client", password: PASSWORD });
  const [c] = await t.db
    .insert(clients)
    .values({ company: `TF ${seq}`, contactPerson: "TF", contactEmail: email })
    .returning({ id: clients.id });
  await t.db.insert(clientPeople).values({ userId: id, clientId: c!.id, role: "owner", status: "active" });
  return { id, email };
}

/**
 * A code of the step after the current one (accepted one step ahead): each step is accepted once,
 * so the code after the enrolment's must belong to a later step, whatever the clock does meanwhile.
 */
const nextStepCode = (totp: OTPAuth.TOTP) => totp.generate({ timestamp: Date.now() + 30_000 });
const totpOf = (secret: string) => new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 });
/** A valid code that is not the current one (better-auth accepts one step either side). */
const wrongCodeFor = (totp: OTPAuth.TOTP) => {
  const valid = new Set([-1, 0, 1].map((w) => totp.generate({ timestamp: Date.now() + w * 30_000 })));
  for (let n = 0; ; n++) {
    const code = String(n).padStart(6, "0");
    if (!valid.has(code)) return code;
  }
};

async function enrolled() {
  const account = await newClient();
  const browser = new Browser();
  expect(await browser.call(() => signInClientAction({ email: account.email, password: PASSWORD, rememberMe: false }))).toEqual({
    success: true,
    data: { redirectTo: "/client-portal" },
  });
  const started = await browser.call(() => startTwoFactorAction({ password: PASSWORD }));
  if (!started.success) throw new Error(started.error);
  expect(started.data.qrSvg).toMatch(/^<svg/);
  const totp = totpOf(started.data.secret);
  const confirmed = await browser.call(() => confirmTwoFactorAction({ code: totp.generate() }));
  if (!confirmed.success) throw new Error(confirmed.error);
  return { ...account, browser, totp, secret: started.data.secret, backupCodes: confirmed.data.backupCodes };
}

beforeEach(() => {
  cookiesSet.length = 0;
});

describe("enrolment", () => {
  it("needs the current password, then a first code, and shows 10 backup codes once", async () => {
    const account = await newClient();
    const browser = new Browser();
    await browser.call(() => signInClientAction({ email: account.email, password: PASSWORD, rememberMe: false }));
    expect(await browser.call(() => startTwoFactorAction({ password: "not-my-password" }))).toMatchObject({
      success: false,
      error: AUTH_MESSAGES.wrongPassword,
    });
    const started = await browser.call(() => startTwoFactorAction({ password: PASSWORD }));
    if (!started.success) throw new Error(started.error);
    expect(started.data.secret).toMatch(/^[A-Z2-7]{16,}$/);
    const totp = totpOf(started.data.secret);
    expect(await browser.call(() => confirmTwoFactorAction({ code: wrongCodeFor(totp) }))).toMatchObject({
      success: false,
      error: AUTH_MESSAGES.wrongCode,
    });
    const [before] = await t.db.select({ on: user.twoFactorEnabled }).from(user).where(eq(user.id, account.id));
    expect(before!.on).toBe(false);
    const confirmed = await browser.call(() => confirmTwoFactorAction({ code: totp.generate() }));
    if (!confirmed.success) throw new Error(confirmed.error);
    expect(confirmed.data.backupCodes).toHaveLength(10);
    expect(new Set(confirmed.data.backupCodes).size).toBe(10);
    const [after] = await t.db.select({ on: user.twoFactorEnabled }).from(user).where(eq(user.id, account.id));
    expect(after!.on).toBe(true);
    // Once on, the codes are never shown again through a second confirmation.
    expect(await browser.call(() => confirmTwoFactorAction({ code: totp.generate() }))).toMatchObject({
      success: false,
      error: AUTH_MESSAGES.alreadyEnabled,
    });
    const audit = await t.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.actorUserId, account.id));
    expect(audit.map((a) => a.action)).toContain("account.two_factor_enabled");
  });

  it("keeps neither the secret nor the backup codes readable in the database", async () => {
    const account = await enrolled();
    const [row] = await t.db
      .select({ secret: twoFactor.secret, codes: twoFactor.backupCodes })
      .from(twoFactor)
      .where(eq(twoFactor.userId, account.id));
    expect(row!.secret).not.toContain(account.secret);
    for (const code of account.backupCodes) expect(row!.codes).not.toContain(code);
    // Nowhere else either: a dump of every text column of the database holds neither.
    const dump = await t.db.execute(sql`select string_agg(t::text, ' ') as all from two_factor t`);
    const text = JSON.stringify(dump);
    expect(text).not.toContain(account.secret);
    for (const code of account.backupCodes) expect(text).not.toContain(code);
  });
});

describe("sign-in with two-factor", () => {
  it("asks for a code after the password and signs in with it", async () => {
    const account = await enrolled();
    const browser = new Browser();
    expect(await browser.call(() => signInClientAction({ email: account.email, password: PASSWORD, rememberMe: false }))).toEqual({
      success: true,
      data: { redirectTo: "/client-portal", needsCode: true },
    });
    expect([...browser.jar.keys()].some((k) => k.includes("session_token"))).toBe(false);
    expect(
      await browser.call(() =>
        verifySignInCodeAction({ area: "client", method: "totp", code: nextStepCode(account.totp), trustDevice: false }),
      ),
    ).toEqual({
      success: true,
      data: { redirectTo: "/client-portal" },
    });
    expect([...browser.jar.keys()].some((k) => k.includes("session_token"))).toBe(true);
  });

  it("accepts a backup code once, and logs its use", async () => {
    const account = await enrolled();
    const code = account.backupCodes[0]!;
    const first = new Browser();
    await first.call(() => signInClientAction({ email: account.email, password: PASSWORD, rememberMe: false }));
    expect(await first.call(() => verifySignInCodeAction({ area: "client", method: "backup", code, trustDevice: false }))).toMatchObject({
      success: true,
    });
    const second = new Browser();
    await second.call(() => signInClientAction({ email: account.email, password: PASSWORD, rememberMe: false }));
    expect(await second.call(() => verifySignInCodeAction({ area: "client", method: "backup", code, trustDevice: false }))).toMatchObject({
      success: false,
      error: AUTH_MESSAGES.wrongBackupCode,
    });
    const audit = await t.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.actorUserId, account.id));
    expect(audit.map((a) => a.action)).toContain("account.backup_code_used");
  });

  it("ends the pending sign-in after 5 wrong codes", async () => {
    const account = await enrolled();
    const browser = new Browser();
    await browser.call(() => signInClientAction({ email: account.email, password: PASSWORD, rememberMe: false }));
    const wrong = wrongCodeFor(account.totp);
    for (let i = 0; i < 5; i++) {
      expect(
        await browser.call(() => verifySignInCodeAction({ area: "client", method: "totp", code: wrong, trustDevice: false })),
      ).toMatchObject({
        success: false,
        error: AUTH_MESSAGES.wrongCode,
      });
    }
    // The right code no longer helps: the pending sign-in is gone.
    const after = await browser.call(() =>
      verifySignInCodeAction({ area: "client", method: "totp", code: nextStepCode(account.totp), trustDevice: false }),
    );
    expect(after).toMatchObject({ success: false });
    expect(after.success ? "" : after.error).toMatch(/sign in again/);
  });

  it("refuses a code without a pending sign-in", async () => {
    const browser = new Browser();
    expect(
      await browser.call(() => verifySignInCodeAction({ area: "client", method: "totp", code: "123456", trustDevice: false })),
    ).toMatchObject({
      success: false,
      error: AUTH_MESSAGES.pendingExpired,
    });
  });

  it("skips the code on a device trusted for 30 days", async () => {
    const account = await enrolled();
    const browser = new Browser();
    await browser.call(() => signInClientAction({ email: account.email, password: PASSWORD, rememberMe: false }));
    await browser.call(() =>
      verifySignInCodeAction({ area: "client", method: "totp", code: nextStepCode(account.totp), trustDevice: true }),
    );
    expect([...browser.jar.keys()].some((k) => k.includes("trust_device"))).toBe(true);
    expect(await browser.call(() => signInClientAction({ email: account.email, password: PASSWORD, rememberMe: false }))).toEqual({
      success: true,
      data: { redirectTo: "/client-portal" },
    });
  });
});

describe("managing two-factor", () => {
  it("regenerating the backup codes invalidates the old set", async () => {
    const account = await enrolled();
    const regenerated = await account.browser.call(() => regenerateBackupCodesAction({ password: PASSWORD }));
    if (!regenerated.success) throw new Error(regenerated.error);
    expect(regenerated.data.backupCodes).toHaveLength(10);
    const browser = new Browser();
    await browser.call(() => signInClientAction({ email: account.email, password: PASSWORD, rememberMe: false }));
    expect(
      await browser.call(() =>
        verifySignInCodeAction({ area: "client", method: "backup", code: account.backupCodes[1]!, trustDevice: false }),
      ),
    ).toMatchObject({ success: false });
    expect(
      await browser.call(() =>
        verifySignInCodeAction({ area: "client", method: "backup", code: regenerated.data.backupCodes[0]!, trustDevice: false }),
      ),
    ).toMatchObject({ success: true });
  });

  it("disabling needs the password and a code", async () => {
    const account = await enrolled();
    expect(
      await account.browser.call(() => disableTwoFactorAction({ password: "wrong-password", code: account.totp.generate() })),
    ).toMatchObject({ success: false, error: AUTH_MESSAGES.wrongPassword });
    expect(
      await account.browser.call(() => disableTwoFactorAction({ password: PASSWORD, code: wrongCodeFor(account.totp) })),
    ).toMatchObject({ success: false, error: AUTH_MESSAGES.wrongCode });
    expect(await account.browser.call(() => disableTwoFactorAction({ password: PASSWORD, code: nextStepCode(account.totp) }))).toEqual({
      success: true,
      data: { disabled: true },
    });
    const [row] = await t.db.select({ on: user.twoFactorEnabled }).from(user).where(eq(user.id, account.id));
    expect(row!.on).toBe(false);
    const browser = new Browser();
    expect(await browser.call(() => signInClientAction({ email: account.email, password: PASSWORD, rememberMe: false }))).toEqual({
      success: true,
      data: { redirectTo: "/client-portal" },
    });
  });

  it("limits wrong codes while managing two-factor", async () => {
    const account = await enrolled();
    const wrong = wrongCodeFor(account.totp);
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await account.browser.call(() => disableTwoFactorAction({ password: PASSWORD, code: wrong })));
    expect(answers.at(-1)).toMatchObject({ success: false, code: "rate_limited", error: AUTH_MESSAGES.locked });
  });
});

describe("recovery", () => {
  it("a reset turns two-factor off, ends every session, and is audited and mailed", async () => {
    const account = await enrolled();
    await resetUserTwoFactor(t.db, { userId: account.id, actorUserId: null });
    const [row] = await t.db.select({ on: user.twoFactorEnabled }).from(user).where(eq(user.id, account.id));
    expect(row!.on).toBe(false);
    expect(await t.db.select({ id: twoFactor.id }).from(twoFactor).where(eq(twoFactor.userId, account.id))).toEqual([]);
    expect(await t.db.select({ id: session.id }).from(session).where(eq(session.userId, account.id))).toEqual([]);
    const mails = await t.db.select({ subject: emailOutbox.subject }).from(emailOutbox).where(eq(emailOutbox.toAddress, account.email));
    expect(mails.map((m) => m.subject).join()).toMatch(/two-factor sign-in was reset/);
    const audit = await t.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.entityId, account.id));
    expect(audit.map((a) => a.action)).toContain("account.two_factor_reset");
    const browser = new Browser();
    expect(await browser.call(() => signInClientAction({ email: account.email, password: PASSWORD, rememberMe: false }))).toEqual({
      success: true,
      data: { redirectTo: "/client-portal" },
    });
  });
});
