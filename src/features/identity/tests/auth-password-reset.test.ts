// The whole password-reset flow against a real database: request, mail captured from the
// transport (the outbox keeps no link once sent), link checked, password set once, sessions revoked, expiry after one hour
// (injected clock), same answers for known and unknown addresses, and the limits.
import { createHash } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AUTH_MESSAGES } from "@/features/identity/validation/sign-in";
import { session, verification } from "@/features/identity/server/schema";
import { emailOutbox } from "@/server/core/db/schema/mail";
import { DEMO_PASSWORDS, DEMO_USERS } from "@/features/demo/server/demo-data";
import { type OutgoingMail, setMailTransport } from "@/server/core/mail/mailer";
import { drainOutbox, REDACTED_BODY } from "@/server/core/mail/outbox";
import { createInvitationLink, resetLinkState } from "@/features/identity/server";
import { createCredentialUser } from "@/features/identity/server";
import { AUTH_LIMITS } from "@/features/identity/server/sign-in/brute-force";
import { requireAdmin, requireClient } from "@/features/identity/server/sessions/session";
import { requestPasswordReset, resetPasswordWithToken } from "@tests/integration/helpers/auth-actions";
import { APP_ORIGIN, authHeaders, nextTestIp, signIn } from "@tests/integration/helpers/auth";
import { setupTestDatabase } from "@tests/integration/helpers/db";

vi.mock("next/headers", async () => (await import("@tests/integration/helpers/next-headers-mock")).nextHeadersMock);
vi.mock("next/server", async (importOriginal) =>
  (await import("@tests/integration/helpers/next-headers-mock")).nextServerMock(importOriginal),
);

const t = setupTestDatabase({ seedDemo: true });

const fromIp = (ip = nextTestIp()) => new Headers({ "x-forwarded-for": ip });

/** Collects the work the action would run after responding, so a test decides when it runs. */
function deferred() {
  const tasks: (() => Promise<void>)[] = [];
  return {
    defer: (task: () => Promise<void>) => void tasks.push(task),
    run: async () => {
      for (const task of tasks.splice(0)) await task();
    },
    get pending() {
      return tasks.length;
    },
  };
}

async function outboxFor(email: string) {
  return t.db
    .select({
      id: emailOutbox.id,
      subject: emailOutbox.subject,
      text: emailOutbox.textBody,
      html: emailOutbox.htmlBody,
      createdAt: emailOutbox.createdAt,
    })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.kind, "password_reset")))
    .orderBy(emailOutbox.createdAt);
}

/** Mail handed to the transport, newest last. */
const delivered: OutgoingMail[] = [];

async function deliveredTo(email: string): Promise<OutgoingMail[]> {
  await drainOutbox(t.db);
  return delivered.filter((m) => m.to === email);
}

/** Requests a reset and returns the token from the link in the newest reset mail to that address. */
async function requestResetLink(email: string): Promise<{ url: string; token: string }> {
  const later = deferred();
  expect(await requestPasswordReset({ email }, fromIp(), later.defer)).toEqual({ success: true, data: null });
  await later.run();
  // The newest reset mail: a sign-in's new-browser notice may be delivered after it (each mail is its own job).
  const mails = await deliveredTo(email);
  const text = mails.filter((m) => m.text.includes("/reset-password?token=")).at(-1)?.text ?? "";
  const match = text.match(/(http:\/\/localhost:3000\/reset-password\?token=([A-Za-z0-9]+))/);
  expect(match, mails.map((m) => m.subject).join(" | ")).not.toBeNull();
  return { url: match![1]!, token: match![2]! };
}

const sessionsOf = async (userId: string) =>
  (
    await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(session)
      .where(eq(session.userId, userId))
  )[0]!.n;

// Mail is read from what the transport received: once sent, the outbox row no longer holds the link.
beforeEach(() => setMailTransport({ send: async (mail) => void delivered.push(mail) }));
afterEach(() => {
  vi.useRealTimers();
  setMailTransport(undefined);
});

