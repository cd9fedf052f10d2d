// The mail outbox against a real SMTP server (smtp-server on 127.0.0.1) and a real database: two
// drainers at once send each of 200 messages exactly once, an SMTP outage keeps everything queued
// without using up the attempts, the in-process drain never overlaps itself, and the last failed
// attempt leaves a message `failed` for good.
import { eq, inArray, like, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type DbHandle, openPostgres } from "@/server/core/db/client";
import { emailOutbox } from "@/server/core/db/schema";
import { resetServerEnv } from "@/server/core/env";
import { setMailTransport } from "@/server/core/mail/mailer";
import { drainOutbox, enqueueEmail, kickOutbox, MAX_ATTEMPTS, outboxIdle, REDACTED_BODY, runOutboxDrain } from "@/server/core/mail/outbox";
import { setupTestDatabase, usingPostgres } from "./helpers/db";
import { startSmtpSink, type SmtpSink } from "./helpers/smtp-sink";

const t = setupTestDatabase();
let sink: SmtpSink;
let secondHandle: DbHandle | undefined;

beforeAll(async () => {
  sink = await startSmtpSink();
  process.env.SMTP_URL = sink.url;
  resetServerEnv();
  setMailTransport(undefined); // built from SMTP_URL on first use
});
afterEach(async () => {
  await outboxIdle();
  await t.db.delete(emailOutbox);
  sink.received.length = 0;
});
afterAll(async () => {
  await outboxIdle();
  await secondHandle?.close();
  await sink.close();
  delete process.env.SMTP_URL;
  resetServerEnv();
  setMailTransport(undefined);
});

async function enqueueMany(prefix: string, n: number): Promise<void> {
  for (let i = 0; i < n; i++) {
    await enqueueEmail(t.db, { to: `user${i}@example.com`, subject: `${prefix} ${i}`, text: `Body ${i}`, kind: "test" });
  }
}

/** Makes every pending message due now, as if its backoff had passed. */
async function makeDue(): Promise<void> {
  await t.db
    .update(emailOutbox)
    .set({ nextAttemptAt: sql`now() - interval '1 second'` })
    .where(eq(emailOutbox.status, "pending"));
}

async function statuses() {
  return t.db.select({ status: emailOutbox.status, attempts: emailOutbox.attempts, lastError: emailOutbox.lastError }).from(emailOutbox);
}

/** A second database handle, as a second instance would have (PostgreSQL: its own pool). */
function otherInstanceDb() {
  if (!usingPostgres) return t.db; // PGlite allows one handle per process: two loops share it
  const url = (t.handle.pool as unknown as { options: { connectionString: string } }).options.connectionString;
  secondHandle ??= openPostgres(url, 4);
  return secondHandle.db;
}

