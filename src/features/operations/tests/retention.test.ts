// The daily retention on a real database: old rate-limit rows, webhook event ids, delivered mail
// bodies, expired one-time links, expired verification rows and expired sessions go; recent rows, envelopes and (by default) the audit log stay;
// it runs at most once a day even when several instances ask at the same moment.
import { randomUUID } from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { type Db, openPostgres } from "@/server/core/db/client";
import { auditLog } from "@/features/audit/server/schema";
import { rateLimit, session, user, verification } from "@/features/identity/server/schema";
import { taskRuns } from "@/features/operations/server/schema";
import { squareWebhookEvents } from "@/features/square/server/schema";
import { emailOutbox } from "@/server/core/db/schema/mail";
import { REDACTED_BODY } from "@/server/core/mail/outbox";
import { PRUNED_BODY, pruneOldData, runRetentionIfDue } from "@/features/operations/server/retention";
import { setupTestDatabase, usingPostgres } from "@tests/integration/helpers/db";

const t = setupTestDatabase();
const DAY = 24 * 60 * 60 * 1000;
const ago = (ms: number) => new Date(Date.now() - ms);

beforeEach(async () => {
  await t.db.delete(taskRuns);
  await t.db.delete(rateLimit);
  await t.db.delete(squareWebhookEvents);
  await t.db.delete(emailOutbox);
  await t.db.delete(auditLog);
  await t.db.delete(verification);
});

async function insertFixtures() {
  await t.db.insert(rateLimit).values([
    { id: randomUUID(), key: "old-window", count: 3, lastRequest: Date.now() - 2 * DAY },
    { id: randomUUID(), key: "live-window", count: 3, lastRequest: Date.now() - 30_000 },
  ]);
  await t.db.insert(squareWebhookEvents).values([
    { eventId: "evt-old", eventType: "invoice.updated", receivedAt: ago(31 * DAY) },
    { eventId: "evt-new", eventType: "invoice.updated", receivedAt: ago(29 * DAY) },
  ]);
  const mails = await t.db
    .insert(emailOutbox)
    .values([
      {
        toAddress: "a@example.com",
        subject: "Old sent",
        textBody: "old body",
        htmlBody: "<p>old</p>",
        kind: "test",
        status: "sent",
        sentAt: ago(31 * DAY),
      },
      { toAddress: "b@example.com", subject: "Recent sent", textBody: "recent body", kind: "test", status: "sent", sentAt: ago(2 * DAY) },
      {
        toAddress: "c@example.com",
        subject: "Old pending",
        textBody: "pending body",
        kind: "test",
        status: "pending",
        createdAt: ago(40 * DAY),
      },
      {
        toAddress: "d@example.com",
        subject: "Expired failed reset",
        textBody: "token=EXPIRED",
        kind: "password_reset",
        status: "failed",
        secretLinkExpiresAt: ago(DAY),
      },
      {
        toAddress: "e@example.com",
        subject: "Live failed invitation",
        textBody: "token=LIVE",
        kind: "client_invitation",
        status: "failed",
        secretLinkExpiresAt: new Date(Date.now() + 3 * DAY),
      },
    ])
    .returning({ subject: emailOutbox.subject, id: emailOutbox.id });
  await t.db.insert(auditLog).values([
    { action: "old.thing", entityType: "test", createdAt: ago(400 * DAY) },
    { action: "new.thing", entityType: "test", createdAt: ago(DAY) },
  ]);
  // better-auth's one-time rows: reset and invitation tokens (stored hashed), pending two-factor
  // sign-ins, trusted devices. Each carries its expiry; nothing of better-auth's removes them.
  await t.db.insert(verification).values([
    { id: randomUUID(), identifier: "hashed-reset-password-expired", value: "user-1", expiresAt: ago(60_000) },
    { id: randomUUID(), identifier: "hashed-invitation-expired", value: "user-2", expiresAt: ago(2 * DAY) },
    { id: randomUUID(), identifier: "2fa-pending-sign-in-expired", value: "user-3", expiresAt: ago(10 * 60_000) },
    { id: randomUUID(), identifier: "trust-device-expired", value: "user-4", expiresAt: ago(31 * DAY) },
    { id: randomUUID(), identifier: "hashed-invitation-live", value: "user-5", expiresAt: new Date(Date.now() + 6 * DAY) },
    { id: randomUUID(), identifier: "trust-device-live", value: "user-6", expiresAt: new Date(Date.now() + 29 * DAY) },
  ]);
  return new Map(mails.map((m) => [m.subject, m.id]));
}

async function bodies() {
  const rows = await t.db
    .select({ subject: emailOutbox.subject, text: emailOutbox.textBody, html: emailOutbox.htmlBody })
    .from(emailOutbox);
  return Object.fromEntries(rows.map((r) => [r.subject, { text: r.text, html: r.html }]));
}