/** Verification rows whose identifier or value contains the text (a token must never be stored). */
const storedIdentifiersContaining = async (text: string) =>
  t.db
    .select({ identifier: verification.identifier })
    .from(verification)
    .where(sql`position(${text} in ${verification.identifier}) > 0 or position(${text} in ${verification.value}) > 0`);

describe("reset tokens at rest", () => {
  it("stores no token that appears in the mailed link, and the link still works", async () => {
    const email = "hashed-token@example.com";
    const { id } = await createCredentialUser(t.db, { email, name: "Hashed", role: "client", password: "old-password" });
    const { token } = await requestResetLink(email);
    const rows = await t.db
      .select({ identifier: verification.identifier, value: verification.value })
      .from(verification)
      .where(eq(verification.value, id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.identifier).not.toContain(token);
    expect(rows[0]!.identifier).toBe(createHash("sha256").update(`reset-password:${token}`).digest("base64url"));
    expect(await storedIdentifiersContaining(token)).toEqual([]);

    expect(await resetLinkState(token)).toBe("valid");
    expect(await resetPasswordWithToken({ token, password: "new-password-1", confirmPassword: "new-password-1" }, fromIp())).toMatchObject({
      success: true,
    });
    expect((await signIn(email, "new-password-1")).response.status).toBe(200);
    // The stored hash is no link: using it as a token finds nothing.
    expect(await resetLinkState(rows[0]!.identifier.replace(/[^A-Za-z0-9]/g, ""))).toBe("invalid");
  });
});

describe("password reset flow", () => {
  it("mails a one-time link that sets the password, revokes every session and sends the client to the portal", async () => {
    const email = "reset-flow@example.com";
    const { id } = await createCredentialUser(t.db, { email, name: "Reset Flow", role: "client", password: "old-password" });
    const a = await signIn(email, "old-password");
    const b = await signIn(email, "old-password");
    expect(await sessionsOf(id)).toBe(2);

    const { url, token } = await requestResetLink(email);
    expect(url.startsWith(`${APP_ORIGIN}/reset-password?token=`)).toBe(true);
    // The second sign-in above came from a new browser and has its own mail: take the reset one.
    const mail = (await deliveredTo(email)).find((m) => m.text.includes(url));
    expect(mail!.html).toContain(url);
    expect(mail!.text).toContain("1 hour");
    expect(await resetLinkState(token)).toBe("valid");

    const result = await resetPasswordWithToken({ token, password: "brand-new-password", confirmPassword: "brand-new-password" }, fromIp());
    expect(result).toEqual({ success: true, data: { redirectTo: "/client-portal", signInEmail: null } });

    // All sessions of the user are gone, including the ones signed in before.
    expect(await sessionsOf(id)).toBe(0);
    for (const cookie of [a.cookie, b.cookie]) {
      await expect(requireClient(authHeaders(cookie))).rejects.toMatchObject({ code: "unauthorized" });
    }
    // The old password stops working, the new one works.
    expect((await signIn(email, "old-password")).response.status).toBe(401);
    expect((await signIn(email, "brand-new-password")).response.status).toBe(200);

    // The link works once.
    expect(await resetLinkState(token)).toBe("invalid");
    expect(await resetPasswordWithToken({ token, password: "third-password", confirmPassword: "third-password" }, fromIp())).toMatchObject({
      success: false,
      error: "Invalid or expired reset link. Please request a new password reset.",
    });
    expect((await signIn(email, "brand-new-password")).response.status).toBe(200);
  });

  it("sends admins to the admin login after the reset", async () => {
    const { token } = await requestResetLink(DEMO_USERS.admin.email);
    const { cookie } = await signIn(DEMO_USERS.admin.email, DEMO_PASSWORDS.admin);
    const result = await resetPasswordWithToken({ token, password: "new-admin-password", confirmPassword: "new-admin-password" }, fromIp());
    expect(result).toEqual({ success: true, data: { redirectTo: "/admin/login", signInEmail: null } });
    await expect(requireAdmin(authHeaders(cookie))).rejects.toMatchObject({ code: "unauthorized" });
    expect((await signIn(DEMO_USERS.admin.email, "new-admin-password")).response.status).toBe(200);
  });

  it("expires the link after one hour", async () => {
    const email = "reset-expiry@example.com";
    await createCredentialUser(t.db, { email, name: "Expiry", role: "client", password: "old-password" });
    const issuedAt = Date.now();
    const { token } = await requestResetLink(email);
    vi.useFakeTimers({ toFake: ["Date"] });

    vi.setSystemTime(issuedAt + 59 * 60 * 1000);
    expect(await resetLinkState(token)).toBe("valid");

    vi.setSystemTime(issuedAt + 61 * 60 * 1000);
    expect(await resetLinkState(token)).toBe("invalid");
    expect(
      await resetPasswordWithToken({ token, password: "too-late-password", confirmPassword: "too-late-password" }, fromIp()),
    ).toMatchObject({
      success: false,
      error: AUTH_MESSAGES.invalidResetLink,
    });
    vi.useRealTimers();
    expect((await signIn(email, "old-password")).response.status).toBe(200);
  });

  it("accepts invitation links: the same kind of token with a longer lifetime", async () => {
    const email = "invited-client@example.com";
    const { id } = await createCredentialUser(t.db, { email, name: "Invited", role: "client" });
    const now = Date.now();
    const { token, url } = await createInvitationLink(id, 7 * 24 * 3600);
    const short = await createInvitationLink(id, 24 * 3600);
    expect(await storedIdentifiersContaining(token)).toEqual([]);
    expect(url).toBe(`${APP_ORIGIN}/reset-password?token=${token}&invite=1`);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(now + 2 * 24 * 3600 * 1000);
    expect(await resetLinkState(token)).toBe("valid");
    expect(await resetLinkState(short.token)).toBe("invalid");
    vi.useRealTimers();
    expect(await resetPasswordWithToken({ token, password: "first-password", confirmPassword: "first-password" }, fromIp())).toEqual({
      success: true,
      // An invitee's first password: the login form that follows opens with their address.
      data: { redirectTo: "/client-portal", signInEmail: email },
    });
    expect((await signIn(email, "first-password")).response.status).toBe(200);
  });

  it("refuses missing, malformed and unknown tokens without touching any account", async () => {
    for (const token of [undefined, "", "has spaces", "x".repeat(300), "unknownTokenABCDEFGHIJKL"]) {
      expect(await resetLinkState(token)).toBe("invalid");
      expect(await resetPasswordWithToken({ token, password: "some-password", confirmPassword: "some-password" }, fromIp())).toMatchObject({
        success: false,
        error: AUTH_MESSAGES.invalidResetLink,
      });
    }
  });

  it("validates the new password like the form", async () => {
    const short = await resetPasswordWithToken({ token: "anything", password: "short", confirmPassword: "short" }, fromIp());
    expect(short).toMatchObject({ success: false, fieldErrors: { password: "Password must be at least 8 characters" } });
    const mismatch = await resetPasswordWithToken(
      { token: "anything", password: "long-enough-1", confirmPassword: "long-enough-2" },
      fromIp(),
    );
    expect(mismatch).toMatchObject({ success: false, fieldErrors: { confirmPassword: "Passwords do not match" } });
  });

  it("delivers the mail with a plain-text and an HTML part through the transport, then redacts the outbox copy", async () => {
    const email = "reset-transport@example.com";
    await createCredentialUser(t.db, { email, name: "Transport", role: "client", password: "old-password" });
    const { url } = await requestResetLink(email);
    const mail = (await deliveredTo(email)).at(-1)!;
    expect(mail.text).toContain(url);
    expect(mail.html).toContain(url.replace(/&/g, "&amp;"));
    expect(mail.html).toMatch(/^<!doctype html>/i);
    // The link is a password: once delivered, the stored copy keeps only the envelope.
    const [stored] = await outboxFor(email);
    expect(stored).toMatchObject({ text: REDACTED_BODY, html: null });
    const [row] = await t.db.select({ status: emailOutbox.status }).from(emailOutbox).where(eq(emailOutbox.id, stored!.id));
    expect(row!.status).toBe("sent");
  });
});

describe("forgot password answers", () => {
  it("are identical for known and unknown addresses, and are given before any account lookup", async () => {
    const known = deferred();
    const unknown = deferred();
    const before = (await t.db.select({ n: sql<number>`count(*)::int` }).from(emailOutbox))[0]!.n;
    const knownAnswer = await requestPasswordReset({ email: DEMO_USERS.globex.email }, fromIp(), known.defer);
    const unknownAnswer = await requestPasswordReset({ email: "no-such-user@example.com" }, fromIp(), unknown.defer);
    expect(knownAnswer).toEqual(unknownAnswer);
    expect(knownAnswer).toEqual({ success: true, data: null });
    // Nothing account-dependent has happened yet: the answer cannot depend on the account (nor its timing).
    expect(known.pending).toBe(1);
    expect(unknown.pending).toBe(1);
    expect((await t.db.select({ n: sql<number>`count(*)::int` }).from(emailOutbox))[0]!.n).toBe(before);
    await known.run();
    await unknown.run();
    expect(await outboxFor(DEMO_USERS.globex.email)).toHaveLength(1);
    expect(await outboxFor("no-such-user@example.com")).toHaveLength(0);
  });

  it("validate the address", async () => {
    const later = deferred();
    expect(await requestPasswordReset({ email: "" }, fromIp(), later.defer)).toMatchObject({
      success: false,
      fieldErrors: { email: "Email is required" },
    });
    expect(await requestPasswordReset({ email: "nope" }, fromIp(), later.defer)).toMatchObject({
      success: false,
      fieldErrors: { email: "Invalid email address" },
    });
    expect(later.pending).toBe(0);
  });

  it("are limited per IP address", async () => {
    const ip = nextTestIp();
    const later = deferred();
    const answers = [];
    for (let i = 0; i <= AUTH_LIMITS.resetRequestPerIp.max; i++) {
      answers.push(await requestPasswordReset({ email: `ip-reset-${i}@example.com` }, fromIp(ip), later.defer));
    }
    expect(answers.slice(0, -1).every((a) => a.success)).toBe(true);
    expect(answers.at(-1)).toMatchObject({ success: false, error: AUTH_MESSAGES.resetRequestRateLimited });
    expect(later.pending).toBe(AUTH_LIMITS.resetRequestPerIp.max);
  });

  it("are limited per account across addresses, the same way for known and unknown accounts", async () => {
    for (const email of [DEMO_USERS.acme.email, "unknown-limited@example.com"]) {
      const later = deferred();
      const answers = [];
      for (let i = 0; i <= AUTH_LIMITS.resetRequestPerAccount.max; i++)
        answers.push(await requestPasswordReset({ email }, fromIp(), later.defer));
      expect(answers.slice(0, -1).every((a) => a.success)).toBe(true);
      expect(answers.at(-1)).toMatchObject({ success: false, error: AUTH_MESSAGES.resetRequestRateLimited });
    }
  });
});

describe("reset submissions", () => {
  it("are limited per IP address", async () => {
    const ip = nextTestIp();
    const answers = [];
    for (let i = 0; i <= AUTH_LIMITS.resetPerIp.max; i++) {
      answers.push(
        await resetPasswordWithToken(
          { token: `guessedToken${i}`, password: "guess-password", confirmPassword: "guess-password" },
          fromIp(ip),
        ),
      );
    }
    expect(answers.slice(0, -1).every((a) => !a.success && a.error === AUTH_MESSAGES.invalidResetLink)).toBe(true);
    expect(answers.at(-1)).toMatchObject({ success: false, error: AUTH_MESSAGES.resetRateLimited });
  });
});

describe("better-auth's own reset endpoints", () => {
  it("are closed over HTTP, so the limits and the uniform answer cannot be bypassed", async () => {
    const { POST } = await import("@/app/api/auth/[...all]/route");
    for (const [path, body] of [
      ["/api/auth/request-password-reset", { email: DEMO_USERS.acme.email }],
      ["/api/auth/reset-password", { token: "x", newPassword: "new-password-123" }],
    ] as const) {
      const response = await POST(
        new Request(`${APP_ORIGIN}${path}`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: APP_ORIGIN, "x-forwarded-for": nextTestIp() },
          body: JSON.stringify(body),
        }),
      );
      expect(response.status, path).toBe(404);
    }
  });
});