describe("outbox delivery over SMTP", () => {
  it("sends each of 200 queued messages exactly once with two drainers running at once", async () => {
    await enqueueMany("Batch", 200);
    const [a, b] = await Promise.all([drainOutbox(t.db), drainOutbox(otherInstanceDb())]);

    expect(a.sent + b.sent).toBe(200);
    expect(a.failed + b.failed).toBe(0);
    // Both really took part (otherwise this would not test concurrency at all).
    expect(a.sent).toBeGreaterThan(0);
    expect(b.sent).toBeGreaterThan(0);
    const subjects = sink.received.map((m) => m.subject);
    expect(subjects).toHaveLength(200);
    expect(new Set(subjects).size).toBe(200);
    const rows = await statuses();
    expect(rows.every((r) => r.status === "sent" && r.attempts === 1)).toBe(true);
  });

  it("keeps every message queued while the SMTP server is down, then delivers each once when it is back", async () => {
    await enqueueMany("Outage", 20);
    await sink.close();
    try {
      for (let round = 0; round < 3; round++) {
        await makeDue();
        const result = await drainOutbox(t.db);
        // Connection refused: the drain stops at the first message instead of spending every
        // message's attempts on a server that is down.
        expect(result).toEqual({ sent: 0, failed: 1 });
      }
      const rows = await statuses();
      expect(rows).toHaveLength(20);
      expect(rows.every((r) => r.status === "pending")).toBe(true);
      expect(rows.reduce((sum, r) => sum + r.attempts, 0)).toBe(3);
      expect(Math.max(...rows.map((r) => r.attempts))).toBeLessThan(MAX_ATTEMPTS);
      expect(rows.filter((r) => r.lastError !== null).length).toBeGreaterThan(0);
    } finally {
      await sink.listen();
    }
    await makeDue();
    expect(await drainOutbox(t.db)).toEqual({ sent: 20, failed: 0 });
    const subjects = sink.received.map((m) => m.subject).sort();
    expect(subjects).toEqual(Array.from({ length: 20 }, (_, i) => `Outage ${i}`).sort());
    expect((await statuses()).every((r) => r.status === "sent")).toBe(true);
  });

  it("redacts the body of a message carrying a one-time link once it is sent, and keeps other bodies", async () => {
    const secret = await enqueueEmail(t.db, {
      to: "invitee@example.com",
      subject: "Set your password",
      text: "Use https://app.test/reset-password?token=SECRET123",
      html: "<a href='https://app.test/reset-password?token=SECRET123'>Set</a>",
      kind: "client_invitation",
      secretLinkExpiresAt: new Date(Date.now() + 3600_000),
    });
    const plain = await enqueueEmail(t.db, {
      to: "visitor@example.com",
      subject: "Thanks",
      text: "We got your message",
      kind: "contact_acknowledgement",
    });
    expect(await drainOutbox(t.db)).toEqual({ sent: 2, failed: 0 });

    expect(sink.received.find((m) => m.to === "invitee@example.com")?.raw).toContain("SECRET123");
    const rows = await t.db
      .select({ id: emailOutbox.id, status: emailOutbox.status, text: emailOutbox.textBody, html: emailOutbox.htmlBody })
      .from(emailOutbox)
      .where(inArray(emailOutbox.id, [secret, plain]));
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(secret)).toMatchObject({ status: "sent", text: REDACTED_BODY, html: null });
    expect(byId.get(plain)).toMatchObject({ status: "sent", text: "We got your message" });
  });
});

describe("the in-process drain", () => {
  it("never overlaps: the timer's drain and kicks share one run, and mail queued during it still goes out", async () => {
    let active = 0;
    let maxActive = 0;
    const subjects: string[] = [];
    setMailTransport({
      send: async (mail) => {
        active++;
        maxActive = Math.max(maxActive, active);
        await new Promise((r) => setTimeout(r, 5));
        subjects.push(mail.subject);
        active--;
      },
    });
    try {
      await enqueueMany("Guard", 10);
      const first = runOutboxDrain(t.db);
      kickOutbox(t.db);
      kickOutbox(t.db);
      const second = runOutboxDrain(t.db);
      expect(second).toBe(first);
      await enqueueEmail(t.db, { to: "late@example.com", subject: "Guard late", text: "x", kind: "test" });
      kickOutbox(t.db);
      await first;
      await outboxIdle();
      expect(maxActive).toBe(1);
      expect(subjects.sort()).toEqual([...Array.from({ length: 10 }, (_, i) => `Guard ${i}`), "Guard late"].sort());
    } finally {
      setMailTransport(undefined);
    }
  });
});

describe("after the last attempt", () => {
  it("marks the message failed with its last error, and later drains leave it alone", async () => {
    setMailTransport({
      send: async () => {
        throw new Error("550 mailbox unavailable");
      },
    });
    try {
      const id = await enqueueEmail(t.db, { to: "gone@example.com", subject: "Doomed", text: "x", kind: "test" });
      for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
        await makeDue();
        expect(await drainOutbox(t.db)).toEqual({ sent: 0, failed: 1 });
        const [row] = await t.db.select({ status: emailOutbox.status }).from(emailOutbox).where(eq(emailOutbox.id, id));
        expect(row!.status).toBe(attempt < MAX_ATTEMPTS ? "pending" : "failed");
      }
      await t.db
        .update(emailOutbox)
        .set({ nextAttemptAt: sql`now() - interval '1 day'` })
        .where(like(emailOutbox.subject, "Doomed"));
      expect(await drainOutbox(t.db)).toEqual({ sent: 0, failed: 0 });
      const [row] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
      expect(row).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS, lastError: "550 mailbox unavailable" });
    } finally {
      setMailTransport(undefined);
    }
  });
});