describe("retention", () => {
  it("prunes what is past its time and keeps the rest; the audit log stays without AUDIT_RETENTION_DAYS", async () => {
    await insertFixtures();
    const result = await runRetentionIfDue(t.db);
    expect(result).toEqual({
      rateLimits: 1,
      webhookEvents: 1,
      outboxBodies: 1,
      expiredLinkBodies: 1,
      auditRows: 0,
      verifications: 4,
      sessions: 0,
    });

    expect((await t.db.select({ key: rateLimit.key }).from(rateLimit)).map((r) => r.key)).toEqual(["live-window"]);
    expect((await t.db.select({ id: squareWebhookEvents.eventId }).from(squareWebhookEvents)).map((r) => r.id)).toEqual(["evt-new"]);
    expect(await bodies()).toEqual({
      "Old sent": { text: PRUNED_BODY, html: null },
      "Recent sent": { text: "recent body", html: null },
      "Old pending": { text: "pending body", html: null },
      "Expired failed reset": { text: REDACTED_BODY, html: null },
      "Live failed invitation": { text: "token=LIVE", html: null },
    });
    // Envelopes stay: five rows, as before.
    expect(await t.db.select({ n: sql<number>`count(*)::int` }).from(emailOutbox)).toEqual([{ n: 5 }]);
    expect((await t.db.select({ action: auditLog.action }).from(auditLog)).map((r) => r.action).sort()).toEqual(["new.thing", "old.thing"]);
  });

  it("removes expired verification rows (reset and invitation tokens, pending two-factor sign-ins, trusted devices) and keeps live ones", async () => {
    await insertFixtures();
    expect((await pruneOldData(t.db)).verifications).toBe(4);
    const left = await t.db.select({ identifier: verification.identifier }).from(verification);
    expect(left.map((r) => r.identifier).sort()).toEqual(["hashed-invitation-live", "trust-device-live"]);
  });

  it("removes expired sessions and keeps live ones", async () => {
    const userId = `retention-${randomUUID()}`;
    await t.db.insert(user).values({ id: userId, name: "Old Browser", email: `${userId}@example.com` });
    await t.db.insert(session).values([
      { id: `${userId}-expired`, token: randomUUID(), userId, expiresAt: ago(60_000), userAgent: "closed laptop" },
      { id: `${userId}-long-expired`, token: randomUUID(), userId, expiresAt: ago(40 * DAY) },
      { id: `${userId}-live`, token: randomUUID(), userId, expiresAt: new Date(Date.now() + DAY) },
    ]);
    expect((await pruneOldData(t.db)).sessions).toBe(2);
    const left = await t.db.select({ id: session.id }).from(session).where(eq(session.userId, userId));
    expect(left.map((r) => r.id)).toEqual([`${userId}-live`]);
  });

  it("prunes audit rows older than AUDIT_RETENTION_DAYS when it is set", async () => {
    await insertFixtures();
    const result = await pruneOldData(t.db, new Date(), 365);
    expect(result.auditRows).toBe(1);
    expect((await t.db.select({ action: auditLog.action }).from(auditLog)).map((r) => r.action)).toEqual(["new.thing"]);
  });

  it("runs at most once a day, and again once a day has passed", async () => {
    await insertFixtures();
    expect(await runRetentionIfDue(t.db)).not.toBeNull();
    await t.db.insert(squareWebhookEvents).values({ eventId: "evt-old-2", eventType: "x", receivedAt: ago(40 * DAY) });
    expect(await runRetentionIfDue(t.db)).toBeNull();
    expect(
      await t.db.select({ id: squareWebhookEvents.eventId }).from(squareWebhookEvents).where(eq(squareWebhookEvents.eventId, "evt-old-2")),
    ).toHaveLength(1);

    await t.db.update(taskRuns).set({ lastRunAt: ago(DAY) });
    expect(await runRetentionIfDue(t.db)).toMatchObject({ webhookEvents: 1 });
  });

  it("runs once when several instances ask at the same moment", async () => {
    await insertFixtures();
    // PostgreSQL: separate pools, as separate instances. PGlite has one connection per process.
    const url = usingPostgres ? (t.handle.pool as unknown as { options: { connectionString: string } }).options.connectionString : "";
    const others = usingPostgres ? [openPostgres(url, 2), openPostgres(url, 2)] : [];
    try {
      const dbs: Db[] = usingPostgres ? [t.db, ...others.map((h) => h.db)] : [t.db, t.db, t.db];
      const results = await Promise.all(dbs.map((db) => runRetentionIfDue(db)));
      expect(results.filter((r) => r !== null)).toHaveLength(1);
      const runs = await t.db
        .select({ name: taskRuns.name })
        .from(taskRuns)
        .where(inArray(taskRuns.name, ["retention"]));
      expect(runs).toHaveLength(1);
    } finally {
      await Promise.all(others.map((h) => h.close()));
    }
  });
});
