// Failed mail on the admin dashboard: the list (recipient, subject, attempts, last error), the
// Retry action (admin only, audited, back to pending with fresh attempts, delivered by the kick),
// and the refusals (not failed, link expired, unknown id, bad id).
import { eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { retryFailedMailAction } from "@/features/operations/actions/admin";
import { auditLog } from "@/features/audit/server/schema";
import { emailOutbox } from "@/server/core/db/schema/mail";
import { type OutgoingMail, setMailTransport } from "@/server/core/mail/mailer";
import { listFailedMails } from "@/features/operations/server";
import { authHeaders } from "@tests/integration/helpers/auth";
import { adminActor, adminCookie, clientCookie } from "@tests/integration/helpers/admin-session";
import { setupTestDatabase } from "@tests/integration/helpers/db";
import { drainOutbox } from "@/server/core/mail/outbox";
import { requestHeaders } from "@tests/integration/helpers/next-headers-mock";

vi.mock("next/headers", async () => (await import("@tests/integration/helpers/next-headers-mock")).nextHeadersMock);
const t = setupTestDatabase({ seedDemo: true });

const delivered: OutgoingMail[] = [];
beforeEach(() => setMailTransport({ send: async (mail) => void delivered.push(mail) }));
afterEach(async () => {
  setMailTransport(undefined);
  requestHeaders.current = new Headers();
});

let counter = 0;
async function failedMail(overrides: Partial<typeof emailOutbox.$inferInsert> = {}): Promise<string> {
  counter += 1;
  const [row] = await t.db
    .insert(emailOutbox)
    .values({
      toAddress: `failed${counter}@example.com`,
      subject: `Failed message ${counter}`,
      textBody: "Hello",
      kind: "test",
      status: "failed",
      attempts: 8,
      lastError: "421 try again later",
      ...overrides,
    })
    .returning({ id: emailOutbox.id });
  return row!.id;
}

const rowOf = async (id: string) =>
  (await t.db.select({ status: emailOutbox.status, attempts: emailOutbox.attempts }).from(emailOutbox).where(eq(emailOutbox.id, id)))[0];

describe("the failed-mail list", () => {
  it("counts and lists failed messages with recipient, subject, attempts and last error, and nothing else", async () => {
    const actor = await adminActor();
    const before = await listFailedMails(t.db, { actor });
    const id = await failedMail();
    await t.db.insert(emailOutbox).values({ toAddress: "ok@example.com", subject: "Fine", textBody: "x", kind: "test", status: "sent" });
    const after = await listFailedMails(t.db, { actor });
    expect(after.total).toBe(before.total + 1);
    expect(after.mails.find((m) => m.id === id)).toMatchObject({
      toAddress: `failed${counter}@example.com`,
      subject: `Failed message ${counter}`,
      attempts: 8,
      lastError: "421 try again later",
      canRetry: true,
    });
    expect(after.mails.some((m) => m.subject === "Fine")).toBe(false);
  });

  it("is for admins only", async () => {
    await expect(listFailedMails(t.db, { actor: { role: "client" } as never })).rejects.toThrow();
  });
});

describe("Retry", () => {
  it("puts the message back to pending with attempts reset, records it in the audit log and delivers it", async () => {
    requestHeaders.current = authHeaders(await adminCookie());
    const id = await failedMail();
    expect(await retryFailedMailAction({ mailId: id })).toEqual({ success: true, data: { status: "pending" } });
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(entry).toMatchObject({
      action: "mail.retry",
      entityType: "email_outbox",
      before: { status: "failed", attempts: 8, lastError: "421 try again later" },
      after: { status: "pending", attempts: 0 },
    });
    // The action sent the message's job with the change: one fresh attempt, delivered.
    await drainOutbox(t.db);
    expect(await rowOf(id)).toEqual({ status: "sent", attempts: 1 });
    expect(delivered.filter((m) => m.subject === `Failed message ${counter}`)).toHaveLength(1);
    // It is no longer failed, so a second Retry is refused.
    expect(await retryFailedMailAction({ mailId: id })).toMatchObject({
      success: false,
      error: "This message is not failed (it is sent).",
    });
  });

  it("is refused for anonymous callers and clients, and changes nothing", async () => {
    const id = await failedMail();
    requestHeaders.current = new Headers();
    const anonymous = await retryFailedMailAction({ mailId: id });
    expect(anonymous.success).toBe(false);
    requestHeaders.current = authHeaders(await clientCookie());
    const client = await retryFailedMailAction({ mailId: id });
    expect(client.success).toBe(false);
    expect(await rowOf(id)).toEqual({ status: "failed", attempts: 8 });
    const audit = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(eq(auditLog.entityId, id));
    expect(audit[0]!.n).toBe(0);
  });

  it("refuses a message whose one-time link has expired, and says what to do instead", async () => {
    requestHeaders.current = authHeaders(await adminCookie());
    const id = await failedMail({ kind: "password_reset", secretLinkExpiresAt: new Date(Date.now() - 60_000) });
    const actor = await adminActor();
    expect((await listFailedMails(t.db, { actor })).mails.find((m) => m.id === id)?.canRetry).toBe(false);
    expect(await retryFailedMailAction({ mailId: id })).toMatchObject({
      success: false,
      error: "The link in this message has expired: send a new invitation or password reset instead.",
    });
    expect(await rowOf(id)).toEqual({ status: "failed", attempts: 8 });
  });

  it("answers unknown and malformed ids with a clear message", async () => {
    requestHeaders.current = authHeaders(await adminCookie());
    expect(await retryFailedMailAction({ mailId: "00000000-0000-4000-8000-000000000999" })).toMatchObject({
      success: false,
      error: "Message not found",
    });
    const bad = await retryFailedMailAction({ mailId: "not-a-uuid" });
    expect(bad.success).toBe(false);
    expect(bad.success ? "" : bad.error).not.toMatch(/something went wrong/i);
  });
});
