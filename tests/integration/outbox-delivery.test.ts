// The mail outbox against a real SMTP server (smtp-server on 127.0.0.1) and a real database, each
// message a job of the engine sent with its row: two runners at once send each of 200 messages
// exactly once, an SMTP outage keeps everything queued and retried, a job sent twice for one
// message sends it once, and the last failed attempt leaves a message `failed` and its job in the
// dead letters.
import { eq, inArray } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type DbHandle, openPostgres } from "@/server/core/db/client";
import { emailOutbox } from "@/server/core/db/schema/mail";
import { resetServerEnv } from "@/server/core/env";
import { setMailTransport } from "@/server/core/mail/mailer";
import { DEAD_LETTER_QUEUE } from "@/server/core/jobs/job";
import { runningJobSender } from "@/server/core/jobs/send";
import { drainOutbox, enqueueEmail, MAX_ATTEMPTS, mailSendJob, queueMailJobs, REDACTED_BODY } from "@/server/core/mail/outbox";
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
  await t.db.delete(emailOutbox);
  sink.received.length = 0;
});
afterAll(async () => {
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
        // Each message's job fails once per round (its back-off taken early) and is retried.
        expect(await drainOutbox(t.db, { early: true })).toEqual({ sent: 0, failed: 20 });
      }
      const rows = await statuses();
      expect(rows).toHaveLength(20);
      expect(rows.every((r) => r.status === "pending" && r.attempts === 3 && r.lastError !== null)).toBe(true);
      expect(3).toBeLessThan(MAX_ATTEMPTS);
      // Not due yet: the back-off holds them.
      expect(await drainOutbox(t.db)).toEqual({ sent: 0, failed: 0 });
    } finally {
      await sink.listen();
    }
    expect(await drainOutbox(t.db, { early: true })).toEqual({ sent: 20, failed: 0 });
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

describe("one job per message", () => {
  it("sends a message once when its job is sent again while the first waits, or after it was sent", async () => {
    const id = await enqueueEmail(t.db, { to: "once@example.com", subject: "Once", text: "x", kind: "test" });
    await queueMailJobs(t.db, [id]);
    expect(await drainOutbox(t.db)).toEqual({ sent: 1, failed: 0 });
    // A job for a message already sent (a run cut off before pg-boss heard of it) sends nothing.
    await queueMailJobs(t.db, [id]);
    expect(await drainOutbox(t.db)).toEqual({ sent: 0, failed: 0 });
    expect(sink.received.filter((m) => m.subject === "Once")).toHaveLength(1);
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
        expect(await drainOutbox(t.db, { early: true })).toEqual({ sent: 0, failed: 1 });
        const [row] = await t.db.select({ status: emailOutbox.status }).from(emailOutbox).where(eq(emailOutbox.id, id));
        expect(row!.status).toBe(attempt < MAX_ATTEMPTS ? "pending" : "failed");
      }
      expect(await drainOutbox(t.db, { early: true })).toEqual({ sent: 0, failed: 0 });
      const [row] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
      expect(row).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS, lastError: "550 mailbox unavailable" });
      // Its job is failed, and a copy waits in the dead letters.
      const boss = runningJobSender()!;
      const [job] = await boss.findJobs(mailSendJob.name, { key: id });
      expect(job?.state).toBe("failed");
      const dead = await boss.findJobs(DEAD_LETTER_QUEUE);
      expect(dead.some((d) => (d.data as { id?: string }).id === id)).toBe(true);
    } finally {
      setMailTransport(undefined);
    }
  });
});
